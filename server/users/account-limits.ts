import { ATTEMPTS_KEPT_MS, type LoginAttemptLog } from '../auth/login-throttle.ts'
import type { Clock } from '../clock.ts'
import { tooMany } from '../http/refusal.ts'
import { TakenAnswer } from './accounts.ts'

/**
 * What one address may do with accounts (decisions.md § Operations, account limits), counted in
 * the database beside the login attempts, so every replica counts the same:
 * - registrations: each hashes a password, so a flood of them would queue sign-ins behind it and
 *   grow the user table without end;
 * - "Username already exists" and "Email already exists" answers: registration must say which
 *   field is taken (rules.md § Sign-in and registration), which tells whoever asks who has an
 *   account; limited, they cannot be asked at speed.
 */
export interface AccountLimits {
  /** The window both are counted in (at most ATTEMPTS_KEPT_MS: the log keeps no older entry). */
  windowMs: number
  /** Registrations one address may make in the window. */
  registrationsPerAddress: number
  /** Answers saying a user name or email is taken that one address may get in the window. */
  takenAnswersPerAddress: number
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  windowMs: ATTEMPTS_KEPT_MS,
  registrationsPerAddress: 10,
  takenAnswersPerAddress: 30,
}

const REGISTRATIONS_MESSAGE = 'Too many accounts created from this address, please try again later'
const CHECKS_MESSAGE = 'Too many account checks from this address, please try again later'

export function createAccountLimits(
  log: LoginAttemptLog,
  clock: Clock,
  limits: Partial<AccountLimits> = {},
) {
  const { windowMs, registrationsPerAddress, takenAnswersPerAddress } = {
    ...DEFAULT_ACCOUNT_LIMITS,
    ...limits,
  }
  /** Seconds until the oldest of the last `limit` entries leaves the window. */
  const retryAfter = (times: number[], limit: number, now: number) =>
    Math.max(1, Math.ceil(((times[times.length - limit] ?? now) + windowMs - now) / 1000))

  /**
   * Runs `work` as one account check of the address: refused (429) once it has been told
   * `takenAnswersPerAddress` times that a name is taken. The check is counted before it runs and
   * forgotten unless it ends in such an answer, so concurrent checks cannot slip past the limit.
   */
  async function checking<T>(client: string, now: number, work: () => Promise<T>): Promise<T> {
    const key = `taken:${client}`
    const recent = await log.reserve(key, now, now - windowMs, takenAnswersPerAddress)
    if (recent.length >= takenAnswersPerAddress)
      throw tooMany(CHECKS_MESSAGE, retryAfter(recent, takenAnswersPerAddress, now))
    let taken = false
    try {
      return await work()
    } catch (error) {
      taken = error instanceof TakenAnswer
      throw error
    } finally {
      if (!taken) await log.release(key, now)
    }
  }

  return {
    /**
     * A registration from `client`: refused (429) past either limit, else `register` run. One
     * refused because a name is taken counts as an account check, not as a registration.
     */
    async register<T>(client: string, register: () => Promise<T>): Promise<T> {
      const now = clock.now()
      const key = `reg:${client}`
      const recent = await log.reserve(key, now, now - windowMs, registrationsPerAddress)
      if (recent.length >= registrationsPerAddress)
        throw tooMany(REGISTRATIONS_MESSAGE, retryAfter(recent, registrationsPerAddress, now))
      try {
        return await checking(client, now, register)
      } catch (error) {
        if (error instanceof TakenAnswer) await log.release(key, now)
        throw error
      }
    },

    /** A profile change from `client` that names a user name or email, as an account check. */
    changeNames<T>(client: string, change: () => Promise<T>): Promise<T> {
      return checking(client, clock.now(), change)
    },
  }
}

export type AccountLimiter = ReturnType<typeof createAccountLimits>
