import { expect, test } from '@playwright/test'
import { keptForOffline, openOffline } from './support/offline.ts'

test('after a first visit, a visited listing and product open offline, with a notice', async ({
  page,
}) => {
  await page.goto('/products/laptops')
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const title = (await cards.first().getByRole('heading').textContent()) ?? ''
  await cards.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // The service worker installs after load and takes control, and the catalogue is saved: wait.
  await keptForOffline(page, title)

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
  const last = page.getByRole('region', { name: 'Products' }).getByRole('article').last()
  await keptForOffline(page, (await last.getByRole('heading').textContent()) ?? '')
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('article')).toHaveCount(30)
})
