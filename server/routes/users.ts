import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { Authenticate } from '../auth/authenticate.ts'
import type { PasswordCheck } from '../auth/password-check.ts'
import type { PasswordResetStore } from '../auth/password-resets.ts'
import type { SessionRecord, Sessions } from '../auth/sessions.ts'
import type { Clock } from '../clock.ts'
import { jsonBody } from '../http/body.ts'
import { requireClient } from '../http/client-address.ts'
import { emailChangedMail } from '../mail/account-mail.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { Outbox } from '../mail/outbox.ts'
import type { RequestRecord } from '../observability/request-log.ts'
import type { AccountLimiter } from '../users/account-limits.ts'
import type { Accounts } from '../users/accounts.ts'
import type { PublicUser } from '../users/public-user.ts'
import { newUserSchema, userChangesSchema } from '../users/user.schema.ts'
import type { UserRecord, UserStore } from '../users/user-store.ts'

export interface UserRoutesDeps {
  users: UserStore
  accounts: Accounts
  /** What one address may do with accounts: registrations and taken-name answers. */
  limits: AccountLimiter
  sessions: Sessions
  /** The reset links a new password or email ends. */
  resets: Pick<PasswordResetStore, 'endAllOf'>
  /** Where the mail to an account's old address goes when its email changes. */
  outbox: Pick<Outbox, 'queue'>
  /** The shop's name in the mail. */
  brand: string
  authenticate: Authenticate
  checkPassword: PasswordCheck
  present: (user: UserRecord, c: Context) => PublicUser
  clock: Clock
  metrics?: Pick<Metrics, 'sessionsEnded'>
}

/** rules.md § Validation rules: the profile's Current Password, checked by the server. */
export const CURRENT_PASSWORD = {
  required: 'Current password is required',
  wrong: "Current password doesn't match",
} as const

type Env = { Bindings: Partial<RequestRecord> }

export function userRoutes({
  users,
  accounts,
  limits,
  sessions,
  resets,
  outbox,
  brand,
  authenticate,
  checkPassword,
  present,
  clock,
  metrics,
}: UserRoutesDeps) {
  /**
   * The user at `:id`, for its own token only. Checks run in the contract's order: a malformed id
   * (400), no, bad or ended token (401), someone else's id (403, whether that user exists or not,
   * so ids cannot be enumerated); then the body's. Only a shopper whose own user is gone meets a 404.
   */
  const ownUser = createMiddleware<
    Env & { Variables: { user: UserRecord; session: SessionRecord } }
  >(async (c, next) => {
    const raw = c.req.param('id') ?? ''
    if (!/^\d{1,15}$/.test(raw))
      throw new HTTPException(400, { message: `Invalid user id '${raw}'` })
    const { claims, session } = await authenticate(c)
    if (Number(raw) !== claims.sub)
      throw new HTTPException(403, { message: 'You may only access your own user' })
    const user = await users.findById(claims.sub)
    if (!user) throw new HTTPException(404, { message: `User with id '${raw}' not found` })
    c.set('user', user)
    c.set('session', session)
    await next()
  })

  return new Hono<Env>()
    .post('/add', jsonBody(newUserSchema), async (c) => {
      const input = c.req.valid('json')
      const user = await limits.register(requireClient(c), (namesFree) =>
        accounts.register(input, namesFree),
      )
      return c.json(present(user, c), 201)
    })
    .get('/:id', ownUser, (c) => c.json(present(c.var.user, c)))
    .on(['PUT', 'PATCH'], '/:id', ownUser, jsonBody(userChangesSchema), async (c) => {
      const { currentPassword, ...changes } = c.req.valid('json')
      const { user, session } = c.var
      // A new password or email needs the current one, checked as a sign-in is: a stolen token
      // alone can set neither, nor guess the current password freely (an email is where reset
      // links go, so changing it is setting a password by another road).
      const newEmail =
        changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase()
      if (changes.password !== undefined || newEmail) {
        if (!currentPassword) throw new HTTPException(400, { message: CURRENT_PASSWORD.required })
        await checkPassword(
          { username: user.username, password: currentPassword, client: requireClient(c) },
          CURRENT_PASSWORD.wrong,
        )
      }
      const names = changes.username !== undefined || changes.email !== undefined
      const update = (namesFree?: () => Promise<void>) => accounts.update(user, changes, namesFree)
      const updated = await (names ? limits.changeNames(requireClient(c), update) : update())
      if (changes.password !== undefined) {
        await sessions.endOthers(user.id, session.id)
        metrics?.sessionsEnded.inc({ reason: 'password-change' })
      }
      if (changes.password !== undefined || newEmail) {
        // A link asked for before cannot set a password over this one, nor reach the old
        // address's mailbox once it is no longer the account's (rules.md § Password reset).
        await resets.endAllOf(user.id, clock.now())
      }
      if (newEmail) {
        const mail = emailChangedMail(
          { to: user.email, firstName: user.firstName, newEmail: updated.email },
          { brand },
        )
        await outbox.queue(mail, clock.now())
      }
      return c.json(present(updated, c))
    })
}
