import { expect, type Locator, type Page } from '@playwright/test'
import { DESKTOP_MIN, drawAllContent } from './settle.ts'
import { newOrderKey, orderBody } from '../../testing/orders.ts'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import { fillCard } from './shopper-state.ts'

/**
 * The pages a shopper meets, and the states that open over them, for the layout sweep, the visual
 * baselines and `npm run shots`: every route of the route table (rules.md § Routes and pages) as the signed-in
 * shopper of shopper-state.ts sees it.
 */

export interface Scene {
  name: string
  path: string
  /** Opens what the scene is about (a modal, a menu, a form) once the page has settled. */
  open?: (page: Page, width: number) => Promise<void>
  /** Whether the scene exists at this width (the phone menu only below 1024 px, …). */
  at?: (width: number) => boolean
  /** It opens something fixed over the page (a modal, a menu): pictures show the screen, not the page. */
  overlay?: boolean
  /** What it opens closes when focus leaves it (a disclosure menu): the picture keeps the focus. */
  keepsFocus?: boolean
  /** What differs from run to run (each worker's shopper has an email of its own): masked in pictures. */
  varies?: (page: Page) => Locator[]
}

/** A scene opened by pressing a button (the first, where a page has several). */
const press =
  (name: string) =>
  async (page: Page): Promise<void> => {
    await page.getByRole('button', { name }).first().click()
  }

const expandAll = async (page: Page, scope = page.locator('body')) => {
  for (const button of await scope.locator('button[aria-expanded="false"]').all())
    if (await button.isVisible()) await button.click()
}

export const SCENES: Scene[] = [
  { name: 'home', path: '/' },
  {
    name: 'account modal',
    overlay: true,
    path: '/',
    open: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
      await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible()
    },
  },
  { name: 'all products', path: '/products' },
  {
    name: 'filter panel open',
    overlay: true,
    path: '/products',
    open: async (page) => {
      await page.getByRole('button', { name: 'Show Filter' }).click()
      // A sheet (dialog) on phones, a panel beside the list on wide screens: both are the aside.
      await expandAll(
        page,
        page.locator('aside').filter({ has: page.getByRole('heading', { name: /^Filter/ }) }),
      )
    },
  },
  { name: 'category listing', path: '/products/womens-shoes' },
  {
    name: 'listing with filters applied',
    path: '/products?brand=%5B%22apple%22%2C%22samsung%22%5D&rating=%5B4%5D&sort=price-asc',
  },
  { name: 'product', path: '/product/1' },
  // Sizes and colours (rules.md § Options and variants): 11 sold out in Brown.
  { name: 'product with options', path: '/product/109?variant=MEN-SAV-109-9-BROWN' },
  {
    name: 'product with a long word in its title, all photos',
    path: '/product/151',
    open: async (page) => {
      // The photo grid offers 'Show More' only when it is taller than the window (rules.md § Product page).
      const more = page.getByRole('button', { name: 'Show More' })
      if (await more.isVisible()) await more.click()
    },
  },
  { name: 'search', path: '/search?q=phone' },
  { name: 'search, nothing typed', path: '/search' },
  { name: 'cart', path: '/cart' },
  { name: 'cart, editing a quantity', path: '/cart', open: press('Edit Item') },
  { name: 'checkout, address form', path: '/checkout', open: press('Change Address') },
  {
    name: 'checkout, payment step with a gift card',
    path: '/checkout',
    open: async (page) => {
      await page.getByRole('checkbox', { name: /gift Card/ }).check()
    },
  },
  { name: 'checkout, order review', path: '/checkout', open: fillCard },
  { name: 'order confirmation', path: '/order-confirmation' },
  { name: 'orders', path: '/orders' },
  { name: 'find an order', path: '/orders/find?number=MRD-7K2P9QXA41' },
  {
    name: 'find an order, cancel asked',
    path: '/orders/find',
    // A guest's order of its own, found, and Cancel Order pressed: the status and the question.
    open: async (page) => {
      const placed = await page.request.post('/api/orders', {
        headers: { 'Idempotency-Key': newOrderKey() },
        data: orderBody(45, 2),
      })
      expect(placed.status()).toBe(201)
      const { number } = (await placed.json()) as { number: string }
      const form = page.getByRole('form', { name: 'Find an order' })
      await form.getByLabel('Order Number').fill(number)
      await form.getByLabel('Email').fill(SHIPPING_ADDRESS.email)
      await form.getByRole('button', { name: 'Find Order' }).click()
      await page.getByRole('button', { name: 'Cancel Order' }).click()
      await expect(page.getByRole('button', { name: 'Yes, Cancel Order' })).toBeFocused()
    },
    varies: (page) => [
      page.getByRole('article').getByRole('heading', { level: 2 }),
      page.getByRole('article').locator('time'),
      page.getByRole('group'),
    ],
  },
  { name: 'saved items', path: '/saved' },
  { name: 'forgot password', path: '/forgot-password' },
  // Without a token (the scenes have no mail to follow): the page says the link is not valid.
  { name: 'reset password, no valid link', path: '/reset-password' },
  {
    name: 'sign-in and registration, with errors',
    path: '/userauth',
    open: async (page) => {
      await page.getByRole('button', { name: 'Create Account' }).click()
      await page.getByRole('button', { name: 'Sign In' }).click()
    },
  },
  {
    name: 'my account',
    path: '/myaccount',
    varies: (page) => [page.locator('dd').filter({ hasText: '@example.com' })],
  },
  { name: 'my account, editing', path: '/myaccount', open: press('Edit') },
  ...['warranty', 'shop-gifts', 'returns', 'monogram'].map((service) => ({
    name: `customer service (${service})`,
    path: `/customer-service/${service}`,
  })),
  { name: '/category (redirects to all products)', path: '/category' },
  { name: 'not found', path: '/no-such-page' },
  {
    name: 'phone menu',
    overlay: true,
    path: '/',
    at: (width) => width < DESKTOP_MIN,
    open: async (page) => {
      // A <details>' summary: Playwright's roles do not count it a button.
      await page.getByRole('banner').getByLabel('Open menu').click()
      // The menu's code loads when its button is reached for: wait for the menu itself.
      await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible()
    },
  },
  {
    name: 'More Categories open',
    overlay: true,
    path: '/',
    at: (width) => width >= DESKTOP_MIN,
    open: async (page) => {
      await page.getByRole('banner').locator('summary', { hasText: 'More Categories' }).click()
    },
    keepsFocus: true,
  },
]

export function sceneNamed(name: string): Scene {
  const found = SCENES.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`no scene named '${name}'`)
  return found
}

/** A scene's name as a file name: 'checkout, address form' → 'checkout-address-form'. */
export const fileName = (name: string) => name.replace(/\W+/g, '-').replace(/^-|-$/g, '')

/**
 * Readies a settled scene for its picture: the pointer and the focus away (no hover state, no
 * focus ring), scrolled to the top (a submit may have scrolled to its first error), sticky panels
 * drawn in place, skipped content drawn. Returns the screenshot options: the whole page, or only
 * the screen when something is fixed over it.
 */
export async function readyForPicture(page: Page, scene: Scene) {
  await page.mouse.move(0, 0)
  await drawAllContent(page)
  await page.evaluate(async (keepFocus) => {
    if (!keepFocus) (document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
    // At the top, a sticky panel (header, order summary) sits where it would sit anyway. Drawn in
    // place, its text no longer lands on a compositor layer whose sub-pixel offset depends on how
    // the page was scrolled before, which changed a few hundred pixels from run to run.
    for (const element of document.querySelectorAll<HTMLElement>('*'))
      if (getComputedStyle(element).position === 'sticky') element.style.position = 'static'
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
  }, scene.keepsFocus ?? false)
  return {
    fullPage: !scene.overlay,
    animations: 'disabled' as const,
    ...(scene.varies && { mask: scene.varies(page) }),
  }
}
