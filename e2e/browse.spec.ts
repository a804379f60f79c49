import { expect, test, type Locator } from '@playwright/test'
import { delayAppScript, hydrated, openOnTouchPhone } from './support/settle.ts'
import { addToCartToast } from './support/toast.ts'

test('filter, sort and load more survive a reload', async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('button', { name: 'Show Filter' }).click()
  const panel = page.getByRole('complementary', { name: /^Filter/ })
  await panel.getByRole('button', { name: 'Discount Range' }).click()
  await panel.getByRole('checkbox', { name: '50%' }).click()
  await panel.getByRole('button', { name: /^Show \d+ Products$/ }).click()
  await page.getByRole('combobox', { name: 'Sort By:' }).selectOption({ label: 'Price High' })

  const status = page.getByRole('status').filter({ hasText: /^Viewing/ })
  await expect(status).toHaveText(/^Viewing 30 of \d+ products$/)
  await page.getByRole('button', { name: 'Load More' }).click()
  await expect(status).toHaveText(/^Viewing 60 of \d+ products$/)
  const products = page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 3 })
  const firstBefore = await products.first().textContent()
  const urlBefore = page.url()

  await page.reload()
  expect(page.url()).toBe(urlBefore)
  await expect(page.getByRole('button', { name: 'Remove filter 50%' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Sort By:' })).toHaveValue('price-desc')
  await expect(products.first()).toHaveText(firstBefore ?? '')
  await expect(status).toHaveText(/^Viewing 30 of \d+ products$/)
})

test("search 'phone', open a result, add it to the cart: the badge shows 1, clickable beside the toast", async ({
  page,
}) => {
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  const box = page.getByRole('combobox', { name: 'Search products' })
  await expect(box).toBeFocused()
  await box.pressSequentially('phone', { delay: 80 })
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=phone$/)
  const results = page.getByRole('list', { name: 'Search results' })
  await results.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/product\/\d+$/)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('Product Added To Cart Succesfully')).toBeVisible()
  const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })
  await expect(cart).toBeVisible()
  // The toast opens below the header: what is at the cart's centre while it shows is the cart.
  const atCentre = await cart.evaluate((link) => {
    const box = link.getBoundingClientRect()
    const found = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return found?.closest('a')?.getAttribute('href')
  })
  expect(atCentre).toBe('/cart')
})

test("a toast stays through the countdown's false end at 0 s that Chromium can fire as it starts, and closes at its real end", async ({
  page,
}) => {
  await page.goto('/product/1')
  await hydrated(page)
  const toast = await addToCartToast(page)
  // The countdown's animationend, as Chromium fires it when resuming the countdown paused at its
  // start lands a few microseconds before that start (elapsedTime 0), then at its real end.
  const endCountdown = (elapsedTime: number) =>
    toast.locator('.Toastify__progress-bar--animated').evaluate(async (bar, elapsed) => {
      const end = { animationName: 'Toastify__trackProgress', elapsedTime: elapsed, bubbles: true }
      bar.dispatchEvent(new AnimationEvent('animationend', end))
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return /exit/.test(bar.closest('.Toastify__toast')?.className ?? '')
    }, elapsedTime)
  expect(await endCountdown(0)).toBe(false)
  await expect(toast).toBeVisible()
  expect(await endCountdown(3)).toBe(true)
  await expect(toast).toBeHidden()
})

test('a product opened from a listing makes no product request, nor does a direct visit', async ({
  page,
}) => {
  const productRequests: string[] = []
  page.on('request', (request) => {
    if (/\/api\/products\/\d+$/.test(new URL(request.url()).pathname))
      productRequests.push(request.url())
  })
  await page.goto('/products/laptops')
  await page.getByRole('region', { name: 'Products' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/product\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(productRequests).toEqual([])

  // The server's page carries the product, and the app takes it from there (decisions.md § Server rendering).
  await page.goto('/product/12')
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty()
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(productRequests).toEqual([])

  await page.goto('/product/99999')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})

test('a listing draws the cards near the screen; the others, and their pictures, as the shopper scrolls to them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products')
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await expect(cards).toHaveCount(30)
  // Drawn: what a shopper sees (checkVisibility counts content the browser skips as hidden).
  const drawn = (card: Locator) =>
    card
      .getByRole('heading')
      .evaluate((title) => title.checkVisibility({ contentVisibilityAuto: true }))
  const pictured = (card: Locator) =>
    card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth > 0)
  await expect.poll(() => pictured(cards.first())).toBe(true)
  expect(await drawn(cards.first())).toBe(true)
  const last = cards.last()
  expect(await drawn(last)).toBe(false)
  expect(await pictured(last)).toBe(false)

  await last.scrollIntoViewIfNeeded()
  await expect.poll(() => drawn(last)).toBe(true)
  await expect.poll(() => pictured(last)).toBe(true)
  await expect(last.getByRole('heading')).toBeInViewport()
})

test('the product page opens at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.goto('/products')
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(20)
  await card.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/product\/\d+$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('the listing keeps its place: scrolled before the app runs, back from a product, reloaded', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const scrolled = () => page.evaluate(() => window.scrollY)
  // A slow phone: the shopper scrolls the server's page while the app is still on its way.
  await delayAppScript(page)
  await page.goto('/products')
  await page.evaluate(() => window.scrollTo(0, 1500))
  await hydrated(page)
  expect(await scrolled()).toBe(1500)

  // A product opens at its top; Back comes to the same place in the listing (the router keeps the
  // place it saw the shopper scroll to).
  await page.mouse.move(640, 350)
  await page.mouse.wheel(0, 300)
  await expect.poll(scrolled).toBe(1800)
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  const inView = await cards.evaluateAll((articles) =>
    articles.findIndex((article) => article.getBoundingClientRect().top >= 0),
  )
  const opened = cards.nth(inView)
  await opened.getByRole('link').click()
  await expect(page).toHaveURL(/\/product\/\d+$/)
  await expect.poll(scrolled).toBe(0)
  // Within a few pixels: the cards above, drawn only near the screen (content-visibility), stand
  // in at their usual height until drawn again.
  const nearTheSamePlace = async () => {
    await expect.poll(async () => Math.abs((await scrolled()) - 1800)).toBeLessThan(50)
    await expect(opened).toBeInViewport()
  }
  await page.goBack()
  await nearTheSamePlace()

  await page.reload()
  await hydrated(page)
  await nearTheSamePlace()
})

test("a phone swipes a product's photos by hand, its dots follow; Swiper waits for a pointer or the focus", async ({
  browser,
}) => {
  const page = await openOnTouchPhone(browser, '/product/1')
  const photo = (n: number) => page.getByRole('img', { name: new RegExp(`, photo ${n} of 3$`) })
  const dot = (n: number) => page.getByRole('button', { name: `Go to slide ${n}` })
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')
  // A swipe: the strip scrolled by hand to the second photo.
  const strip = page.getByRole('list').filter({ has: photo(1) })
  const shown = () => strip.evaluate((element) => element.scrollLeft / element.clientWidth)
  await strip.evaluate((element) => element.scrollTo({ left: element.clientWidth }))
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
  await expect(photo(2)).toBeInViewport({ ratio: 0.9 })
  // A dot shows its photo.
  await dot(3).tap()
  await expect.poll(shown).toBe(2)
  await expect(dot(3)).toHaveAttribute('aria-current', 'true')
  await page.waitForLoadState('networkidle')
  await expect(photo(1).locator('xpath=ancestor::*[contains(@class, "swiper")]')).toHaveCount(0)
  await page.context().close()

  // With a keyboard, the focus coming to a dot sets Swiper up, and its own dot keeps the focus.
  const keyboard = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await keyboard.goto('/product/1')
  await hydrated(keyboard)
  await keyboard.getByRole('button', { name: 'Go to slide 2' }).focus()
  await expect(
    keyboard
      .locator('.swiper-initialized')
      .filter({ has: keyboard.getByRole('img', { name: /, photo 1 of 3$/ }) }),
  ).toBeVisible()
  await expect(keyboard.locator(':focus')).toHaveClass(/swiper-pagination-bullet/)
  await expect(keyboard.locator(':focus')).toHaveAccessibleName('Go to slide 2')
  await keyboard.keyboard.press('Enter')
  await expect(keyboard.getByRole('img', { name: /, photo 2 of 3$/ })).toBeInViewport({
    ratio: 0.5,
  })
  await keyboard.close()
})
