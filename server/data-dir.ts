import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The server's files are its own (SECURITY.md § What is stored where): DATA_DIR and the outbox
 * folder 0700, every file in them 0600 (the database, its WAL and shared memory, the JWT secret,
 * each mail), whatever the umask: the database holds password hashes and sessions, the secret
 * signs every token, and a mail in the outbox may be a reset link. An install made before this
 * rule, or by hand, is tightened each time the server starts.
 */

/** Folder and file modes: the server's user only. */
export const PRIVATE_DIR = 0o700
export const PRIVATE_FILE = 0o600

/** Creates `dir` (and its parents) if missing, and makes it private. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR })
  chmodSync(dir, PRIVATE_DIR)
}

/** Makes a file private, if it exists (a WAL comes and goes with the database's use). */
export function privateFile(file: string): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE)
}

/** What the server writes in DATA_DIR: the SQLite database and its companions, and the secret. */
const DATA_FILES = ['users.db', 'users.db-wal', 'users.db-shm', 'users.db-journal', 'jwt-secret']
/** The folder of mail written as files (server/mail/transport.ts). */
export const OUTBOX_FOLDER = 'outbox'

/**
 * DATA_DIR made private, with what the server keeps there (its database, its secret, the outbox
 * folder and the mail in it), if it exists: an install from before this rule is tightened at
 * start. Nothing else in the folder is touched: it may be one a person chose for more.
 */
export function privateDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return
  chmodSync(dataDir, PRIVATE_DIR)
  for (const name of DATA_FILES) privateFile(join(dataDir, name))
  const outbox = join(dataDir, OUTBOX_FOLDER)
  if (!existsSync(outbox) || !statSync(outbox).isDirectory()) return
  chmodSync(outbox, PRIVATE_DIR)
  for (const name of readdirSync(outbox))
    if (/\.eml(\.\d+\.partial)?$/.test(name)) privateFile(join(outbox, name))
}
