import type { Page } from '@playwright/test'

const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }

/**
 * Tells the page's current document that the browser is offline, after `context.setOffline(true)`
 * and a navigation. Debian bookworm's Chromium (150) keeps Playwright's offline emulation from the
 * network of a document loaded after it, but not from its `navigator.onLine`, which stays true
 * (checked: false on the document that was open, true after a navigation or on a new page), where
 * a browser that has really lost its connection says false everywhere, as Playwright's own
 * Chromium does. The same emulation sent again on the loaded document sets it and fires the
 * page's `offline` event, without the network ever coming back in between. Call the returned
 * function before `context.setOffline(false)`.
 */
export async function announceOffline(page: Page): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page)
  await session.send('Network.emulateNetworkConditions', OFFLINE)
  return () => session.detach()
}

/**
 * Takes the browser offline and opens `path` there, as a shopper whose connection dropped (the
 * page then says offline, see announceOffline). The function returned brings the network back.
 */
export async function openOffline(page: Page, path: string): Promise<() => Promise<void>> {
  await page.context().setOffline(true)
  await page.goto(path)
  const announced = await announceOffline(page)
  return async () => {
    await announced()
    await page.context().setOffline(false)
  }
}

/**
 * Waits until a first visit has left what a later offline one needs: the service worker controls
 * the page (its precache holds the app), and the catalogue saved on this device holds `shown`
 * (e.g. a product title the page shows), as lib/query-persistence.ts keeps it.
 */
export async function keptForOffline(page: Page, shown: string): Promise<void> {
  await page.waitForFunction(
    (text) =>
      navigator.serviceWorker.controller !== null &&
      (localStorage.getItem('meridian-query-cache') ?? '').includes(text),
    shown,
  )
}
