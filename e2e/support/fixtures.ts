import { test as base } from '@playwright/test'
import {
  newShopper,
  placedOrderState,
  restoreAccountCopy,
  type Shopper,
  type StorageState,
} from './shopper-state.ts'

/**
 * `test` as a shopper in real use: each test starts signed in, with a placed order, a saved
 * address, a filled cart and a saved item (`shopperState`, built once per worker through the real
 * pages, for a shopper of the worker's own). The account's copy on the server is put back to that
 * state before each test, so what one test changed does not reach the next through the sync. A
 * step that cannot find its control fails at once, not at the end of the test's time.
 */
export const test = base.extend<object, { shopper: Shopper; shopperState: StorageState }>({
  shopper: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      })
      await use(await newShopper(request))
      await request.dispose()
    },
    { scope: 'worker' },
  ],
  shopperState: [
    async ({ browser, shopper }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL
      if (!baseURL) throw new Error('the Playwright project needs a baseURL')
      await use(await placedOrderState(browser, baseURL, shopper))
    },
    { scope: 'worker' },
  ],
  // Its own request context: the test's `request` is made with the storage state being set here.
  storageState: async ({ shopper, shopperState, playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL })
    await restoreAccountCopy(request, shopper, shopperState)
    await request.dispose()
    await use(shopperState)
  },
  actionTimeout: 10_000,
})

export { expect } from '@playwright/test'
