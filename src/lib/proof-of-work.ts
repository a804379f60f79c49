/**
 * The work our server asks of a sign-in to an account that many wrong passwords were tried on
 * (decisions.md § Accounts and sessions, guessing): a nonce whose SHA-256, after the challenge and
 * a colon, starts with `difficulty` zero bits. A shopper's (or an operator's) browser does it
 * once, a guesser for every guess. Loaded only when a challenge comes (import()), so no page
 * carries it.
 *
 * SHA-256 here rather than crypto.subtle: subtle's digest is a promise per hash, and the tens of
 * thousands a challenge takes ran several times slower that way. It runs in slices of a few
 * milliseconds, yielding between them, so the page stays responsive while it works.
 */

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])
const H0 = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n))

/** The first 32 bits of the SHA-256 of `bytes` (all a leading-zero count needs). */
export function sha256Head(bytes: Uint8Array): number {
  const length = bytes.length
  const blocks = Math.ceil((length + 9) / 64)
  const words = new Uint32Array(blocks * 16)
  for (let i = 0; i < length; i++) words[i >> 2]! |= bytes[i]! << (24 - (i % 4) * 8)
  words[length >> 2]! |= 0x80 << (24 - (length % 4) * 8)
  words[blocks * 16 - 1] = length * 8
  const h = [...H0]
  const w = new Uint32Array(64)
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) w[t] = words[block * 16 + t]!
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15]!
      const b = w[t - 2]!
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0
    }
    let [a, b, c, d, e, f, g, hh] = h as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    for (let t = 0; t < 64; t++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) | 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
      hh = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    h[0] = (h[0]! + a) | 0
    h[1] = (h[1]! + b) | 0
    h[2] = (h[2]! + c) | 0
    h[3] = (h[3]! + d) | 0
    h[4] = (h[4]! + e) | 0
    h[5] = (h[5]! + f) | 0
    h[6] = (h[6]! + g) | 0
    h[7] = (h[7]! + hh) | 0
  }
  return h[0]! >>> 0
}

/** The most work a challenge may ask: a server asking more is not answered (2^24 hashes). */
export const MAX_DIFFICULTY = 24
const SLICE_MS = 8

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** A nonce whose SHA-256 after `challenge:` starts with `difficulty` zero bits (up to 24). */
export async function solveChallenge(
  challenge: string,
  difficulty: number,
  signal?: AbortSignal,
): Promise<string> {
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > MAX_DIFFICULTY)
    throw new Error(`A proof of work of ${difficulty} bits is not one this app does`)
  const encoder = new TextEncoder()
  const prefix = encoder.encode(`${challenge}:`)
  const input = new Uint8Array(prefix.length + 16)
  input.set(prefix)
  const shift = 32 - difficulty
  for (let nonce = 0; ;) {
    const sliceEnd = performance.now() + SLICE_MS
    while (performance.now() < sliceEnd) {
      for (let i = 0; i < 256; i++, nonce++) {
        const digits = String(nonce)
        for (let j = 0; j < digits.length; j++) input[prefix.length + j] = digits.charCodeAt(j)
        const head = sha256Head(input.subarray(0, prefix.length + digits.length))
        if (difficulty === 0 || head >>> shift === 0) return digits
      }
    }
    signal?.throwIfAborted()
    await nextTask()
  }
}
