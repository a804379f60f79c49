import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { createTestApi, TEST_CLIENT, type TestApi } from '../../testing/test-api.ts'

/**
 * The back office's component tests (admin/*.test.tsx), as the storefront's are (vitest.setup.ts):
 * MSW hands every /api request to the real server's handler, a new API (its own storage, orders
 * and operators) for each test. Apart from the storefront's set-up, whose support imports the
 * storefront's router: the back office is an app of its own, with a router of its own.
 */

configure({ asyncUtilTimeout: 5_000 })
Element.prototype.scrollIntoView = () => undefined
window.scrollTo = () => undefined

// jsdom has <dialog> but not its methods (as vitest.setup.ts gives them to the storefront's tests).
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '')
}
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.removeAttribute('open')
}

export const TEST_ADMIN_TOKEN = 'admin-test-token-0123456789'

let api: Promise<TestApi> | undefined
/** This test's API, made on its first use. */
export const backOfficeApi = () =>
  (api ??= createTestApi(undefined, {
    adminToken: TEST_ADMIN_TOKEN,
    // Its orders come from one address, as a test runner's do (e2e/support/server-env.ts).
    trustedClients: [TEST_CLIENT],
  }))

const server = setupServer(
  http.all('*/api/*', async ({ request }) => (await backOfficeApi()).fetch(request)),
)

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  // The server's code and the catalogue, loaded in the file's set-up rather than its first test.
  await createTestApi()
})
beforeEach(() => {
  api = undefined
  localStorage.clear()
  document.title = ''
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())
