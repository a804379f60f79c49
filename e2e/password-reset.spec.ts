import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { plainText, resetLinkIn } from '../testing/mail-text.ts'
import { newShopper, signIn } from './support/shopper-state.ts'

/**
 * A forgotten password reset by a mailed link (rules.md § Password reset), in Chromium against
 * `npm start`: the mail is read from the outbox folder (no SMTP_URL in the suite's server), and
 * its link opened as a shopper opens it. Each test has a shopper of its own, and comes from an
 * address of its own (the server trusts X-Forwarded-For: e2e/support/server-env.ts), so the
 * limits per address of the other tests do not meet it.
 */

const SENT = 'If an account uses that address, we have sent it a link'
const SESSION_ENDED = 'Your session has ended. Please sign in again.'

/** The password a reset sets (the shopper's first is shopper-state.ts's). */
const NEW_PASSWORD = 'Second-pass2'

/** A browser context as one client of its own (its address, for the limits). */
const clientContext = (browser: Browser, address: string) =>
  browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } })

const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox')

/** The reset mails written for `email` so far, newest last (each file once whole: transport.ts). */
function resetMailsTo(email: string): string[] {
  if (!existsSync(outbox)) return []
  return readdirSync(outbox)
    .filter((name) => name.startsWith('reset-') && name.endsWith('.eml'))
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${email}\\r?$`, 'm').test(raw))
}

/** Asks for a link on /forgot-password, reached from the account modal's sign-in. */
async function askForLink(page: Page, email: string) {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  const form = page.getByRole('form', { name: 'Forgot your password?' })
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Send Link' }).click()
  await expect(page.getByRole('status')).toContainText(SENT)
}

/** The link of the one reset mail `email` was sent, once the mailer has written it. */
async function mailedLink(email: string) {
  await expect.poll(() => resetMailsTo(email).length, { timeout: 15_000 }).toBe(1)
  const [raw = ''] = resetMailsTo(email)
  expect(raw).toContain('Subject: Reset your Meridian password')
  return resetLinkIn(plainText(raw))
}

/** What the page keeps of addresses: its storage, and the service worker's caches. */
const keptByThePage = (page: Page) =>
  page.evaluate(async () => {
    const cached: string[] = []
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) cached.push(request.url)
    return JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      history: history.state as unknown,
      cached,
    })
  })

test('Forgot password → the mail → its link → a new password: signed in here, and out everywhere else', async ({
  browser,
  request,
}) => {
  test.slow() // two browsers, a mail to wait for, and the service worker's caches to read
  const shopper = await newShopper(request, 'reset')
  const contexts: BrowserContext[] = []
  try {
    const [here, elsewhere] = await Promise.all([
      clientContext(browser, '203.0.113.61'),
      clientContext(browser, '203.0.113.62'),
    ])
    contexts.push(here, elsewhere)
    // Another device, signed in with the old password before the reset.
    const other = await elsewhere.newPage()
    await signIn(other, shopper)
    await other.goto('/myaccount')
    await expect(other.getByRole('heading', { name: 'Overview' })).toBeVisible()

    const page = await here.newPage()
    // Visited first, as a shopper would have: the service worker is installed and caching.
    await page.goto('/')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await askForLink(page, shopper.email)
    const { url, token } = await mailedLink(shopper.email)
    expect(new URL(url).origin).toBe(new URL(page.url()).origin)

    // Everything the page asks for from here on, and the headers it sends.
    const sentHeaders: Promise<Record<string, string>>[] = []
    const addresses: string[] = []
    page.on('request', (sent) => {
      addresses.push(sent.url())
      sentHeaders.push(sent.allHeaders())
    })
    const opened = await page.goto(url)
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer')
    expect(opened?.headers()['cache-control']).toBe('no-store')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible()
    const form = page.getByRole('form', { name: 'Choose a new password' })
    await expect(form).toBeVisible()
    // The address bar no longer shows the token.
    expect(page.url()).toBe(new URL('/reset-password', url).href)

    await form.getByLabel('New Password').fill(NEW_PASSWORD)
    await form.getByLabel('Confirm Password').fill(NEW_PASSWORD)
    await form.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page).toHaveURL(/\/myaccount$/)
    await expect(
      page.getByText('Your password has been reset, and you are signed in'),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Personal Details' })).toBeVisible()

    // No request carried the token in its address or its Referer; nothing kept holds it.
    expect(addresses.filter((address) => address.includes(token))).toEqual([url])
    const referers = (await Promise.all(sentHeaders)).map((headers) => headers.referer ?? '')
    expect(referers.length).toBeGreaterThan(5)
    expect(referers.filter((referer) => referer.includes(token))).toEqual([])
    expect(await keptByThePage(page)).not.toContain(token)

    // The old password is refused; the new one signs in.
    const login = (password: string) =>
      request.post('/api/auth/login', { data: { username: shopper.username, password } })
    expect((await login(shopper.password)).status()).toBe(400)
    expect((await login(NEW_PASSWORD)).status()).toBe(200)

    // The other device is signed out at its next request, and told why.
    await other.goto('/myaccount')
    await expect(other.getByText(SESSION_ENDED)).toBeVisible()
    await expect(other).toHaveURL(/\/$/)

    // The link again: it says it was used, and offers a new one.
    await page.goto(url)
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'This link was already used',
    )
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(page.url()).toBe(new URL('/reset-password', url).href)
  } finally {
    await Promise.all(contexts.map((context) => context.close()))
  }
})

test('an address no account has gets the same answer, and no mail', async ({
  browser,
  request,
}) => {
  const shopper = await newShopper(request, 'known')
  const context = await clientContext(browser, '203.0.113.63')
  try {
    const page = await context.newPage()
    const answers: { status: number; body: string }[] = []
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/forgot-password'))
        void response.text().then((body) => answers.push({ status: response.status(), body }))
    })
    const unknown = `nobody${Date.now().toString(36)}@example.com`
    for (const email of [unknown, shopper.email]) {
      await askForLink(page, email)
      await expect(page.getByRole('status')).toHaveText(
        `${SENT}The link works once, for 30 minutes. If no mail arrives in a few minutes, check your spam folder or try again.`,
      )
    }
    await expect.poll(() => answers.length).toBe(2)
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]?.status).toBe(202)
    await mailedLink(shopper.email)
    expect(resetMailsTo(unknown)).toEqual([])
  } finally {
    await context.close()
  }
})
