import { test as base } from '@playwright/test'
import { placedOrderState, type StorageState } from './shopper-state.ts'

/**
 * `test` as a shopper in real use: each test starts signed in, with a placed order, a saved
 * address, a filled cart and a saved item (`shopperState`, built once per worker through the real
 * pages). A step that cannot find its control fails at once, not at the end of the test's time.
 */
export const test = base.extend<object, { shopperState: StorageState }>({
  shopperState: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL
      if (!baseURL) throw new Error('the Playwright project needs a baseURL')
      await use(await placedOrderState(browser, baseURL))
    },
    { scope: 'worker' },
  ],
  storageState: async ({ shopperState }, use) => use(shopperState),
  actionTimeout: 10_000,
})

export { expect } from '@playwright/test'
