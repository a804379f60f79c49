import { http } from 'msw'
import { setupServer } from 'msw/node'
import { onTestFinished } from 'vitest'
import { ManualClock } from '../../testing/manual-clock.ts'
import { env } from '../lib/env.ts'
import type { CallInit, TestApi } from '../../testing/test-api.ts'

/**
 * The network seam of component tests: MSW hands every /api request to the real catalogue
 * server's request handler (real catalogue, in-memory user store), so the SPA is tested against
 * the API it really uses. Tests override single endpoints with `apiServer.use(...)` for faults.
 *
 * Each test has an API of its own (its users, sessions, clock and logs), made when the test first
 * asks it something: a test that never does (most unit tests) neither makes one nor loads the
 * server's code.
 */

/** The test's API, as the tests reach it. */
export interface ClientTestApi {
  /** Answers a request as the API does (an MSW handler hands it on). */
  fetch(request: Request): Promise<Response>
  /** GET/POST/… against the API, with a JSON body when given one (testing/test-api.ts). */
  call(path: string, init?: CallInit): Promise<Response>
  /** The API's clock, which only the test moves. */
  clock: ManualClock
  /** The mails it has queued since the last look, as the shopper would receive them. */
  mails: TestApi['mails']
}

/** The operator's token the test API takes (its orders and stock: docs/api.md § Orders). */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789'

let clock = new ManualClock()
let made: Promise<TestApi> | undefined
let logs: Record<string, unknown>[] = []

async function makeApi(): Promise<TestApi> {
  const { capturedLogs, createTestApi } = await import('../../testing/test-api.ts')
  const captured = capturedLogs()
  logs = captured.lines
  return createTestApi(undefined, { logger: captured.logger, clock, adminToken: TEST_ADMIN_TOKEN })
}

const api = () => (made ??= makeApi())

/**
 * Loads, once per file, what a component test's first request and first render load: the
 * server's code and the catalogue (an API made and dropped), and the app's route tree. About a
 * second on a quiet machine, all of it loading modules: paid in the file's set-up (vitest.setup.ts),
 * not inside its first test's time, which a busy machine had run past (docs/testing.md § How long
 * it takes).
 */
export async function warmUp(): Promise<void> {
  const { createTestApi } = await import('../../testing/test-api.ts')
  await Promise.all([createTestApi(), import('../router.tsx')])
}

/** Before each test (vitest.setup.ts): a new API for the test, made on its first request. */
export function resetTestApi(): Promise<void> {
  made = undefined
  logs = []
  clock = new ManualClock()
  return Promise.resolve()
}

/** What the test API has logged since this test began (JSON lines, parsed). */
export const testApiLogs = (): readonly Record<string, unknown>[] => logs

export function testApi(): ClientTestApi {
  return {
    fetch: async (request) => (await api()).fetch(request),
    call: async (path, init) => (await api()).call(path, init),
    mails: async () => (await api()).mails(),
    clock,
  }
}

export const apiServer = setupServer(http.all('*/api/*', ({ request }) => testApi().fetch(request)))

/**
 * Points the SPA's API at the DummyJSON dialect (testing/dummyjson: recorded answers of the public
 * API, pictures on its CDN) instead of our server, for the rest of the test, and has the app run
 * as built for another API (VITE_API_URL): what it offers only with ours (an account's copy on the
 * server, orders kept there, password reset) stays off, as it does for a shopper of that build.
 */
export function useDummyJsonApi() {
  const built = env as { bundledApi: boolean }
  const bundledApi = built.bundledApi
  built.bundledApi = false
  onTestFinished(() => {
    built.bundledApi = bundledApi
  })
  const dummy = import('../../testing/dummyjson/dummyjson-app.ts').then((dialect) =>
    dialect.createDummyJsonApp(),
  )
  apiServer.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url)
      url.pathname = url.pathname.replace(/^\/api/, '')
      const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.text()
      return (await dummy).fetch(
        new Request(url, { method: request.method, headers: request.headers, body }),
      )
    }),
  )
}

/**
 * The path and query (decoded) of every API request the app makes from now until the test ends.
 */
export function recordRequests(): string[] {
  const urls: string[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    urls.push(decodeURIComponent(url.pathname + url.search))
  }
  apiServer.events.on('request:start', listener)
  onTestFinished(() => apiServer.events.removeListener('request:start', listener))
  return urls
}

/** The query strings (`?q=…`) of the searches the app asks the API for, from now on. */
export function recordSearches(): () => string[] {
  const requests = recordRequests()
  const search = '/api/products/search?'
  return () =>
    requests.filter((url) => url.startsWith(search)).map((url) => url.slice(search.length - 1))
}
