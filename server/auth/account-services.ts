import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock.ts'
import type { ClientLimits } from '../limits/limit-settings.ts'
import { longestWindow } from '../limits/limit-settings.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { Storage } from '../storage/storage.ts'
import { createAccountLimits } from '../users/account-limits.ts'
import { createAccounts } from '../users/accounts.ts'
import { createAuthenticate } from './authenticate.ts'
import { LoginThrottle, type ThrottleLimits } from './login-throttle.ts'
import { createPasswordCheck } from './password-check.ts'
import { hashPassword, type ScryptCost } from './password.ts'
import { createSessions } from './sessions.ts'
import { createTokenService } from './tokens.ts'

/**
 * Who a request's shopper is and what they may do with accounts, made once for the API
 * (server/app.ts): tokens signed with `secret` (older ones accepted), sessions kept in the
 * database, the failed-login throttle and the password check built on it, registrations and
 * profile changes, and what one address may do with accounts (`limits`, `trusted`).
 */
export function createAccountServices({
  storage,
  secret,
  acceptedSecrets,
  clock,
  scryptCost,
  limits,
  trusted,
  proofOfWork,
  metrics,
}: {
  storage: Storage
  secret: string
  acceptedSecrets?: readonly string[]
  clock: Clock
  scryptCost?: ScryptCost
  limits: ClientLimits
  trusted: (client: string) => boolean
  /** The proof of work a much-guessed account's sign-ins carry; its defaults unless a test says. */
  proofOfWork?: ThrottleLimits['proof']
  metrics?: Metrics
}) {
  const tokens = createTokenService(secret, clock, acceptedSecrets)
  const sessions = createSessions(storage.sessions, clock)
  const throttle = new LoginThrottle(storage.loginAttempts, clock, secret, {
    limits: {
      perAccountAndAddress: limits.signInFailuresPerAccountAndAddress,
      perAddress: limits.signInFailuresPerAddress,
      ...(proofOfWork && { proof: proofOfWork }),
    },
    keptMs: longestWindow(limits),
    trusted,
  })
  // An unknown name costs the same hash as a known one's (SECURITY.md § The server's defences):
  // one decoy, made once, for shoppers' and operators' sign-ins.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'), scryptCost)
  return {
    tokens,
    sessions,
    authenticate: createAuthenticate(tokens, sessions),
    throttle,
    decoyHash,
    checkPassword: createPasswordCheck({
      find: (username) => storage.users.findByUsername(username),
      throttle,
      metrics,
      decoyHash,
    }),
    accounts: createAccounts(storage.users, scryptCost),
    accountLimits: createAccountLimits(storage.loginAttempts, clock, {
      limits,
      trusted,
      refused: (limit) => metrics?.limitRefusals.inc({ limit }),
    }),
  }
}
