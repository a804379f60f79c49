import type { DatabaseSync } from 'node:sqlite'
import type { Migration } from './storage.ts'
import { keyedNames } from './user-rows.ts'

/** A migration with, after its SQL, a step of code (a column filled in from the others). */
interface SqliteMigration extends Migration {
  then?: (db: DatabaseSync) => void
}

/** Versioned by `PRAGMA user_version`. Version 1 is the table every earlier release created. */
const MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'users',
    sql: `
      CREATE TABLE IF NOT EXISTS users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        maiden_name TEXT NOT NULL DEFAULT '',
        gender TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        birth_date TEXT NOT NULL DEFAULT '',
        role TEXT NOT NULL DEFAULT 'user',
        address TEXT NOT NULL DEFAULT '{}'
      ) STRICT`,
  },
  {
    version: 2,
    name: 'login attempts',
    sql: `
      CREATE TABLE login_attempts (
        username TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX login_attempts_by_username ON login_attempts (username, at);
      CREATE INDEX login_attempts_by_time ON login_attempts (at)`,
  },
  {
    version: 3,
    name: 'user name keys',
    sql: 'ALTER TABLE users ADD COLUMN username_key TEXT',
    then(db) {
      const rows = db.prepare('SELECT id, username FROM users ORDER BY id').all() as {
        id: number
        username: string
      }[]
      const set = db.prepare('UPDATE users SET username_key = ? WHERE id = ?')
      for (const [id, key] of keyedNames(rows)) set.run(key, id)
      db.exec('CREATE UNIQUE INDEX users_by_username_key ON users (username_key)')
    },
  },
  {
    version: 4,
    name: 'sessions',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL,
        refresh_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        ended_at INTEGER
      ) STRICT;
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE INDEX sessions_by_expiry ON sessions (expires_at)`,
  },
  {
    version: 5,
    name: 'orders',
    // A product's own stock has the SKU '' (a key column cannot be null); see sqlite-orders.ts.
    sql: `
      CREATE TABLE stock (
        product_id INTEGER NOT NULL,
        sku TEXT NOT NULL,
        level INTEGER NOT NULL CHECK (level >= 0),
        PRIMARY KEY (product_id, sku)
      ) STRICT;
      CREATE TABLE stock_changes (
        at INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        sku TEXT NOT NULL,
        before INTEGER NOT NULL,
        after INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE orders (
        number TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        user_id INTEGER,
        email TEXT NOT NULL,
        body TEXT NOT NULL
      ) STRICT;
      CREATE INDEX orders_by_user ON orders (user_id, created_at);
      CREATE INDEX orders_by_time ON orders (created_at);
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        order_number TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        message TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        locked_until INTEGER NOT NULL DEFAULT 0,
        sent_at INTEGER,
        last_error TEXT
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (next_attempt_at)`,
  },
  {
    version: 6,
    name: 'account_state',
    // Each account's cart, saved items and address (sqlite-account-state.ts): an entry per line,
    // `value` its JSON, or NULL for a removal kept as a tombstone until pruned.
    sql: `
      CREATE TABLE account_entries (
        user_id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('cart', 'saved', 'address')),
        key TEXT NOT NULL,
        value TEXT,
        changed_at INTEGER NOT NULL,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind, key)
      ) STRICT;
      CREATE INDEX account_entries_removed ON account_entries (changed_at) WHERE value IS NULL;
      CREATE TABLE account_versions (
        user_id INTEGER PRIMARY KEY,
        version INTEGER NOT NULL
      ) STRICT`,
  },
  {
    version: 7,
    name: 'password_resets',
    // One row per request for a link (decisions.md § Password reset): the token's SHA-256, never
    // the token; `user_id` null when no account had the address (nothing was mailed).
    sql: `
      CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        account_key TEXT NOT NULL,
        user_id INTEGER,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        ended_at INTEGER
      ) STRICT;
      CREATE INDEX password_resets_by_account ON password_resets (account_key, created_at);
      CREATE INDEX password_resets_by_user ON password_resets (user_id) WHERE user_id IS NOT NULL;
      CREATE INDEX password_resets_by_time ON password_resets (created_at)`,
  },
  {
    version: 8,
    name: 'attempt weights',
    // What an entry counts for (server/limits/attempt-log.ts): 1, or the units an order takes.
    sql: 'ALTER TABLE login_attempts ADD COLUMN weight INTEGER NOT NULL DEFAULT 1',
  },
  {
    version: 9,
    name: 'order status',
    // An order's status as a column (a change is made only from the status it was decided on, and
    // the operator filters by it); its body carries it too, as the API answers it. Each change a
    // history entry (server/orders/orders.ts; `actor`: who made it).
    sql: `
      ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'placed'
        CHECK (status IN ('placed', 'shipped', 'delivered', 'cancelled'));
      CREATE INDEX orders_by_status ON orders (status, created_at);
      CREATE TABLE order_events (
        order_number TEXT NOT NULL,
        at INTEGER NOT NULL,
        status TEXT NOT NULL,
        actor TEXT NOT NULL,
        note TEXT
      ) STRICT;
      CREATE INDEX order_events_by_order ON order_events (order_number, at)`,
  },
  {
    version: 10,
    name: 'operators',
    // The shop's operators, apart from shoppers (server/operators), and their sessions, each known
    // by its token's SHA-256.
    sql: `
      CREATE TABLE operators (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE operator_sessions (
        token_hash TEXT PRIMARY KEY,
        operator_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        ended_at INTEGER
      ) STRICT;
      CREATE INDEX operator_sessions_by_operator ON operator_sessions (operator_id)`,
  },
]

/** In one transaction: run `work`, commit; roll back on a throw. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = work()
    db.exec('COMMIT')
    return result
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** Applies the missing migrations in one write transaction, so a second process waits for them. */
export function migrate(db: DatabaseSync): void {
  transaction(db, () => {
    const { user_version: current } = db.prepare('PRAGMA user_version').get() as {
      user_version: number
    }
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue
      db.exec(migration.sql)
      migration.then?.(db)
      db.exec(`PRAGMA user_version = ${migration.version}`)
    }
  })
}
