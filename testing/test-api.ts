import { Writable } from 'node:stream'
import { ManualClock } from './manual-clock.ts'
import { createApp } from '../server/app.ts'
import type { AppDeps } from '../server/app-deps.ts'
import type { ScryptCost } from '../server/auth/password.ts'
import type { NodeBindings } from '../server/http/client-address.ts'
import { loadCatalogue, type Catalogue } from '../server/catalogue/catalogue.ts'
import { createLogger, type LoggerOptions } from '../server/observability/logger.ts'
import { mailSeal } from '../server/mail/sealed-mail.ts'
import type { OutboxMessage } from '../server/mail/outbox.ts'
import { openSqliteStorage } from '../server/storage/sqlite.ts'
import type { Storage } from '../server/storage/storage.ts'
import { createAccounts } from '../server/users/accounts.ts'
import { seedUsers } from '../server/users/seed-users.ts'
import { openLiveStock, type LiveStock } from '../server/orders/live-stock.ts'
import type { UserStore } from '../server/users/user-store.ts'

/** Cheap hashing for tests only; production keeps DEFAULT_SCRYPT_COST. */
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 10, r: 8, p: 1 }
/**
 * The sign-in's proof of work in tests: 8 bits and one more every 10 failures (production asks
 * 14 to 20, server/auth/login-throttle.ts). Its hashing is real work, in the test and in the app
 * solving it: at production's bits a test of a much-guessed account took 2-4 s alone, past 5 s
 * beside another run.
 */
export const TEST_PROOF = { minBits: 8, maxBits: 12, step: 10 }
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256'
/** The client a test's request comes from unless it says (an address reserved for documentation). */
export const TEST_CLIENT = '192.0.2.1'

let catalogue: Catalogue | undefined

/**
 * What @hono/node-server hands the site beside a request from `address` (its socket), for a site
 * a test calls in-process: `site.request(path, init, connectionFrom('198.51.100.4'))`.
 */
export const connectionFrom = (address = TEST_CLIENT, localPort = 4173): NodeBindings => ({
  incoming: { socket: { remoteAddress: address, localPort } },
})

export interface CallInit {
  method?: string
  /**
   * Sent as JSON; a string is sent as it is (for malformed bodies). Its Content-Type is
   * application/json unless `headers` name another.
   */
  body?: unknown
  /** An access token, sent as `Authorization: Bearer`. */
  token?: string
  headers?: Record<string, string>
  /** The address the request comes from (the limits count by it); default TEST_CLIENT. */
  client?: string
}

/** An API request as the tests make it: POST when it has a body, GET otherwise. */
export function requestInit(init: CallInit = {}): RequestInit {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  let body: string | undefined
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  }
  return { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }
}

export interface TestApi {
  app: ReturnType<typeof createApp>
  clock: ManualClock
  users: UserStore
  storage: Storage
  /** The stock as the API shows it. */
  stock: LiveStock
  /** GET/POST/… against the app, with a JSON body when given one. */
  call(path: string, init?: CallInit): Promise<Response>
  /** A request answered by the app as if it came from TEST_CLIENT (as MSW hands one on). */
  fetch(request: Request): Promise<Response>
  /**
   * The mails queued since the last look, marked sent and opened as the server's mailer opens
   * them (a reset link's waits sealed): what a shopper's mailbox would receive.
   */
  mails(): Promise<OutboxMessage[]>
}

/**
 * The real API (real catalogue, real storage: SQLite in memory unless given another) with the
 * demo shopper seeded; `extra` adds logs, metrics or another search, or a clock of the test's own.
 */
export async function createTestApi(
  storage: Storage = openSqliteStorage(':memory:'),
  {
    clock = new ManualClock(),
    ...extra
  }: Pick<
    AppDeps,
    | 'logger'
    | 'metrics'
    | 'searcher'
    | 'cacheBytes'
    | 'siteUrl'
    | 'limits'
    | 'trustedClients'
    | 'adminToken'
  > & { clock?: ManualClock } = {},
): Promise<TestApi> {
  catalogue ??= loadCatalogue()
  const users = storage.users
  await seedUsers(users, createAccounts(users, TEST_SCRYPT))
  const stock = await openLiveStock(catalogue, storage)
  const app = createApp({
    catalogue,
    stock,
    storage,
    secret: TEST_SECRET,
    clock,
    scryptCost: TEST_SCRYPT,
    proofOfWork: TEST_PROOF,
    ...extra,
  })
  return {
    app,
    clock,
    users,
    storage,
    stock,
    call: (path, init) =>
      Promise.resolve(
        app.request(path, requestInit(init), { client: init?.client ?? TEST_CLIENT }),
      ),
    fetch: (request) => Promise.resolve(app.fetch(request, { client: TEST_CLIENT })),
    async mails() {
      const { open } = mailSeal(TEST_SECRET)
      const claimed = await storage.outbox.claim(clock.now(), 60_000, 100)
      for (const message of claimed) await storage.outbox.sent(message.id, clock.now())
      return claimed.map(open)
    },
  }
}

export async function login(
  api: Pick<TestApi, 'call'>,
  username = 'emilys',
  password = 'emilyspass',
) {
  const res = await api.call('/api/auth/login', { body: { username, password } })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { accessToken: string; refreshToken: string; id: number }
}

/** A logger whose lines the test reads: as written (`raw`) and parsed (`lines`). */
export function capturedLogs(options: Omit<LoggerOptions, 'destination'> = {}) {
  const raw: string[] = []
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line)
        lines.push(JSON.parse(line) as Record<string, unknown>)
      }
      done()
    },
  })
  return { logger: createLogger({ ...options, destination }), raw, lines }
}
