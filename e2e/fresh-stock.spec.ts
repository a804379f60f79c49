import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_ADMIN_TOKEN } from './support/server-env.ts'
import { addToCart, cartBadge, fillAddress, fillCard } from './support/shopper-state.ts'

/**
 * Stock a device can trust (rules.md § Stock), with the service worker on as a shopper has it:
 * the device that bought the last units shows them sold out at once, and a cart whose stock the
 * operator lowered is corrected as it opens, not at Place Order.
 */

const admin = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }

async function setStock(request: APIRequestContext, productId: number, stock: number) {
  const res = await request.put('/api/admin/stock', {
    headers: admin,
    data: [{ productId, stock }],
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** The service worker controls the page: its caches answer the app's reads from here on. */
const workerControls = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null)

/** The product's stock as this device's service worker keeps it (its catalogue cache). */
const keptByWorker = (page: Page, productId: number) =>
  page.evaluate(async (id) => {
    const cache = await caches.open('meridian-api')
    const kept = await cache.match(`/api/products/${id}`)
    return kept ? ((await kept.json()) as { stock: number }).stock : undefined
  }, productId)

const JOURNEYS = [
  { width: 390, height: 844, bought: 168, lowered: 170 },
  { width: 1280, height: 900, bought: 169, lowered: 171 },
] as const

for (const { width, height, bought, lowered } of JOURNEYS) {
  test(`the last units bought on this device show sold out when its page opens again (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height })
    // Three, not two: stock.spec.ts takes the first product with exactly 2 left for its own.
    await setStock(request, bought, 3)
    await page.goto('/')
    await workerControls(page)
    await addToCart(page, [bought])
    for (let count = 2; count <= 3; count++) {
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await expect(cartBadge(page, count)).toBeVisible()
    }
    await page.goto('/checkout')
    await fillAddress(page)
    await fillCard(page)
    await page
      .getByRole('region', { name: 'Order Review' })
      .getByRole('button', { name: 'Place Order' })
      .click()
    await expect(page).toHaveURL(/\/order-confirmation$/)

    // The worker's copy is the server's answer after the order, not the one from before it.
    await expect.poll(() => keptByWorker(page, bought)).toBe(0)
    // Its page, which this browser kept from before the order (Add to Cart), is the server's now.
    await page.goto(`/product/${bought}`)
    await expect(page.getByText('Out of Stock').first()).toBeVisible()
    const add = page.getByRole('button', { name: 'Add to Cart' })
    await expect(add).toHaveAttribute('aria-disabled', 'true')
    await add.press('Enter')
    await expect(page.getByText('Product Added To Cart Succesfully')).toHaveCount(0)
  })

  test(`a cart whose stock the operator lowered is corrected as it opens (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height })
    await setStock(request, lowered, 5)
    await page.goto('/')
    await workerControls(page)
    await addToCart(page, [lowered])
    for (let count = 2; count <= 4; count++) {
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await expect(cartBadge(page, count)).toBeVisible()
    }

    // The operator counts 1: the device's copies (fresh for minutes) say 5.
    await setStock(request, lowered, 1)
    await page.goto('/cart')
    await expect(page.getByText('Quantity lowered to 1: only 1 left')).toBeVisible()
    await expect(page.getByText(/Quantity: 1$/)).toBeVisible()
    await page.goto('/checkout')
    await expect(page.getByText(/Quantity: 4/)).toHaveCount(0)
  })
}
