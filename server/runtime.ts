import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp, type ApiApp } from './app.ts'
import { OUTBOX_FOLDER, PRIVATE_FILE, privateDataDir, privateDir } from './data-dir.ts'
import { loadCatalogue } from './catalogue/catalogue.ts'
import { workerSearch } from './catalogue/search-service.ts'
import { systemClock } from './clock.ts'
import type { ServerConfig } from './config.ts'
import type { Logger } from './observability/logger.ts'
import type { Metrics } from './observability/metrics.ts'
import { outboxFolderTransport, smtpTransport } from './mail/transport.ts'
import { startMailer } from './mail/mailer.ts'
import { mailSeal } from './mail/sealed-mail.ts'
import { fallbackLogger } from './observability/logger.ts'
import { openLiveStock, type LiveStock } from './orders/live-stock.ts'
import { openStorage } from './storage/open-storage.ts'
import { schedulePrunes } from './storage/prunes.ts'
import { createAccounts } from './users/accounts.ts'
import { seedUsers } from './users/seed-users.ts'

export interface ApiRuntime {
  app: ApiApp
  /** The stock as it stands: the site's pages forget what shows a product whose stock changed. */
  stock: LiveStock
  /** Where the mail goes, in words, for the start-up line. */
  mail: string
  /** Closes the database (or its pool) once the queries under way have finished. */
  close(): Promise<void>
}

/** The JWT secret kept beside the database, created once, readable by the owner only. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  privateDir(dataDir)
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE, flag: 'wx' })
  return secret
}

/**
 * Opens the storage (migrating its schema, seeding the demo shopper) and builds the API: shared by
 * `npm start` and `npm run dev`.
 */
export async function startApi(
  config: Pick<
    ServerConfig,
    | 'dataDir'
    | 'database'
    | 'jwtSecret'
    | 'acceptedSecrets'
    | 'corsOrigins'
    | 'apiCacheBytes'
    | 'siteUrl'
    | 'adminToken'
    | 'mail'
    | 'limits'
    | 'trustedClients'
  >,
  {
    logger = fallbackLogger(),
    metrics,
    brand,
  }: { logger?: Logger; metrics?: Metrics; brand?: string } = {},
): Promise<ApiRuntime> {
  // The files an earlier start left, made the server's own before anything is read or written.
  privateDataDir(config.dataDir)
  const storage = await openStorage(config)
  if (storage.poolStats) metrics?.watchPool(() => storage.poolStats?.() ?? { inUse: 0, waiting: 0 })
  metrics?.watchOutbox(() => storage.outbox.pendingByKind())
  const catalogue = loadCatalogue()
  let stock: LiveStock
  try {
    await seedUsers(storage.users, createAccounts(storage.users))
    // The stock the database holds, seeded from the catalogue on the first start.
    stock = await openLiveStock(catalogue, storage)
  } catch (error) {
    await storage.close()
    throw error
  }
  // loadConfig requires JWT_SECRET with a database server: a file would differ per machine.
  const secret = config.jwtSecret ?? persistentSecret(config.dataDir)
  const transport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : outboxFolderTransport(join(config.dataDir, OUTBOX_FOLDER), config.mail.from)
  const mailer = startMailer({
    outbox: storage.outbox,
    transport,
    clock: systemClock,
    logger,
    metrics,
    // Reset links wait in the outbox sealed by a key of the token secret (sealed-mail.ts).
    open: mailSeal(secret, config.acceptedSecrets).open,
  })
  const prunes = schedulePrunes(storage, { clock: systemClock, logger })
  // Off the event loop: a search burst must not hold the other answers (decisions.md § Search limits).
  const searcher = workerSearch(catalogue)
  const app = createApp({
    catalogue,
    stock,
    searcher,
    storage,
    secret,
    acceptedSecrets: config.acceptedSecrets,
    clock: systemClock,
    corsOrigins: config.corsOrigins,
    cacheBytes: config.apiCacheBytes,
    siteUrl: config.siteUrl,
    adminToken: config.adminToken,
    limits: config.limits,
    trustedClients: config.trustedClients,
    brand,
    logger,
    metrics,
  })
  return {
    app,
    stock,
    mail: transport.description,
    close: async () => {
      prunes.stop()
      await mailer.close()
      stock.close()
      await searcher.close()
      await storage.close()
    },
  }
}
