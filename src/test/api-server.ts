import { http } from 'msw'
import { setupServer } from 'msw/node'
import { onTestFinished } from 'vitest'
import { createDummyJsonApp } from '../../testing/dummyjson/dummyjson-app.ts'
import { capturedLogs, createTestApi, type TestApi } from '../../testing/test-api.ts'

/**
 * The network seam of component tests: MSW hands every /api request to the real catalogue
 * server's request handler (real catalogue, in-memory user store), so the SPA is tested against
 * the API it really uses. Tests override single endpoints with `apiServer.use(...)` for faults.
 */
let current: TestApi | undefined
let logs: Record<string, unknown>[] = []

export async function resetTestApi(): Promise<TestApi> {
  const captured = capturedLogs()
  logs = captured.lines
  current = await createTestApi(undefined, { logger: captured.logger })
  return current
}

/** What the test API has logged since this test began (JSON lines, parsed). */
export const testApiLogs = (): readonly Record<string, unknown>[] => logs

export function testApi(): TestApi {
  if (!current) throw new Error('The test API is created in vitest.setup.ts before each test')
  return current
}

export const apiServer = setupServer(
  http.all('*/api/*', ({ request }) => testApi().app.fetch(request)),
)

/**
 * Points the SPA's API at the DummyJSON dialect (testing/dummyjson: recorded answers of the public
 * API, pictures on its CDN) instead of our server, for the rest of the test.
 */
export function useDummyJsonApi() {
  const dummy = createDummyJsonApp()
  apiServer.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url)
      url.pathname = url.pathname.replace(/^\/api/, '')
      const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.text()
      return dummy.fetch(
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
