import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../../testing/postgres-cluster.ts'
import { openPostgresStorage } from './postgres.ts'
import { describeAccountStorageContract } from '../../testing/account-storage-contract.ts'
import { describeOrderStorageContract } from '../../testing/order-storage-contract.ts'
import { describeOperatorStorageContract } from '../../testing/operator-storage-contract.ts'
import { describeStorageContract } from '../../testing/storage-contract.ts'
import { describeResetStorageContract } from '../../testing/password-reset-storage-contract.ts'

describe('PostgreSQL', () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 60_000)
  // Stopping the cluster waits for its checkpoint: seconds on a busy machine, past the 10 s default.
  afterAll(() => cluster?.stop(), 60_000)

  const postgresHarness = {
    async fresh() {
      const url = await cluster.createDatabase()
      return () => openPostgresStorage({ url, poolMax: 4 })
    },
  }
  describeStorageContract('PostgreSQL', postgresHarness)
  describeOrderStorageContract('PostgreSQL', postgresHarness)
  describeOperatorStorageContract('PostgreSQL', postgresHarness)
  describeAccountStorageContract('PostgreSQL', postgresHarness)
  describeResetStorageContract('PostgreSQL', postgresHarness)

  it('gives the users of a database from before name keys each its key, a later look-alike its id after a #', async () => {
    const url = await cluster.createDatabase()
    await (await openPostgresStorage({ url, poolMax: 2 })).close()
    // Back to version 2 of the schema, with two names that are one under the new comparison.
    const sql = postgres(url, { onnotice: () => undefined })
    await sql`DROP INDEX users_username_key_key`
    await sql`ALTER TABLE users DROP COLUMN username_key`
    await sql`DROP TABLE sessions`
    await sql`DROP TABLE stock, stock_changes, orders, order_events, idempotency_keys, outbox`
    await sql`DROP TABLE password_resets, operators, operator_sessions`
    await sql`DROP TABLE account_entries, account_versions`
    await sql`ALTER TABLE login_attempts DROP COLUMN weight`
    await sql`DELETE FROM schema_migrations WHERE version >= 3`
    for (const [username, email] of [
      ['Zoë', 'zoe1@example.com'],
      ['zoe', 'zoe2@example.com'],
    ])
      await sql`INSERT INTO users (username, email, password_hash, first_name, last_name)
                VALUES (${username!}, ${email!}, 'scrypt$1$1$1$a$b', 'Z', 'Z')`
    await sql.end()

    const storage = await openPostgresStorage({ url, poolMax: 2 })
    try {
      expect((await storage.users.findByUsername('ZOE'))?.email).toBe('zoe1@example.com')
      expect((await storage.users.findByUsername('zoe#2'))?.email).toBe('zoe2@example.com')
    } finally {
      await storage.close()
    }
  })
})
