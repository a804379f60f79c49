import { test as base } from '@playwright/test'
import { placedOrderState, type StorageState } from './shopper-state.ts'

/**
 * `test` with `shopperState`: the storage state of a signed-in shopper with a placed order, a saved
 * address, a filled cart and a saved item, built once per worker through the real pages.
 * `test.use({ storageState: ({ shopperState }, use) => use(shopperState) })` starts each test there.
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
})

export { expect } from '@playwright/test'
