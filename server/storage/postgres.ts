import postgres, { type PendingQuery, type Row } from 'postgres'
import type { SessionRecord, SessionStore } from '../auth/sessions.ts'
import { TakenError, type NewUser, type UserChanges, type UserStore } from '../users/user-store.ts'
import { createPostgresAttempts } from './postgres-attempts.ts'
import { createPostgresOrders } from './postgres-orders.ts'
import { createPostgresOutbox } from './postgres-outbox.ts'
import { createPostgresStock } from './postgres-stock.ts'
import { createPostgresAccountState } from './postgres-account-state.ts'
import { createPostgresPasswordResets } from './postgres-password-resets.ts'
import { createPostgresOperators } from './postgres-operators.ts'
import { StorageUnavailableError, type Storage } from './storage.ts'
import { migrate } from './postgres-schema.ts'
import { changedFields, COLUMNS, fromRow } from './user-rows.ts'
import { usernameKey } from '../users/username.ts'

// Errors of the connection, not of the query: refused, reset, timed out, the server shutting
// down or out of connections (SQLSTATE classes 08, 53, 57P).
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

function translate(error: unknown): unknown {
  if (error instanceof postgres.PostgresError) {
    if (error.code === '23505') {
      if (
        error.constraint_name === 'users_username_key' ||
        error.constraint_name === 'users_username_key_key'
      )
        return new TakenError('username')
      if (error.constraint_name === 'users_email_key') return new TakenError('email')
    }
    return /^(08|53|57P)/.test(error.code) ? new StorageUnavailableError(error) : error
  }
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && NETWORK_ERRORS.has(code)
    ? new StorageUnavailableError(error)
    : error
}

/** Runs a query, with the driver's errors translated into the storage's own. */
async function run<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query()
  } catch (error) {
    throw translate(error)
  }
}

const first = async (query: PendingQuery<Row[]>) => {
  const [row] = await query
  return row ? fromRow(row) : undefined
}

export interface PostgresOptions {
  url: string
  /** Connections this process keeps open at most (DATABASE_POOL_MAX). */
  poolMax: number
}

/**
 * Users, login attempts, sessions, stock, orders, the outbox, reset links and the accounts' copies
 * in PostgreSQL (postgres.js, a pool of `poolMax` connections and one more that listens for stock
 * changes; stock, orders and the outbox in postgres-orders.ts, reset links in
 * postgres-password-resets.ts, the copies in postgres-account-state.ts), shared by every replica
 * that uses the same database. Each statement is parameterised by the driver; column names come
 * only from the fixed COLUMNS map. A registration is committed before it is answered.
 */
export async function openPostgresStorage({ url, poolMax }: PostgresOptions): Promise<Storage> {
  const sql = postgres(url, {
    max: poolMax,
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => undefined,
    connection: { application_name: 'meridian' },
  })
  try {
    await run(() => migrate(sql))
  } catch (error) {
    await sql.end({ timeout: 1 })
    throw error
  }

  /** The stored form of these fields: column name to value, the address as jsonb. */
  const columnsOf = (changes: UserChanges) => {
    const columns: Record<string, postgres.ParameterOrJSON<never>> = {}
    for (const field of changedFields(changes)) {
      const value = changes[field] as NewUser[typeof field]
      columns[COLUMNS[field]] = typeof value === 'string' ? value : sql.json({ ...value })
    }
    // A name's key moves with it (users/username.ts).
    if (changes.username !== undefined) columns.username_key = usernameKey(changes.username)
    return columns
  }

  // Statements under way: a connection each, up to the pool's size; the rest wait for one.
  let pending = 0
  const tracked = <T>(query: () => Promise<T>): Promise<T> => {
    pending += 1
    return run(query).finally(() => {
      pending -= 1
    })
  }

  const users: UserStore = {
    findById: (id) => tracked(() => first(sql`SELECT * FROM users WHERE id = ${id}`)),
    findByUsername: (username) =>
      tracked(() => first(sql`SELECT * FROM users WHERE username_key = ${usernameKey(username)}`)),
    // As the unique index compares it.
    findByEmail: (email) =>
      tracked(() => first(sql`SELECT * FROM users WHERE lower(email) = lower(${email})`)),
    isTaken: (field, value, exceptId) =>
      tracked(async () => {
        const rows =
          field === 'username'
            ? await sql`SELECT 1 FROM users WHERE username_key = ${usernameKey(value)} AND id IS DISTINCT FROM ${exceptId ?? null}`
            : await sql`SELECT 1 FROM users WHERE lower(email) = lower(${value}) AND id IS DISTINCT FROM ${exceptId ?? null}`
        return rows.length > 0
      }),
    insert: (user) =>
      tracked(async () => {
        // bigint, as SQLite's INTEGER: the driver answers it as a string.
        const [row] = await sql<{ id: string }[]>`
          INSERT INTO users ${sql(columnsOf(user))} RETURNING id`
        return { ...user, id: Number(row?.id) }
      }),
    update: (id, changes) =>
      tracked(() => {
        const columns = columnsOf(changes)
        return Object.keys(columns).length === 0
          ? first(sql`SELECT * FROM users WHERE id = ${id}`)
          : first(sql`UPDATE users SET ${sql(columns)} WHERE id = ${id} RETURNING *`)
      }),
    count: () =>
      tracked(async () => {
        const [row] = await sql<{ n: number }[]>`SELECT count(*)::integer AS n FROM users`
        return row?.n ?? 0
      }),
  }

  // bigint columns come back as strings (the driver keeps their precision).
  type SessionRow = Record<keyof SessionRecord, string | null>
  const sessionFrom = (row: SessionRow | undefined): SessionRecord | undefined =>
    row && {
      id: String(row.id),
      userId: Number(row.userId),
      refreshId: String(row.refreshId),
      createdAt: Number(row.createdAt),
      expiresAt: Number(row.expiresAt),
      endedAt: row.endedAt === null ? null : Number(row.endedAt),
    }
  const sessionColumns = sql`id, user_id AS "userId", refresh_id AS "refreshId",
    created_at AS "createdAt", expires_at AS "expiresAt", ended_at AS "endedAt"`

  const sessions: SessionStore = {
    start: ({ id, userId, refreshId, createdAt, expiresAt }) =>
      tracked(async () => {
        await sql`INSERT INTO sessions (id, user_id, refresh_id, created_at, expires_at)
                  VALUES (${id}, ${userId}, ${refreshId}, ${createdAt}, ${expiresAt})`
      }),
    find: (id) =>
      tracked(async () => {
        const [row] = await sql<
          SessionRow[]
        >`SELECT ${sessionColumns} FROM sessions WHERE id = ${id}`
        return sessionFrom(row)
      }),
    // Each UPDATE takes the row's lock: of two refreshes with one token, the second finds the
    // token moved on, and ends the session.
    rotate: (id, from, to, at) =>
      tracked(async () => {
        const rotated = await sql`
          UPDATE sessions SET refresh_id = ${to}
          WHERE id = ${id} AND refresh_id = ${from} AND ended_at IS NULL AND expires_at > ${at}
          RETURNING id`
        if (rotated.length > 0) return 'rotated'
        const ended = await sql`
          UPDATE sessions SET ended_at = ${at}
          WHERE id = ${id} AND ended_at IS NULL AND expires_at > ${at}
          RETURNING id`
        return ended.length > 0 ? 'reused' : 'ended'
      }),
    end: (id, at) =>
      tracked(async () => {
        await sql`UPDATE sessions SET ended_at = ${at} WHERE id = ${id} AND ended_at IS NULL`
      }),
    endAllOf: (userId, at, exceptId) =>
      tracked(async () => {
        await sql`UPDATE sessions SET ended_at = ${at}
                  WHERE user_id = ${userId} AND id IS DISTINCT FROM ${exceptId ?? null}
                    AND ended_at IS NULL`
      }),
    prune: (before) =>
      tracked(async () => {
        await sql`DELETE FROM sessions WHERE expires_at <= ${before} OR ended_at <= ${before}`
      }),
  }

  const stock = createPostgresStock(sql, tracked)
  const outbox = createPostgresOutbox(sql, tracked)
  let unlisten: (() => Promise<void>) | undefined
  try {
    unlisten = await run(() => stock.listen())
  } catch (error) {
    await sql.end({ timeout: 1 })
    throw error
  }

  return {
    users,
    loginAttempts: createPostgresAttempts(sql, tracked),
    sessions,
    stock: stock.stock,
    orders: createPostgresOrders(sql, tracked, { stock, outbox }),
    outbox: outbox.outbox,
    accountState: createPostgresAccountState(sql, tracked),
    passwordResets: createPostgresPasswordResets(sql, tracked, outbox),
    operators: createPostgresOperators(sql, tracked),
    ping: () => tracked(async () => void (await sql`SELECT 1`)),
    close: async () => {
      await unlisten?.().catch(() => undefined)
      await sql.end({ timeout: 5 })
    },
    poolStats: () => ({
      inUse: Math.min(pending, poolMax),
      waiting: Math.max(0, pending - poolMax),
    }),
  }
}
