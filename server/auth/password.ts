import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto'
import { sameBytes } from './constant-time.ts'
import { availableParallelism } from 'node:os'

const KEY_LENGTH = 32

export interface ScryptCost {
  N: number
  r: number
  p: number
}

// OWASP's scrypt baseline (N=2^17 wants 128 MiB a hash; 2^14 with r=8 is 16 MiB and ~50 ms here).
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 }

/**
 * At most this many hashes run at once. scrypt is meant to be expensive: unbounded, a burst of
 * logins would take every core and stall the event loop, and with it every catalogue answer.
 * One core's worth is left for everything else.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1)

/**
 * Which hashes go first when all slots are taken: a sign-in (checking a password) before the new
 * passwords waiting (registrations, password changes), so a burst of registrations makes a
 * sign-in wait for the hashes already running and one new password at most, not for the whole
 * queue (decisions.md § Operations). While both wait they take turns: a stream of sign-ins never
 * starves registrations either.
 */
export type HashPriority = 'sign-in' | 'new-password'
const SIGN_INS_PER_NEW_PASSWORD = 1

let running = 0
let signInsInARow = 0
const waiting: Record<HashPriority, (() => void)[]> = { 'sign-in': [], 'new-password': [] }

/** The next hash waiting to run, by priority. */
function nextWaiting(): (() => void) | undefined {
  const newPasswordsDue = signInsInARow >= SIGN_INS_PER_NEW_PASSWORD
  if (waiting['sign-in'].length > 0 && !(newPasswordsDue && waiting['new-password'].length > 0)) {
    signInsInARow++
    return waiting['sign-in'].shift()
  }
  signInsInARow = 0
  return waiting['new-password'].shift()
}

async function withHashSlot<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES)
    await new Promise<void>((resolve) => waiting[priority].push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    nextWaiting()?.()
  }
}

function derive(
  password: string,
  salt: Buffer,
  cost: ScryptCost,
  priority: HashPriority,
): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r }
  return withHashSlot(
    priority,
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        )
      }),
  )
}

/** `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking stored hashes. */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost, 'new-password')
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const cost = { N: Number(N), r: Number(r), p: Number(p) }
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost, 'sign-in')
  return sameBytes(actual, expected)
}
