import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { newOrderKey, orderBody } from '../testing/orders.ts'
import { SHIPPING_ADDRESS } from '../testing/shopper.ts'
import { E2E_ADMIN_TOKEN } from './support/server-env.ts'

/**
 * Find an order, the page the order mail links to, without JavaScript (rules.md § Added features;
 * decisions.md § Orders): Find Order posts the form to the server, whose page shows the order as
 * the app would; with JavaScript the app looks it up itself, as before.
 */

const admin = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` }

/** An order of product `id` placed through the API, shipped with tracking when asked. */
async function placeOrder(request: APIRequestContext, id: number, shipped = false) {
  const res = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': newOrderKey() },
    data: orderBody(id, 1),
  })
  expect(res.status()).toBe(201)
  const { number } = (await res.json()) as { number: string }
  if (shipped) {
    const ship = await request.post(`/api/admin/orders/${number}/ship`, {
      headers: admin,
      data: {
        carrier: 'Blue Dart',
        trackingNumber: 'BD64',
        trackingUrl: 'https://track.example/BD64',
      },
    })
    expect(ship.status()).toBe(200)
  }
  return number
}

/** The mail's link opened, the email typed, Find Order pressed: the order's card. */
async function find(page: Page, number: string, email: string = SHIPPING_ADDRESS.email) {
  await page.goto(`/orders/find?number=${number}`)
  const form = page.getByRole('form', { name: 'Find an order' })
  await expect(form.getByLabel('Order Number')).toHaveValue(number)
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Find Order' }).click()
  return page.getByRole('article', { name: `Order ${number}` })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const [width, id] of [
    [390, 61],
    [1280, 62],
  ] as const) {
    test(`at ${width} px: Find Order posts the form, and the server's page shows the order`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const number = await placeOrder(request, id, true)
      const posts: string[] = []
      page.on('request', (sent) => {
        if (sent.method() === 'POST') posts.push(`${sent.url()} ${sent.postData() ?? ''}`)
      })
      const answered = page.waitForResponse((response) => response.request().method() === 'POST')
      const card = await find(page, number)
      const response = await answered
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toBe('no-store')
      // The email went in the body; the address is the page's own, at the answer.
      expect(posts).toHaveLength(1)
      expect(posts[0]).toMatch(new RegExp(`/orders/find\\?number=${number} number=`))
      expect(page.url()).not.toMatch(/@|%40/)
      await expect(page).toHaveURL(new RegExp(`/orders/find\\?number=${number}#found-order$`))

      await expect(card).toBeVisible()
      await expect(card).toBeInViewport()
      await expect(card.getByText('Status:')).toHaveText('Status: Shipped')
      await expect(card.getByText(/Sent with Blue Dart/)).toHaveText(
        'Sent with Blue Dart. Tracking number: BD64. Track your parcel',
      )
      await expect(card.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
        'href',
        'https://track.example/BD64',
      )
      await expect(card.getByRole('listitem').first()).toBeVisible()
      await expect(card).toContainText(/Total\s*\$\d/)
      await expect(card.getByRole('heading', { name: 'Shipping address' })).toBeVisible()
      // No control in it that would do nothing.
      await expect(card.getByRole('button')).toHaveCount(0)
      const form = page.getByRole('form', { name: 'Find an order' })
      await expect(form.getByLabel('Email')).toHaveValue(SHIPPING_ADDRESS.email)
    })
  }

  test('a wrong email: the page says so, and nothing is shown', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 900 })
    const number = await placeOrder(request, 65)
    await find(page, number, 'someone.else@example.com')
    await expect(page.getByRole('alert')).toHaveText(
      'We could not find an order with that number and email.',
    )
    await expect(page.getByRole('article')).toHaveCount(0)
    // A placed order found without the app says that cancelling it needs the app.
    const card = await find(page, number)
    await expect(card.getByText('Status:')).toHaveText('Status: Placed')
    await expect(card.getByText('Cancelling an order here needs JavaScript.')).toBeVisible()
    await expect(card.getByRole('button')).toHaveCount(0)
  })

  test('fields the form refuses: its own messages', async ({ page }) => {
    await page.goto('/orders/find')
    const form = page.getByRole('form', { name: 'Find an order' })
    await form.getByLabel('Order Number').fill('ABC')
    await form.getByLabel('Email').press('Enter')
    await expect(form.getByText('Order Number is not valid')).toBeVisible()
    await expect(form.getByText('Email Address missing.')).toBeVisible()
  })
})

test('with JavaScript: the app looks the order up itself, and no form is posted', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const number = await placeOrder(request, 64)
  const navigations: string[] = []
  page.on('request', (sent) => {
    if (sent.isNavigationRequest()) navigations.push(`${sent.method()} ${sent.url()}`)
  })
  const lookup = page.waitForResponse('**/api/orders/lookup')
  // Its button is pressed as soon as it shows: the early taps' script keeps it for the app.
  const card = await find(page, number)
  expect((await lookup).request().method()).toBe('POST')
  expect((await lookup).status()).toBe(200)
  await expect(card).toBeVisible()
  await expect(card.getByRole('heading', { level: 2 })).toBeFocused()
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toBeVisible()
  expect(navigations).toEqual([`GET ${new URL(page.url()).origin}/orders/find?number=${number}`])
  await expect(page).toHaveURL(new RegExp(`/orders/find\\?number=${number}$`))
})
