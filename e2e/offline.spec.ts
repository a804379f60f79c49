import { expect, test } from '@playwright/test'
import { openOffline } from './support/offline.ts'

test('after a first visit, a visited listing and product open offline, with a notice', async ({
  page,
}) => {
  await page.goto('/products/laptops')
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const title = (await cards.first().getByRole('heading').textContent()) ?? ''
  await cards.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // The service worker installs after load and takes control; wait until it has.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
  })

  const online = await openOffline(page, '/products/laptops')
  await expect(page.getByText(/You are offline/)).toBeVisible()
  await expect(cards.first().getByRole('heading')).toHaveText(title)
  await cards.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await online()
  await expect(page.getByText(/You are offline/)).toBeHidden()
})

test('a second load of /products paints products with the network offline', async ({
  page,
  context,
}) => {
  await page.goto('/products')
  await expect(
    page.getByRole('region', { name: 'Products' }).getByRole('article').first(),
  ).toBeVisible()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('article')).toHaveCount(30)
})
