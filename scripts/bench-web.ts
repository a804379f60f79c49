/**
 * `npm run bench:web`: builds the storefront, starts `server/main.ts` on a free port, then
 * 1. runs Lighthouse (mobile emulation, simulated slow 4G: its default) on /, /products and
 *    /product/1 in Debian's Chromium, each from a cold profile, and reports the performance score,
 *    LCP, TBT, CLS and bytes transferred against the targets (score ≥ 95, LCP ≤ 2.5 s, CLS < 0.05);
 * 2. counts API requests in a Playwright journey (home → listing → product → Back → search
 *    'phone' typed at human speed) against its budget;
 * 3. loads /products a second time with the network offline and checks that products paint.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServerProcess } from './server-process.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const TARGETS = { score: 95, lcpMs: 2500, cls: 0.05 }
const PAGES = ['/', '/products', '/product/1']

const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (build.status !== 0) process.exit(build.status ?? 1)

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-web-'))
const server = startServerProcess({ DATA_DIR: dataDir })
const baseUrl = await server.url

interface LighthouseRow {
  page: string
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  transferKb: number
  ok: boolean
}

async function runLighthouse(path: string): Promise<LighthouseRow> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...QUIET_FLAGS],
  })
  try {
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
    const { lhr } = result
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const row = {
      page: path,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      transferKb: Math.round(audit('total-byte-weight') / 1024),
    }
    return {
      ...row,
      ok: row.score >= TARGETS.score && row.lcpMs <= TARGETS.lcpMs && row.cls < TARGETS.cls,
    }
  } finally {
    chrome.kill()
  }
}

/** The API requests of a shopper's journey; the budget is what decisions §4 promises. */
async function countJourneyRequests() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: QUIET_FLAGS })
  const page = await browser.newPage()
  const requests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/'))
      requests.push(url.pathname + url.search)
  })
  const step = async (name: string, action: () => Promise<unknown>) => {
    const before = requests.length
    await action()
    await page.waitForLoadState('networkidle')
    return { step: name, requests: requests.slice(before) }
  }
  const steps = [
    await step('open home', () => page.goto(baseUrl)),
    await step('open All Products', () =>
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'All Products' })
        .click(),
    ),
    await step('open a product from the listing', () =>
      page.getByRole('region', { name: 'Products' }).getByRole('link').first().click(),
    ),
    await step('go Back', () => page.goBack()),
    await step("type 'phone' in search", async () => {
      await page.goto(`${baseUrl}/search`)
      await page
        .getByRole('searchbox', { name: 'Search products' })
        .pressSequentially('phone', { delay: 150 })
      await page.waitForTimeout(600)
    }),
  ]
  // Repeat visit: /products again, with the network gone.
  await page.goto(`${baseUrl}/products`)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.context().setOffline(true)
  const started = Date.now()
  await page.reload()
  // The app starts after the page's first paint (src/main.tsx): wait for the cards to show.
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article')
  await cards
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined)
  const offlinePaintMs = Date.now() - started
  const offlineCards = await cards.count()
  await browser.close()

  const count = (name: string, pattern: RegExp) =>
    steps.find((s) => s.step === name)?.requests.filter((url) => pattern.test(url)).length ?? 0
  const budget = [
    {
      check: 'product page from a listing makes no product request',
      ok: count('open a product from the listing', /^\/api\/products\/\d+$/) === 0,
    },
    {
      check: 'Back makes no request',
      ok: (steps.find((s) => s.step === 'go Back')?.requests.length ?? 1) === 0,
    },
    {
      check: "typing 'phone' makes one search request",
      ok: count("type 'phone' in search", /^\/api\/products\/search/) === 1,
    },
    { check: 'a second load of /products offline paints products', ok: offlineCards > 0 },
  ]
  return { steps, budget, offlineCards, offlinePaintMs }
}

try {
  const rows: LighthouseRow[] = []
  for (const path of PAGES) rows.push(await runLighthouse(path))
  console.log(
    '\nLighthouse, mobile emulation, simulated slow 4G (targets: score ≥ 95, LCP ≤ 2.5 s, CLS < 0.05)',
  )
  console.table(rows.map((r) => ({ ...r, ok: r.ok ? 'met' : 'MISSED' })))

  const journey = await countJourneyRequests()
  console.log('API requests per step of the journey:')
  console.table(
    journey.steps.map((s) => ({
      step: s.step,
      count: s.requests.length,
      requests: s.requests.join(' '),
    })),
  )
  console.table(journey.budget.map((b) => ({ ...b, ok: b.ok ? 'met' : 'MISSED' })))
  console.log(
    `Repeat visit offline: ${journey.offlineCards} products painted in ${journey.offlinePaintMs} ms\n`,
  )
  process.exitCode = rows.every((r) => r.ok) && journey.budget.every((b) => b.ok) ? 0 : 1
} finally {
  server.child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
