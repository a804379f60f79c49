import { HTTPException } from 'hono/http-exception'
import { tooMany } from '../http/refusal.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { UserRecord, UserStore } from '../users/user-store.ts'
import type { LoginThrottle, Proof } from './login-throttle.ts'
import { verifyPassword } from './password.ts'

export interface PasswordCheckDeps {
  users: UserStore
  throttle: LoginThrottle
  /** A hash to verify against when the username is unknown, so timing does not reveal which names exist. */
  decoyHash: Promise<string>
  metrics?: Pick<Metrics, 'loginRefusals'>
}

/**
 * A user name and password checked as a sign-in checks them, through the login throttle: the
 * sign-in itself, and the current password a password change asks for (so a stolen token cannot
 * guess it freely). Answers the user, or throws: 429 (with Retry-After, and a challenge for an
 * account under attack) or `wrong` (400).
 */
export function createPasswordCheck({ users, throttle, decoyHash, metrics }: PasswordCheckDeps) {
  return async (
    {
      username,
      password,
      client,
      proof,
    }: { username: string; password: string; client: string; proof?: Proof },
    wrong: string,
  ): Promise<UserRecord> => {
    const attempt = await throttle.begin(username, client, proof)
    if ('status' in attempt) {
      metrics?.loginRefusals.inc()
      const { message, retryAfterSeconds, challenge } = attempt
      throw tooMany(message, retryAfterSeconds, challenge && { challenge })
    }
    // From here the attempt counts as a failure unless the password is right.
    const user = await users.findByUsername(username)
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash))
    if (!user || !valid) throw new HTTPException(400, { message: wrong })
    await attempt.succeeded()
    return user
  }
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>
