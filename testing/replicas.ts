import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'

/** The JWT_SECRET the replicas share, so that each accepts the other's tokens. */
export const REPLICA_SECRET = 'a-secret-both-replicas-share-of-48-characters!!'

/**
 * Replicas of the shop as a load balancer would have them, for tests (docs/testing.md): `npm
 * start` processes on a PostgreSQL of the test's own and one JWT_SECRET, each with a DATA_DIR of
 * its own, so nothing passes between them but the database. `setUp` in a beforeAll, then `start`
 * each replica; `tearDown` in an afterAll kills them all (-9), the cluster and their folders.
 */
export function replicasOnOnePostgres(env: () => Record<string, string> = () => ({})) {
  let cluster: PostgresCluster | undefined
  let databaseUrl = ''
  const dirs: string[] = []
  const running: ServerProcess[] = []

  return {
    /** The cluster, to pause and start again; there once `setUp` has resolved. */
    get cluster(): PostgresCluster {
      if (!cluster) throw new Error('replicasOnOnePostgres: setUp() first')
      return cluster
    },
    /** The replicas' database. */
    get databaseUrl() {
      return databaseUrl
    },
    async setUp() {
      cluster = await startPostgresCluster()
      databaseUrl = await cluster.createDatabase()
    },
    /** A replica more, with the set's `env`; `clockAheadMs` sets its clock ahead of the machine's. */
    start({ clockAheadMs = 0 }: { clockAheadMs?: number } = {}): ServerProcess {
      const dataDir = mkdtempSync(join(tmpdir(), 'meridian-replica-'))
      dirs.push(dataDir)
      const replica = startServerProcess(
        {
          DATABASE_URL: databaseUrl,
          JWT_SECRET: REPLICA_SECRET,
          DATA_DIR: dataDir,
          DATABASE_POOL_MAX: '5',
          ...env(),
        },
        { captureStderr: true, clockAheadMs },
      )
      running.push(replica)
      return replica
    },
    async tearDown() {
      for (const replica of running) replica.child.kill('SIGKILL')
      await Promise.all(running.map((replica) => replica.exited))
      await cluster?.stop()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}
