import { expect, test, type Page } from '@playwright/test'
import { addToCart, cartBadge, fillAddress, fillCard } from './support/shopper-state.ts'
import { hydrated } from './support/settle.ts'

// Where the focus goes once a control has done its work and gone (rules.md), with the service
// worker on as a shopper has it: after each checkout step, after Save for Later and Remove in the
// cart, and on the reset pages opened from the account modal. And the cart's smaller fixes: its
// categories by name, and no in-store pickup offered that the cart would drop.

/** The service worker installed and in control, as for a shopper who has been here before. */
async function returningShopper(page: Page) {
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await hydrated(page)
}

/** The focused element is this one, and on screen. */
async function expectFocusOn(page: Page, element: ReturnType<Page['getByRole']>) {
  await expect(element).toBeFocused()
  await expect(element).toBeInViewport()
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } })

    test('the cart: categories by name, no pickup to drop, and the focus after Save for Later and Remove', async ({
      page,
    }) => {
      test.slow()
      await returningShopper(page)
      // The product page says how it ships, and offers no pickup that the cart would drop.
      await page.goto('/product/50')
      const shipping = page.getByRole('group', { name: 'Shipping' })
      await expect(shipping).toContainText('Free Standard Shipping to 30346')
      await expect(shipping.getByRole('radio')).toHaveCount(0)
      await expect(page.getByText(/In-Store Pickup/i)).toHaveCount(0)

      const ids = [50, 51, 71]
      await addToCart(page, ids)
      await page.goto('/cart')
      await expect(page.getByRole('heading', { level: 1, name: 'Your Cart (3)' })).toBeVisible()
      const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
      await expect(lines).toHaveCount(3)
      const titles = await lines
        .getByRole('heading', { level: 2 })
        .getByRole('link')
        .allTextContents()
      await expect(lines.nth(0).getByText('Home Decoration', { exact: true })).toBeVisible()
      await expect(lines.nth(2).getByText('Tops', { exact: true })).toBeVisible()
      await expect(page.getByText('home-decoration', { exact: true })).toHaveCount(0)
      // Every line's pickup box as the spec has it: unticked, since no pickup was chosen.
      for (const box of await page.getByRole('checkbox', { name: /Pick Up at/ }).all())
        await expect(box).not.toBeChecked()

      // Save for Later from the keyboard on the first line: the next line's title takes the focus.
      await lines.nth(0).getByRole('button', { name: 'Save for Later' }).focus()
      await page.keyboard.press('Enter')
      await expect(lines).toHaveCount(2)
      await expectFocusOn(page, page.getByRole('link', { name: titles[1], exact: true }))
      await expect(page.getByRole('status').filter({ hasText: 'was moved' })).toHaveText(
        `${titles[0]} was moved to My Saved Items.`,
      )
      // Tab goes on from there, into that line.
      await page.keyboard.press('Tab')
      await expect(page.getByRole('checkbox', { name: /Pick Up at/ }).first()).toBeFocused()

      // The last line removed: the one before it takes the focus.
      await lines.nth(1).getByRole('button', { name: 'Remove' }).click()
      await expect(lines).toHaveCount(1)
      await expectFocusOn(page, page.getByRole('link', { name: titles[1], exact: true }))
      await expect(page.getByRole('status').filter({ hasText: 'was removed' })).toHaveText(
        `${titles[2]} was removed from your cart.`,
      )

      // The only line saved: the empty cart's text takes the focus.
      await lines.nth(0).getByRole('button', { name: 'Save for Later' }).click()
      await expectFocusOn(page, page.getByText('Your Shopping cart is empty'))
      await expect(cartBadge(page, 0)).toBeVisible()
      await page.goto('/saved')
      for (const title of [titles[0], titles[1]])
        await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible()
    })

    test("checkout: the focus goes to the next step's heading after Save and Continue and Save Card", async ({
      page,
    }) => {
      test.slow()
      await returningShopper(page)
      await addToCart(page, [50])
      await page.goto('/checkout')
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
      await fillAddress(page)
      await expectFocusOn(page, page.getByRole('heading', { level: 2, name: 'Payment Options' }))
      // Tab goes on into the payment step.
      await page.keyboard.press('Tab')
      await expect(page.getByRole('radio', { name: 'Credit or Debit Card' })).toBeFocused()

      await fillCard(page)
      await expectFocusOn(page, page.getByRole('heading', { level: 2, name: 'Order Review' }))

      // Another method, through Change Payment: its Continue button hands the focus on alike.
      await page.getByRole('button', { name: 'Change Payment' }).click()
      await page.getByRole('radio', { name: 'Pay Pal' }).check()
      await page.getByRole('button', { name: 'Continue with Pay Pal' }).click()
      await expectFocusOn(page, page.getByRole('heading', { level: 2, name: 'Order Review' }))
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled()
    })

    test("Forgot password? in the account modal focuses the page's heading, not the header's Account button", async ({
      page,
    }) => {
      await returningShopper(page)
      await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
      await page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }).click()
      await expect(page).toHaveURL(/\/forgot-password$/)
      await expectFocusOn(
        page,
        page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
      )
      await page.keyboard.press('Tab')
      await expect(page.getByLabel('Email')).toBeFocused()
    })
  })
}
