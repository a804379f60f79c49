import { execFileSync } from 'node:child_process'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { newOrderKey, orderBody } from '../testing/orders.ts'
import { snifferErrors } from './support/sniffer.ts'

/**
 * The operator's day in the back office (docs/api.md § Operator), on the built app and the real
 * server, at a phone's width and a desk's: signing in, an order found and shipped with its
 * tracking, another cancelled (its units back in stock), a delivery added to the stock, and each
 * page checked by axe and HTML CodeSniffer, in one theme per width.
 */

const PASSWORD = 'a-long-e2e-operator-password'

/** An operator made as the shop's owner makes one: `npm run operator -- add`, on the suite's storage. */
function addOperator(email: string) {
  execFileSync(
    process.execPath,
    ['--experimental-strip-types', '--experimental-sqlite', 'server/operator-cli.ts', 'add', email],
    {
      cwd: `${import.meta.dirname}/..`,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, OPERATOR_PASSWORD: PASSWORD },
      stdio: 'pipe',
    },
  )
}

async function placeOrder(request: APIRequestContext, productId: number, email: string) {
  const res = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': newOrderKey() },
    data: { ...orderBody(productId, 2), email },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { number: string }).number
}

const stockOf = async (request: APIRequestContext, id: number) =>
  ((await (await request.get(`/api/products/${id}`)).json()) as { stock: number }).stock

/** axe's violations and HTML CodeSniffer's errors on the page as it is now. */
async function accessibilityReport(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return [
    ...results.violations.map(
      (violation) =>
        `${name}: ${violation.id} ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
    ...(await snifferErrors(page)).map((error) => `${name}: HTMLCS ${error}`),
  ]
}

const JOURNEYS = [
  { width: 390, height: 844, theme: 'dark', productId: 162, sku: 'AUT-DRI-162' },
  { width: 1280, height: 900, theme: 'light', productId: 165, sku: 'AUT-TER-165' },
] as const

for (const { width, height, theme, productId, sku } of JOURNEYS) {
  test(`an operator signs in, ships an order with its tracking, cancels another and adds a delivery (${width} px, ${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const email = `operator-${width}@shop.example`
    addOperator(email)
    await page.setViewportSize({ width, height })
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    const report: string[] = []
    const shopper = `back-office-${width}-${Date.now()}@example.com`
    const toShip = await placeOrder(request, productId, shopper)
    const toCancel = await placeOrder(request, productId, shopper)
    const stockAfterOrders = await stockOf(request, productId)

    // Signed out: the sign-in, which brings the operator back to the orders.
    const shell = await page.goto('/admin')
    expect(shell?.headers()['cache-control']).toBe('no-store')
    expect(shell?.headers()['x-robots-tag']).toContain('noindex')
    await expect(page.getByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()
    report.push(...(await accessibilityReport(page, 'sign-in')))
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/?(\?|$)/)

    // Found by the shopper's email: the two orders, newest first.
    await page.getByLabel('Number, email or name').fill(shopper)
    await page.getByRole('button', { name: 'Find' }).click()
    const list = page.getByRole('list', { name: 'Orders, newest first' })
    await expect(list.getByRole('link')).toHaveText([toCancel, toShip])
    report.push(...(await accessibilityReport(page, 'orders')))

    // Shipped, with its tracking; the history says by whom.
    await list.getByRole('link', { name: toShip }).click()
    await expect(page.getByRole('heading', { name: `Order ${toShip}` })).toBeFocused()
    await expect(page.getByRole('region', { name: 'Items' })).toContainText('2 × $')
    await page.getByLabel('Carrier (optional)').fill('BlueDart')
    await page.getByLabel('Tracking number (optional)').fill(`BD${width}IN`)
    await page.getByLabel('Tracking link (optional)').fill(`https://track.example/BD${width}IN`)
    await page.getByRole('button', { name: 'Mark shipped' }).click()
    await expect(page.getByText(`Order ${toShip} is shipped.`)).toBeVisible()
    const history = page.getByRole('region', { name: 'History' })
    await expect(history).toContainText(`by ${email}`)
    await expect(page.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      `https://track.example/BD${width}IN`,
    )
    report.push(...(await accessibilityReport(page, 'order, shipped')))

    // The shopper's Find an order shows it shipped, with the tracking.
    const lookup = await request.post('/api/orders/lookup', {
      data: { number: toShip, email: shopper },
    })
    expect(await lookup.json()).toMatchObject({
      status: 'shipped',
      tracking: { carrier: 'BlueDart', number: `BD${width}IN` },
    })

    // Back to the list as it was left; the other order cancelled, once confirmed.
    await page.getByRole('link', { name: '← Orders' }).click()
    await page
      .getByRole('list', { name: 'Orders, newest first' })
      .getByRole('link', { name: toCancel })
      .click()
    await page.getByLabel('Reason (optional)').fill('Ordered twice by mistake')
    await page.getByRole('button', { name: 'Cancel order…' }).click()
    const dialog = page.getByRole('dialog', { name: `Cancel order ${toCancel}?` })
    await expect(dialog).toBeVisible()
    report.push(...(await accessibilityReport(page, 'cancel, asked')))
    await dialog.getByRole('button', { name: 'Cancel the order' }).click()
    await expect(page.getByText(`Order ${toCancel} is cancelled.`)).toBeVisible()
    await expect(page.getByText('Nothing more to do: this order is cancelled.')).toBeVisible()
    await expect.poll(() => stockOf(request, productId)).toBe(stockAfterOrders + 2)

    // A delivery of 3, added to the level as it stands.
    await page.getByRole('link', { name: 'Stock', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeFocused()
    await page.getByLabel('Product, SKU or id').fill(sku)
    await page.getByRole('button', { name: 'Find' }).click()
    const row = page.getByRole('list', { name: 'Stock levels, lowest first' }).getByRole('listitem')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(`${stockAfterOrders + 2} in stock`)
    await row.getByLabel('Delivery (+N)').fill('3')
    await row.getByRole('button', { name: 'Add' }).click()
    await expect(row).toContainText(`Added 3: ${stockAfterOrders + 2} → ${stockAfterOrders + 5}.`)
    expect(await stockOf(request, productId)).toBe(stockAfterOrders + 5)
    report.push(...(await accessibilityReport(page, 'stock')))

    // Nothing of the page is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)

    // Signed out: the back office asks again.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()
    await page.goto('/admin/stock')
    await expect(page.getByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()

    expect(report).toEqual([])
  })
}

test('a shopper’s page loads none of the back office, and robots.txt keeps crawlers out of it', async ({
  page,
  request,
}) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url())
  })
  await page.goto('/product/1')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((url) => url.includes('/admin'))).toEqual([])
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin\n')
})
