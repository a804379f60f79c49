import { expect, type Browser, type Page, type Request } from '@playwright/test'

/** From here the header shows the category bar and the product page its photo grid (rules.md § Constants and formulas). */
export const DESKTOP_MIN = 1024

/**
 * The carousels a page shows once the shopper has scrolled through it and pointed at them: the
 * home page's categories; the product page's perks, and its photos below 1024 px.
 */
function carouselsOn(page: Page): number {
  const { pathname } = new URL(page.url())
  const width = page.viewportSize()?.width ?? 0
  if (pathname === '/') return 1
  if (pathname.startsWith('/product/')) return width < DESKTOP_MIN ? 2 : 1
  return 0
}

/** The app's entry script, as the build names it. */
export const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/

/**
 * A slow connection for the app alone: its entry script arrives `ms` after it is asked for, while
 * the server's page is already on screen (what a shopper can do before the app has taken it over).
 */
export async function delayAppScript(page: Page, ms = 1500): Promise<void> {
  await page.route(APP_SCRIPT, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

/**
 * The app's entry script held back until `release()`: the server's page is on screen and the
 * shopper acts on it, as on a slow phone before the app has taken it over.
 */
export async function holdAppScript(page: Page): Promise<{ release: () => void }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(APP_SCRIPT, async (route) => {
    await released
    await route.continue()
  })
  return { release: () => release() }
}

/**
 * The addresses of the stylesheets the page requests from here on (each one a restyle of the whole
 * page as it arrives), filled in as they are requested.
 */
export function recordStylesheets(page: Page): string[] {
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
  })
  return stylesheets
}

/**
 * Waits until the app has taken over the server's page: the header's cart link then names the
 * shopper's count (the server's HTML, the same for everyone, has none).
 */
export async function hydrated(page: Page) {
  await expect(
    page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ }),
  ).toBeVisible()
}

/**
 * A page opened on a phone with a touch screen (390 × 844 px), once the app has taken it over.
 * Close it with `page.context().close()`.
 */
export async function openOnTouchPhone(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await page.goto(path)
  await hydrated(page)
  return page
}

/**
 * Waits until the page is as a shopper sees it once it is idle: its heading shown, the footer
 * loaded, every carousel set up (they start when near the screen, so the page is scrolled through
 * once, as a shopper would; the home page's and a product's photos when a pointer comes over them)
 * and the network quiet.
 */
export async function settle(page: Page, { scroll = true }: { scroll?: boolean } = {}) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await hydrated(page)
  if (scroll) await scrollThrough(page)
  // The carousels that wait for a pointer: the home page's categories, a product's photos below
  // 1024 px.
  const { pathname } = new URL(page.url())
  if (pathname === '/') await page.getByRole('region', { name: 'Shop by Category' }).hover()
  if (pathname.startsWith('/product/') && (page.viewportSize()?.width ?? 0) < DESKTOP_MIN)
    await page.getByRole('img', { name: /, photo 1 of \d+$/ }).hover()
  // A page settled before and resized since has what the scroll starts; if a carousel it now
  // shows has not started, the page is scrolled through after all.
  if (!scroll && (await page.locator('.swiper-initialized').count()) !== carouselsOn(page))
    await scrollThrough(page)
  await expect(page.locator('.swiper-initialized')).toHaveCount(carouselsOn(page))
  await networkQuiet(page)
  await page.evaluate(() => document.fonts.ready)
}

/**
 * Scrolls the page through once, a screen at a time, as a shopper would: what starts near the
 * screen (carousels, pictures, the footer's parts) starts.
 */
async function scrollThrough(page: Page) {
  // Each screen drawn before the next: the carousels start when the browser's intersection
  // check, made as a frame is drawn, sees them near the screen, and on a busy machine two timers
  // could run with no frame between them: a carousel scrolled past unseen never started (1 run in
  // 40 under load). Bounded: a page that keeps growing, or a renderer that stops drawing, fails
  // here with a message instead of holding the test.
  const scrolled = page.evaluate(async () => {
    const pause = () =>
      new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 40)))
    let steps = 0
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      if (++steps > 100)
        throw new Error(`the page is still growing at ${document.documentElement.scrollHeight} px`)
      window.scrollTo(0, y)
      await pause()
    }
    window.scrollTo(0, 0)
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${page.url()} stopped responding while scrolled through`)),
      30_000,
    )
  })
  try {
    await Promise.race([scrolled, stuck])
  } finally {
    clearTimeout(timer)
  }
}

/** The requests each page has in flight, from the first time it settles. */
const inFlight = new WeakMap<Page, Set<Request>>()

/**
 * Waits until the page has had no request in flight for `quietMs`. Playwright's own 'networkidle'
 * waits for 500 ms of quiet, once per page load; here the page's requests are counted as they
 * start and end, so a settled page goes on at once (that wait was a third of the layout sweep's
 * time, and in it no request was in flight). A page seen for the first time waits for
 * 'networkidle', as its first requests were not counted.
 */
async function networkQuiet(page: Page, quietMs = 100) {
  const requests = inFlight.get(page)
  if (!requests) {
    const started = new Set<Request>()
    inFlight.set(page, started)
    page.on('request', (request) => started.add(request))
    page.on('requestfinished', (request) => started.delete(request))
    page.on('requestfailed', (request) => started.delete(request))
    await page.waitForLoadState('networkidle')
    return
  }
  const deadline = Date.now() + 30_000
  let quietSince = Date.now()
  while (Date.now() - quietSince < quietMs) {
    if (requests.size > 0) quietSince = Date.now()
    if (Date.now() > deadline)
      throw new Error(
        `${page.url()} is still loading ${[...requests].map((r) => r.url()).join(', ')}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Has the page draw all of its content from now on, also what the browser skips away from the
 * screen (`content-visibility: auto`: the cards, the footer) until it comes near, as a shopper
 * scrolling to it sees it drawn. Checkers read it as it is drawn: its colours after a theme switch,
 * its pixels in a whole-page picture (Chromium's capture beyond the screen leaves it blank).
 */
export async function drawAllContent(page: Page) {
  await page.evaluate(() => {
    if (document.getElementById('e2e-draw-all')) return
    const style = document.createElement('style')
    style.id = 'e2e-draw-all'
    style.textContent = '* { content-visibility: visible !important; }'
    document.head.append(style)
  })
}

/**
 * The system's theme as `theme`, and the open page in it once its colours have settled: with no
 * theme of their own chosen, the app follows the system's as it changes (features/theme), so a
 * page is checked in both themes without a second load.
 */
export async function useSystemTheme(page: Page, theme: 'light' | 'dark') {
  // Skipped content keeps its old colours until it is next drawn, and changes them then: a checker
  // that scrolls to it, as axe does, read the old theme's in 10 of 40 runs on a busy machine.
  await drawAllContent(page)
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  // The colours' transitions into the new theme jump to their end: each one finished can start
  // its children's (their colour is inherited), so finish, restyle everything, until none is left.
  await page.evaluate(() => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation): animation is CSSTransition =>
            animation instanceof CSSTransition && animation.playState !== 'finished',
        )
    for (let round = 0; round < 100; round++) {
      const transitions = running()
      if (transitions.length === 0) return
      for (const transition of transitions) transition.finish()
      for (const element of document.querySelectorAll('*')) void getComputedStyle(element).color
    }
    throw new Error(`the page's colours are still changing: ${running().length} transitions`)
  })
}
