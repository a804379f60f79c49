import { createHash, randomBytes } from 'node:crypto'
import type { LoginThrottle, Proof } from '../auth/login-throttle.ts'
import { createPasswordCheck } from '../auth/password-check.ts'
import type { Clock } from '../clock.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { OperatorSession, OperatorStore } from './operator-store.ts'

/** An operator's token begins so: the admin routes tell it from a shopper's at a glance. */
export const OPERATOR_TOKEN_PREFIX = 'mop_'

/** How long an operator's session lasts: a working day, then sign in again. */
export const OPERATOR_SESSION_MS = 12 * 60 * 60_000

/** The shortest password an operator may have (docs/api.md § Operator). */
export const MIN_OPERATOR_PASSWORD = 12

/** An operator's email as it is kept and signs in: trimmed, lower case. */
export const operatorEmail = (email: string) => email.trim().toLowerCase()

/** What is stored of a token: its SHA-256, never the token. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

export const WRONG_SIGN_IN = 'Wrong email or password'

/** An operator's name in the login throttle: never the same count as a shopper's of that name. */
const THROTTLE_PREFIX = 'operator:'

/**
 * Operators' sign-in and sessions (decisions.md § Operator): a password checked as a shopper's
 * is, through the same login throttle (keyed `operator:` and the email, so an operator and a
 * shopper of one name never share a count); an opaque token of 256 random bits, its hash kept,
 * that sign-out, a new password or the operator's removal ends, and that lasts a working day.
 */
export function createOperatorSessions({
  store,
  throttle,
  clock,
  decoyHash,
  metrics,
}: {
  store: OperatorStore
  throttle: LoginThrottle
  clock: Clock
  /** A hash to verify against for an unknown email, so timing does not tell which exist. */
  decoyHash: Promise<string>
  metrics?: Pick<Metrics, 'loginRefusals'>
}) {
  // A shopper's sign-in's check (auth/password-check.ts), over the operators, counted apart.
  const check = createPasswordCheck({
    find: (username) => store.byEmail(username.slice(THROTTLE_PREFIX.length)),
    throttle,
    decoyHash,
    metrics,
    wrongStatus: 401,
  })
  return {
    async signIn({
      email,
      password,
      client,
      proof,
    }: {
      email: string
      password: string
      client: string
      proof?: Proof
    }): Promise<{ token: string; email: string; expiresAt: number }> {
      const username = `${THROTTLE_PREFIX}${operatorEmail(email)}`
      const operator = await check(
        { username, password, client, ...(proof && { proof }) },
        WRONG_SIGN_IN,
      )
      const token = `${OPERATOR_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      const at = clock.now()
      const expiresAt = at + OPERATOR_SESSION_MS
      await store.startSession({ tokenHash: hashOf(token), operatorId: operator.id, at, expiresAt })
      return { token, email: operator.email, expiresAt }
    },
    /** The operator a token's session belongs to, while it lasts. */
    who: (token: string): Promise<OperatorSession | undefined> =>
      store.session(hashOf(token), clock.now()),
    signOut: (token: string) => store.endSession(hashOf(token), clock.now()),
  }
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>
