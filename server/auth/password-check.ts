import { HTTPException } from 'hono/http-exception'
import { tooMany } from '../http/refusal.ts'
import type { Metrics } from '../observability/metrics.ts'
import type { UserRecord } from '../users/user-store.ts'
import type { LoginThrottle, Proof } from './login-throttle.ts'
import { verifyPassword } from './password.ts'

export interface PasswordCheckDeps<R extends { passwordHash: string }> {
  /** The account a name signs in as (a shopper's user name; an operator's key, operator-sessions.ts). */
  find: (username: string) => Promise<R | undefined>
  throttle: LoginThrottle
  /** A hash to verify against when the username is unknown, so timing does not reveal which names exist. */
  decoyHash: Promise<string>
  metrics?: Pick<Metrics, 'loginRefusals'>
  /** The status of a wrong name or password: a shopper's sign-in answers 400 (the contract's). */
  wrongStatus?: 400 | 401
}

/**
 * A user name and password checked as a sign-in checks them, through the login throttle: the
 * sign-in itself, and the current password a password change asks for (so a stolen token cannot
 * guess it freely). Answers the user, or throws: 429 (with Retry-After, and a challenge for an
 * account under attack) or `wrong` (400).
 */
export function createPasswordCheck<R extends { passwordHash: string } = UserRecord>({
  find,
  throttle,
  decoyHash,
  metrics,
  wrongStatus = 400,
}: PasswordCheckDeps<R>) {
  return async (
    {
      username,
      password,
      client,
      proof,
    }: { username: string; password: string; client: string; proof?: Proof },
    wrong: string,
  ): Promise<R> => {
    const attempt = await throttle.begin(username, client, proof)
    if ('status' in attempt) {
      metrics?.loginRefusals.inc()
      const { message, retryAfterSeconds, challenge } = attempt
      throw tooMany(message, retryAfterSeconds, challenge && { challenge })
    }
    // From here the attempt counts as a failure unless the password is right.
    const user = await find(username)
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash))
    if (!user || !valid) throw new HTTPException(wrongStatus, { message: wrong })
    await attempt.succeeded()
    return user
  }
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck<UserRecord>>
