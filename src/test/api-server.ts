import { http } from 'msw'
import { setupServer } from 'msw/node'
import { createTestApi, type TestApi } from '../../server/test-support.ts'

/**
 * The network seam of component tests: MSW hands every /api request to the real catalogue
 * server's request handler (real catalogue, in-memory user store), so the SPA is tested against
 * the API it really uses. Tests override single endpoints with `apiServer.use(...)` for faults.
 */
let current: TestApi | undefined

export async function resetTestApi(): Promise<TestApi> {
  current = await createTestApi()
  return current
}

export function testApi(): TestApi {
  if (!current) throw new Error('The test API is created in vitest.setup.ts before each test')
  return current
}

export const apiServer = setupServer(
  http.all('*/api/*', ({ request }) => testApi().app.fetch(request)),
)
