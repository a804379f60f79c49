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
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1)
let running = 0
const waiting: (() => void)[] = []

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r }
  return withHashSlot(
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
  const key = await derive(password, salt, cost)
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
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  })
  return sameBytes(actual, expected)
}
