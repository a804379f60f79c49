import { join } from 'node:path'
import type { ServerConfig } from '../config.ts'
import { openPostgresStorage } from './postgres.ts'
import { openSqliteStorage } from './sqlite.ts'
import type { Storage } from './storage.ts'

/**
 * The storage the configuration asks for, its schema migrated: PostgreSQL when DATABASE_URL is
 * set (several replicas share it), otherwise SQLite in `DATA_DIR/users.db` (zero set-up).
 */
export function openStorage(config: Pick<ServerConfig, 'dataDir' | 'database'>): Promise<Storage> {
  return config.database
    ? openPostgresStorage(config.database)
    : Promise.resolve(openSqliteStorage(join(config.dataDir, 'users.db')))
}
