import { createHash, randomBytes } from 'node:crypto'
import type { SealedMessage } from '../mail/outbox.ts'

/**
 * Password reset links (rules.md § Password reset; decisions.md § Password reset): a random token
 * mailed to the account's address, of which the database keeps only the SHA-256. A token works
 * once, for 30 minutes, and using any token of an account ends the account's others.
 */

/** How long a link works. */
export const RESET_LIFETIME_MS = 30 * 60_000
/** How long a request is kept: a link used or expired says so for a day, then it is unknown. */
export const RESETS_KEPT_MS = 24 * 60 * 60_000

/** What a link can do now: only a `valid` one resets a password. */
export type ResetStatus = 'valid' | 'expired' | 'used' | 'invalid'
export type RefusedStatus = Exclude<ResetStatus, 'valid'>

/** A request for a link, as the storage records it. */
export interface ResetRequest {
  /** What the per-account limit counts: the SHA-256 of the email as asked for (accountKeyOf). */
  accountKey: string
  /** The account with that email; null when there is none (nothing is mailed). */
  userId: number | null
  /** The SHA-256 of the token the mail carries (hashResetToken), never the token. */
  tokenHash: string
  at: number
  expiresAt: number
  /** Requests of `accountKey` recorded after `since`, at most `limit`: past it, nothing is recorded. */
  since: number
  limit: number
  /** The mail, sealed (its link holds the token: server/mail/sealed-mail.ts). */
  mail: SealedMessage
}

/** Where reset links are kept (server/storage): the same database as the users. */
export interface PasswordResetStore {
  /**
   * In one transaction, across every process on the same database: unless `limit` requests of
   * the account key were recorded after `since`, records this one and, when it names an account,
   * queues its mail in the outbox. Whether a mail was queued. An address no account has does the
   * same work but the mail's insert, so the answer's timing does not tell the two apart.
   */
  request(request: ResetRequest): Promise<boolean>
  /** What the token whose hash this is can do at `at`. */
  status(tokenHash: string, at: number): Promise<ResetStatus>
  /**
   * In one transaction, one caller at a time per account: when the token is valid at `at`, spends
   * it, ends every other token of its account, and sets the account's password hash. The account's
   * id, or why the token was refused.
   */
  consume(
    tokenHash: string,
    at: number,
    passwordHash: string,
  ): Promise<{ userId: number } | { refused: RefusedStatus }>
  /** Ends every token of the user not spent yet (the password was changed another way). */
  endAllOf(userId: number, at: number): Promise<void>
  /** Forgets the requests made at or before `before`. */
  prune(before: number): Promise<void>
}

/** A reset request as both dialects read it back. */
export interface ResetRow {
  userId: number | null
  expiresAt: number
  usedAt: number | null
  endedAt: number | null
}

/** The account a token resets, by its row (none: a token never given), or why it cannot. */
export function spendable(
  row: ResetRow | undefined,
  at: number,
): { userId: number } | { refused: RefusedStatus } {
  if (!row || row.userId === null) return { refused: 'invalid' }
  // A link spent, or ended by a newer one used, says so even once its time is up.
  if (row.usedAt !== null || row.endedAt !== null) return { refused: 'used' }
  if (row.expiresAt <= at) return { refused: 'expired' }
  return { userId: row.userId }
}

/** What a token can do, by its row. */
export function statusOf(row: ResetRow | undefined, at: number): ResetStatus {
  const token = spendable(row, at)
  return 'refused' in token ? token.refused : 'valid'
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

/** 32 random bytes, URL-safe: the token a reset link carries. */
export const newResetToken = () => randomBytes(32).toString('base64url')

/** What the database keeps of a token. */
export const hashResetToken = (token: string) => sha256(token)

/** The per-account limit's key for an email: its hash, so an address no account has is not kept. */
export const accountKeyOf = (email: string) => sha256(email.trim().toLowerCase())
