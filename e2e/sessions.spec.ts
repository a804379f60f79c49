import { expect, test, type Page } from '@playwright/test'
import {
  addToCart,
  checkout,
  confirmedOrderNumber,
  fillCard,
  newShopper,
  signIn,
} from './support/shopper-state.ts'

/**
 * Sessions that end (decisions.md § Accounts and sessions), in the browser against the real
 * server: signing out ends the session's tokens on the server, and a password changed on one
 * device signs the others out at their next request. Each test has a shopper of its own, so the
 * demo shopper the other tests sign in as keeps its password.
 */

const SESSION_ENDED = 'Your session has ended. Please sign in again.'

/** The password a shopper changes to in the profile (the first is shopper-state.ts's). */
const NEW_PASSWORD = 'Second-pass2'

const storedTokens = (page: Page) =>
  page.evaluate(() => {
    const read = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as string | null
    return { accessToken: read('accessToken'), refreshToken: read('refreshToken') }
  })

test('Sign Out ends the session on the server: its tokens are refused from then on', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'out')
  await signIn(page, shopper)
  const { accessToken, refreshToken } = await storedTokens(page)
  expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  const me = () =>
    request.get('/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } })
  expect((await me()).status()).toBe(200)

  const signedOut = page.waitForResponse('**/api/auth/logout')
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'SignOut' }).click()
  expect((await signedOut).status()).toBe(204)
  await expect(page).toHaveURL(/\/$/)
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null })

  expect((await me()).status()).toBe(401)
  const refreshed = await request.post('/api/auth/refresh', { data: { refreshToken } })
  expect(refreshed.status()).toBe(403)
})

test('a password changed in My Account signs the shopper’s other browser out at its next request, with the message', async ({
  browser,
  request,
}) => {
  test.slow() // two browsers, each signing in and opening the account page
  const shopper = await newShopper(request, 'pwd')
  const [here, elsewhere] = await Promise.all([browser.newContext(), browser.newContext()])
  try {
    const [page, other] = await Promise.all([here.newPage(), elsewhere.newPage()])
    await signIn(page, shopper)
    await signIn(other, shopper)

    await page.goto('/myaccount')
    await page.getByRole('button', { name: 'Edit' }).click()
    const profile = page.getByRole('form', { name: 'Edit personal details' })
    await profile.getByLabel('Current Password').fill(shopper.password)
    await profile.getByLabel('Current Password').blur()
    await profile.getByLabel('New Password').fill(NEW_PASSWORD)
    await profile.getByLabel('Confirm Password').fill(NEW_PASSWORD)
    await profile.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Your profile has been updated')).toBeVisible()
    // This browser stays signed in.
    await page.reload()
    await expect(page.getByRole('region', { name: 'Personal Details' })).toBeVisible()

    // The other one is signed out at its next request, and told why.
    await other.goto('/myaccount')
    await expect(other.getByText(SESSION_ENDED)).toBeVisible()
    await expect(other).toHaveURL(/\/$/)
    expect(await storedTokens(other)).toEqual({ accessToken: null, refreshToken: null })
  } finally {
    await Promise.all([here.close(), elsewhere.close()])
  }
})

for (const width of [1280, 390])
  test(`Sign Out leaves nothing of the account on a shared computer: no address at checkout, none of its orders; a guest's order stays (${width} px)`, async ({
    page,
    request,
  }) => {
    test.slow() // two orders placed through the real pages
    await page.setViewportSize({ width, height: 900 })
    // A guest's order first: it belongs to this device.
    await addToCart(page, [3])
    await checkout(page)
    const guestOrder = await confirmedOrderNumber(page)
    const shopper = await newShopper(request, 'shared')
    await signIn(page, shopper)
    await addToCart(page, [1])
    // The address saved at the guest's checkout is offered, and taken.
    await page.goto('/checkout')
    await expect(page.getByRole('button', { name: 'Change Address' })).toBeVisible()
    await fillCard(page)
    await page.getByRole('button', { name: 'Place Order' }).click()
    const accountOrder = await confirmedOrderNumber(page)

    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'SignOut' }).click()
    await expect(page).toHaveURL(/\/$/)

    // The next shopper at this computer.
    await addToCart(page, [5])
    await page.goto('/checkout')
    const shipping = page.getByRole('form', { name: 'Shipping address' })
    for (const field of ['First Name', 'Last Name', 'Address Line 1', 'City', 'Mobile', 'Email'])
      await expect(shipping.getByLabel(field), field).toHaveValue('')
    await expect(page.getByRole('button', { name: 'Change Address' })).toHaveCount(0)

    await page.goto('/orders')
    await expect(page.getByRole('heading', { level: 1, name: 'My Purchases' })).toBeVisible()
    await expect(page.getByText(guestOrder)).toBeVisible()
    await expect(page.getByText(accountOrder)).toHaveCount(0)
    await page.goto('/order-confirmation')
    await expect(page.getByRole('heading', { level: 1, name: 'No order to show' })).toBeVisible()
  })

for (const width of [1280, 390])
  test(`a failed sign-in, then a successful one, leaves no error on the page (${width} px)`, async ({
    page,
    request,
  }) => {
    const shopper = await newShopper(request, 'retry')
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/userauth')
    const form = page.getByRole('form', { name: 'Sign In' })
    await form.getByLabel('User Name').fill(shopper.username)
    await form.getByLabel('Password').fill('Wrong-pass1')
    await form.getByRole('button', { name: 'Sign In' }).click()
    await expect(form.getByRole('alert')).toHaveText('Invalid credentials')
    // Beside the form, and in a toast.
    await expect(page.getByText('Invalid credentials')).toHaveCount(2)

    // Changing the field takes the failed attempt's message away.
    await form.getByLabel('Password').fill(shopper.password)
    await expect(page.getByText('Invalid credentials')).toHaveCount(0)
    await form.getByRole('button', { name: 'Sign In' }).click()
    // Signed in, and back one page: home, as there is none.
    await expect(page.getByRole('heading', { level: 1, name: 'HOLIDAY GIFTS' })).toBeVisible()
    await expect(page.getByText('Invalid credentials')).toHaveCount(0)
  })
