import { afterAll, beforeAll, describe } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../../testing/postgres-cluster.ts'
import { WITH_POSTGRES } from '../../testing/test-api.ts'
import { openPostgresStorage } from './postgres.ts'
import { describeStorageContract } from '../../testing/storage-contract.ts'

describe.runIf(WITH_POSTGRES)('PostgreSQL', () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 60_000)
  afterAll(() => cluster?.stop())

  describeStorageContract('PostgreSQL', {
    async fresh() {
      const url = await cluster.createDatabase()
      return () => openPostgresStorage({ url, poolMax: 4 })
    },
  })
})
