import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp, type ApiApp } from './app.ts'
import { loadCatalogue } from './catalogue/catalogue.ts'
import { systemClock } from './clock.ts'
import type { ServerConfig } from './config.ts'
import { createAccounts } from './users/accounts.ts'
import { seedUsers } from './users/seed-users.ts'
import { openUserStore } from './users/user-store.ts'

export interface ApiRuntime {
  app: ApiApp
  close(): void
}

/** The JWT secret kept beside the database, created once, readable by the owner only. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  return secret
}

/** Opens the user store (seeding the demo shopper) and builds the API: shared by `npm start` and `npm run dev`. */
export async function startApi(
  config: Pick<ServerConfig, 'dataDir' | 'jwtSecret' | 'corsOrigins'>,
): Promise<ApiRuntime> {
  const users = openUserStore(join(config.dataDir, 'users.db'))
  await seedUsers(users, createAccounts(users))
  const app = createApp({
    catalogue: loadCatalogue(),
    users,
    secret: config.jwtSecret ?? persistentSecret(config.dataDir),
    clock: systemClock,
    corsOrigins: config.corsOrigins,
  })
  return { app, close: () => users.close() }
}
