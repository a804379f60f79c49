import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Clock } from '../clock.ts'
import { usernameKey } from '../users/username.ts'
import { spend, type AttemptLog } from '../limits/attempt-log.ts'
import { DEFAULT_CLIENT_LIMITS, type Rate } from '../limits/limit-settings.ts'
import { sameText } from './constant-time.ts'

export interface ThrottleLimits {
  /** Failures one address may make on one account, then 429 for that pair only. */
  perAccountAndAddress: Rate
  /** Failures one address may make on any accounts (spraying), then 429; not a trusted client's. */
  perAddress: Rate
  /** The window an account's failures from every address are counted in, for the proof of work. */
  accountWindowMs: number
  /** Failures of an account, from every address, past which each attempt carries a proof of work. */
  proofFrom: number
  /** The proof's difficulty: leading zero bits of its SHA-256, growing by one every `step` failures. */
  proof: { minBits: number; maxBits: number; step: number }
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAccountAndAddress: DEFAULT_CLIENT_LIMITS.signInFailuresPerAccountAndAddress,
  perAddress: DEFAULT_CLIENT_LIMITS.signInFailuresPerAddress,
  accountWindowMs: 10 * 60_000,
  proofFrom: 20,
  proof: { minBits: 14, maxBits: 20, step: 10 },
}

const PAIR_MESSAGE = 'Too many failed login attempts, please try again later'
const ADDRESS_MESSAGE = 'Too many failed login attempts from this address, please try again later'

/** How long a challenge may be answered. */
const CHALLENGE_TTL_MS = 2 * 60_000

/** A sign-in refused for now: its status, message, when to come back, and a challenge to answer. */
export type ThrottleRefusal = {
  status: 429
  message: string
  retryAfterSeconds: number
  challenge?: { token: string; difficulty: number }
}

/** An attempt under way: its password is being checked. */
export interface Attempt {
  /** The password was right: the attempt was no failure. */
  succeeded(): Promise<void>
}

/** What the client sent to show it did the work a challenge asked. */
export interface Proof {
  challenge: string
  nonce: string
}

const leadingZeroBits = (digest: Buffer) => {
  let bits = 0
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8
      continue
    }
    return bits + Math.clz32(byte) - 24
  }
  return bits
}

/**
 * Failed sign-ins limited so that guessing costs, and the owner is never shut out
 * (decisions.md § Accounts and sessions, guessing):
 * - per account and address: 10 failures in 10 minutes, then 429 for that pair alone; the owner,
 *   elsewhere, signs in as usual (one address's guesses no longer lock the account for everyone);
 * - per address: 20 failures in 10 minutes on any accounts (spraying), then 429 (not for a
 *   trusted client: TRUSTED_CLIENTS);
 * - per account, from every address together: from 20 failures, each attempt must carry a proof of
 *   work, a SHA-256 with 14 leading zero bits and one more every 10 failures (up to 20): the owner's
 *   browser spends a moment on it once, a guesser as long on every guess, however many addresses
 *   it has. Nothing is closed: an account under attack is slowed, not locked.
 * Each attempt is recorded before its password is checked and released when it succeeds, so
 * concurrent guesses, on one replica or several, cannot slip past a limit while they are checked.
 */
export class LoginThrottle {
  readonly #log: AttemptLog
  readonly #clock: Clock
  readonly #limits: ThrottleLimits
  readonly #keptMs: number
  readonly #trusted: (client: string) => boolean
  readonly #key: Buffer
  #prunedAt = -Infinity

  constructor(
    log: AttemptLog,
    clock: Clock,
    secret: string,
    {
      limits = {},
      keptMs = 60 * 60_000,
      trusted = () => false,
    }: {
      limits?: Partial<ThrottleLimits>
      /** How long the log keeps an entry: the longest window any limit counting in it uses. */
      keptMs?: number
      /** TRUSTED_CLIENTS: not held to the per-address limit (the per-account ones still apply). */
      trusted?: (client: string) => boolean
    } = {},
  ) {
    this.#log = log
    this.#clock = clock
    this.#limits = { ...DEFAULT_LIMITS, ...limits }
    this.#keptMs = keptMs
    this.#trusted = trusted
    // A key of its own, derived from the token secret every replica shares.
    this.#key = createHmac('sha256', secret).update('meridian login challenge').digest()
  }

  /** The difficulty an account's attempt needs with `failures` recent failures (0: none). */
  difficulty(failures: number): number {
    const { proofFrom, proof } = this.#limits
    if (failures < proofFrom) return 0
    return Math.min(proof.maxBits, proof.minBits + Math.floor((failures - proofFrom) / proof.step))
  }

  /**
   * Starts an attempt for `username` from `client`: the attempt, to be told whether it succeeded,
   * or a refusal for now. It counts as a failure unless `succeeded` is called.
   */
  async begin(username: string, client: string, proof?: Proof): Promise<Attempt | ThrottleRefusal> {
    const { perAccountAndAddress: pairRate, perAddress, accountWindowMs } = this.#limits
    const now = this.#clock.now()
    // Attempts of names never tried again would stay for ever: sweep them every 10 minutes.
    if (now - this.#prunedAt >= 10 * 60_000) {
      this.#prunedAt = now
      await this.#log.prune(now - this.#keptMs)
    }
    const account = usernameKey(username)
    const keys = {
      pair: `pair:${account}\n${client}`,
      address: `addr:${client}`,
      account: `acct:${account}`,
    }

    // An address that spent its guesses on this account is told so, rather than asked for work.
    let pairRecorded = false
    if ((await this.#log.count(keys.pair, now - pairRate.windowMs)) >= pairRate.limit) {
      const refused = await this.#refusal(keys.pair, pairRate, now, PAIR_MESSAGE)
      if (refused) return refused
      pairRecorded = true // one of them left the window meanwhile: this attempt is in it now
    }
    const accountSince = now - accountWindowMs
    const difficulty = this.difficulty(await this.#log.count(keys.account, accountSince))
    if (difficulty > 0 && !(await this.#proven(account, difficulty, proof, now))) {
      if (pairRecorded) await this.#log.release(keys.pair, now)
      return {
        status: 429,
        message:
          'This account has had many failed sign-ins: each attempt must carry a proof of work (answer the challenge)',
        retryAfterSeconds: 1,
        challenge: { token: this.#challenge(account, difficulty, now), difficulty },
      }
    }

    const addressCounted = !this.#trusted(client)
    const refused =
      (pairRecorded ? undefined : await this.#refusal(keys.pair, pairRate, now, PAIR_MESSAGE)) ??
      (addressCounted
        ? await this.#refusal(keys.address, perAddress, now, ADDRESS_MESSAGE)
        : undefined)
    if (refused) return refused
    await this.#log.reserve(keys.account, now, accountSince, Number.MAX_SAFE_INTEGER)

    return {
      succeeded: async () => {
        await this.#log.clear(keys.pair)
        if (addressCounted) await this.#log.release(keys.address, now)
        await this.#log.release(keys.account, now)
      },
    }
  }

  /**
   * Forgets the failures `client` made on `username`'s account: its password was just reset from
   * there (the link proved the mailbox), so its guesses at the old one no longer hold it back.
   * The account's own count, which asks every address for a proof of work, stays.
   */
  async forgive(username: string, client: string): Promise<void> {
    await this.#log.clear(`pair:${usernameKey(username)}\n${client}`)
  }

  /**
   * Records an attempt of `key` unless `limit` are already recorded in the window (atomically):
   * then the refusal, with the time until the oldest of them leaves it.
   */
  async #refusal(key: string, rate: Rate, now: number, message: string) {
    const retryAfterSeconds = await spend(this.#log, key, rate, now)
    return retryAfterSeconds === undefined
      ? undefined
      : { status: 429 as const, message, retryAfterSeconds }
  }

  /** A challenge for `account`: what it names, signed, so no replica needs to remember it. */
  #challenge(account: string, difficulty: number, now: number): string {
    const payload = Buffer.from(
      JSON.stringify({
        u: account,
        d: difficulty,
        e: now + CHALLENGE_TTL_MS,
        r: randomBytes(12).toString('base64url'),
      }),
    ).toString('base64url')
    return `${payload}.${this.#sign(payload)}`
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url')
  }

  /** Whether `proof` answers a challenge of ours, for this account, hard enough, once. */
  async #proven(account: string, difficulty: number, proof: Proof | undefined, now: number) {
    if (!proof || proof.challenge.length > 512 || proof.nonce.length > 32) return false
    const [payload = '', signature = ''] = proof.challenge.split('.')
    if (!sameText(this.#sign(payload), signature)) return false
    let claims: { u?: unknown; d?: unknown; e?: unknown; r?: unknown }
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims
    } catch {
      return false
    }
    if (claims.u !== account || typeof claims.d !== 'number' || typeof claims.e !== 'number')
      return false
    if (claims.e <= now || claims.d < difficulty) return false
    const digest = createHash('sha256').update(`${proof.challenge}:${proof.nonce}`).digest()
    if (leadingZeroBits(digest) < claims.d) return false
    // Once: the first attempt with this challenge records it, any later one finds it.
    const used = await this.#log.reserve(
      `proof:${String(claims.r)}`,
      now,
      now - CHALLENGE_TTL_MS,
      1,
    )
    return used.length === 0
  }
}
