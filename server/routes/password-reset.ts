import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import type { LoginThrottle } from '../auth/login-throttle.ts'
import { hashPassword, type ScryptCost } from '../auth/password.ts'
import {
  accountKeyOf,
  hashResetToken,
  newResetToken,
  RESET_LIFETIME_MS,
  RESETS_KEPT_MS,
  type PasswordResetStore,
  type RefusedStatus,
} from '../auth/password-resets.ts'
import type { Sessions } from '../auth/sessions.ts'
import type { Clock } from '../clock.ts'
import { jsonBody } from '../http/body.ts'
import { requireClient } from '../http/client-address.ts'
import { Refusal, tooMany } from '../http/refusal.ts'
import { spend, type AttemptLog } from '../limits/attempt-log.ts'
import { DEFAULT_CLIENT_LIMITS, type ClientLimits } from '../limits/limit-settings.ts'
import { passwordResetMail } from '../mail/reset-mail.ts'
import type { MailSeal } from '../mail/sealed-mail.ts'
import type { Logger } from '../observability/logger.ts'
import type { Metrics } from '../observability/metrics.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import { newPassword } from '../users/user.schema.ts'
import type { UserStore } from '../users/user-store.ts'
import { expiresInMins } from './auth.ts'
import type { signInAnswers } from './sign-in-answer.ts'

/**
 * What one address and one account may ask for (decisions.md § Password reset): requests per
 * address, then 429 whatever the email (not for TRUSTED_CLIENTS); mails per account, past which
 * the same answer and no mail (for every client).
 */
export type ResetLimits = Pick<ClientLimits, 'resetRequestsPerAddress' | 'resetMailsPerAccount'>

/** rules.md § Password reset: the one answer, whether an account has the address or not. */
export const RESET_REQUESTED = 'If an account uses that address, we have sent it a link'
const TOO_MANY = 'Too many password reset requests from this address, please try again later'
/** Why a link cannot reset a password, as the answer's `status` and `message`. */
export const LINK_REFUSED: Record<RefusedStatus, string> = {
  expired: 'This link has expired',
  used: 'This link was already used',
  invalid: 'This link is not valid',
}

const EMAIL_REQUIRED = 'Email is required'
const forgotSchema = v.object(
  {
    email: v.pipe(
      v.string(EMAIL_REQUIRED),
      v.trim(),
      v.nonEmpty(EMAIL_REQUIRED),
      v.maxLength(254, 'Email is not valid'),
      v.email('Email is not valid'),
    ),
  },
  EMAIL_REQUIRED,
)

const TOKEN_REQUIRED = 'Token is required'
// Any text up to a length: one that is not a token we gave is an invalid link, not a bad request.
const token = v.pipe(v.string(TOKEN_REQUIRED), v.nonEmpty(TOKEN_REQUIRED), v.maxLength(200))
const checkSchema = v.object({ token }, TOKEN_REQUIRED)
const resetSchema = v.object({ token, password: newPassword, expiresInMins }, (issue) =>
  issue.path?.at(-1)?.key === 'password' ? 'Password is required' : TOKEN_REQUIRED,
)

const refusedLink = (status: RefusedStatus) =>
  new Refusal(400, LINK_REFUSED[status], { fields: { status } })

export interface PasswordResetDeps {
  users: UserStore
  resets: PasswordResetStore
  /** Where requests per client are counted (the attempts' log, in the database). */
  attempts: AttemptLog
  /** TRUSTED_CLIENTS: requests not counted per address. */
  trusted?: (client: string) => boolean
  /** Counts a refusal. */
  refused?: () => void
  sessions: Sessions
  throttle: LoginThrottle
  signIn: ReturnType<typeof signInAnswers>['signIn']
  seal: MailSeal
  clock: Clock
  /** The site's public origin (SITE_URL, or the request's), for the link. */
  originOf: (c: Context) => string
  brand: string
  scryptCost?: ScryptCost
  limits?: Partial<ResetLimits>
  metrics?: Pick<Metrics, 'sessionsEnded'>
  /** Lines of requests the site did not hand in (tests'); the site's carry its request id. */
  logger?: Logger
}

type Env = { Bindings: Partial<RequestRecord> }

/**
 * ours: a forgotten password reset by a link mailed to the account's address (docs/api.md
 * § Password reset; decisions.md § Password reset), mounted under /auth.
 */
export function passwordResetRoutes({
  users,
  resets,
  attempts,
  sessions,
  throttle,
  signIn,
  seal,
  clock,
  originOf,
  brand,
  scryptCost,
  limits = {},
  trusted = () => false,
  refused,
  metrics,
  logger,
}: PasswordResetDeps) {
  const { resetRequestsPerAddress, resetMailsPerAccount } = { ...DEFAULT_CLIENT_LIMITS, ...limits }
  let prunedAt = -Infinity

  return new Hono<Env>()
    .post('/forgot-password', jsonBody(forgotSchema), async (c) => {
      const { email } = c.req.valid('json')
      const client = requireClient(c)
      const now = clock.now()
      if (now - prunedAt >= 60 * 60_000) {
        prunedAt = now
        await resets.prune(now - RESETS_KEPT_MS)
      }
      // Per address first, whatever the email: a 429 says nothing of who has an account.
      const wait = trusted(client)
        ? undefined
        : await spend(attempts, `forgot:${client}`, resetRequestsPerAddress, now)
      if (wait !== undefined) {
        refused?.()
        throw tooMany(TOO_MANY, wait)
      }
      // From here an address no account has takes the same steps as one that has: a token made,
      // a mail written and sealed, one transaction that counts and records it; only the mail's
      // insert is left out (server/auth/password-resets.ts).
      const user = await users.findByEmail(email)
      const secret = newResetToken()
      const mail = passwordResetMail(
        {
          to: user?.email ?? email,
          firstName: user?.firstName ?? '',
          origin: originOf(c),
          token: secret,
          minutes: RESET_LIFETIME_MS / 60_000,
        },
        { brand },
      )
      await resets.request({
        accountKey: accountKeyOf(email),
        userId: user?.id ?? null,
        tokenHash: hashResetToken(secret),
        at: now,
        expiresAt: now + RESET_LIFETIME_MS,
        since: now - resetMailsPerAccount.windowMs,
        limit: resetMailsPerAccount.limit,
        mail: seal.seal(mail),
      })
      return c.json({ message: RESET_REQUESTED }, 202)
    })
    .post('/reset-password/check', jsonBody(checkSchema), async (c) => {
      const status = await resets.status(hashResetToken(c.req.valid('json').token), clock.now())
      if (status !== 'valid') throw refusedLink(status)
      return c.json({ status })
    })
    .post('/reset-password', jsonBody(resetSchema), async (c) => {
      const { token: secret, password, expiresInMins: minutes } = c.req.valid('json')
      const tokenHash = hashResetToken(secret)
      // A link that cannot work costs no hash.
      const before = await resets.status(tokenHash, clock.now())
      if (before !== 'valid') throw refusedLink(before)
      const passwordHash = await hashPassword(password, scryptCost)
      // Spent, the account's other links ended and the password set, at once (or not at all).
      const spent = await resets.consume(tokenHash, clock.now(), passwordHash)
      if ('refused' in spent) throw refusedLink(spent.refused)
      const user = await users.findById(spent.userId)
      if (!user) throw refusedLink('invalid')
      // Signed in here, and nowhere else any longer: whoever had the old password is signed out.
      const { session, answer } = await signIn(user, c, minutes)
      await sessions.endOthers(user.id, session.id)
      metrics?.sessionsEnded.inc({ reason: 'password-reset' })
      await throttle.forgive(user.username, requireClient(c))
      loggerOf(c.env, logger).info({ user: user.id }, 'password reset: every other session ended')
      return c.json(answer)
    })
}
