import { afterAll, beforeAll, describe } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../../scripts/postgres-cluster.ts'
import { WITH_POSTGRES } from '../test-support.ts'
import { openPostgresStorage } from './postgres.ts'
import { describeStorageContract } from './storage-contract.ts'

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
