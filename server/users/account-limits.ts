import type { Clock } from '../clock.ts'
import { tooMany } from '../http/refusal.ts'
import { spend, type AttemptLog } from '../limits/attempt-log.ts'
import { DEFAULT_CLIENT_LIMITS, type ClientLimits } from '../limits/limit-settings.ts'
import { TakenAnswer } from './accounts.ts'

/**
 * What one address may do with accounts (decisions.md § Client limits), counted in the database
 * beside the login attempts, so every replica counts the same:
 * - registrations: each hashes a password and adds a user, so they are bounded; loosely enough
 *   that a classroom or an office behind one address registers together (50 in 10 minutes);
 * - "Username already exists" and "Email already exists" answers: registration must say which
 *   field is taken (rules.md § Sign-in and registration), which tells whoever asks who has an
 *   account; limited, they cannot be asked at speed.
 * TRUSTED_CLIENTS are held to neither.
 */
export type AccountLimits = Pick<ClientLimits, 'registrationsPerAddress' | 'nameChecksPerAddress'>

const REGISTRATIONS_MESSAGE = 'Too many accounts created from this address, please try again later'
const CHECKS_MESSAGE = 'Too many account checks from this address, please try again later'

export function createAccountLimits(
  log: AttemptLog,
  clock: Clock,
  {
    limits = {},
    trusted = () => false,
    refused,
  }: {
    limits?: Partial<AccountLimits>
    trusted?: (client: string) => boolean
    /** Counts a refusal by the limit that made it. */
    refused?: (limit: 'registrations' | 'name-checks') => void
  } = {},
) {
  const { registrationsPerAddress, nameChecksPerAddress } = { ...DEFAULT_CLIENT_LIMITS, ...limits }

  /**
   * Runs `work` as one account check of the address: refused (429) once it has been told
   * `nameChecksPerAddress` times that a name is taken. The check is counted before it runs, so
   * concurrent checks cannot slip past the limit, and forgotten as soon as `work` says the names
   * are free (`namesFree`, before a password's slow hash: a class registering at once does not
   * hold every slot while its hashes run), or once it ends in any other way than such an answer.
   */
  async function checking<T>(
    client: string,
    now: number,
    work: (namesFree: () => Promise<void>) => Promise<T>,
  ): Promise<T> {
    if (trusted(client)) return work(() => Promise.resolve())
    const key = `taken:${client}`
    const wait = await spend(log, key, nameChecksPerAddress, now)
    if (wait !== undefined) {
      refused?.('name-checks')
      throw tooMany(CHECKS_MESSAGE, wait)
    }
    let counted = true
    const forget = async () => {
      if (!counted) return
      counted = false
      await log.release(key, now)
    }
    let taken = false
    try {
      return await work(forget)
    } catch (error) {
      // Told a name is taken before it was found free: the answer that counts.
      taken = error instanceof TakenAnswer && counted
      throw error
    } finally {
      if (!taken) await forget()
    }
  }

  return {
    /**
     * A registration from `client`: refused (429) past either limit, else `register` run. One
     * refused because a name is taken counts as an account check, not as a registration.
     */
    async register<T>(
      client: string,
      register: (namesFree: () => Promise<void>) => Promise<T>,
    ): Promise<T> {
      const now = clock.now()
      if (trusted(client)) return register(() => Promise.resolve())
      const key = `reg:${client}`
      const wait = await spend(log, key, registrationsPerAddress, now)
      if (wait !== undefined) {
        refused?.('registrations')
        throw tooMany(REGISTRATIONS_MESSAGE, wait)
      }
      try {
        return await checking(client, now, register)
      } catch (error) {
        if (error instanceof TakenAnswer) await log.release(key, now)
        throw error
      }
    },

    /** A profile change from `client` that names a user name or email, as an account check. */
    changeNames<T>(
      client: string,
      change: (namesFree: () => Promise<void>) => Promise<T>,
    ): Promise<T> {
      return checking(client, clock.now(), change)
    },
  }
}

export type AccountLimiter = ReturnType<typeof createAccountLimits>
