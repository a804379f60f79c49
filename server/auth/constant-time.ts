import { timingSafeEqual } from 'node:crypto'

/** Whether two secrets (hashes, signatures, tokens) are equal, compared in constant time. */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && timingSafeEqual(a, b)

/** `sameBytes` for text. */
export const sameText = (a: string, b: string): boolean => sameBytes(Buffer.from(a), Buffer.from(b))
