import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { FIND_ORDER_BODY_BYTES } from '../server/pages/find-order-form.ts'
import { DEFAULT_CLIENT_LIMITS } from '../server/limits/limit-settings.ts'
import { orderBody, newOrderKey } from '../testing/orders.ts'
import { connectionFrom } from '../testing/test-api.ts'
import { setUpTestSite } from './test/test-site.ts'

/**
 * Find an order without JavaScript (rules.md § Added features; decisions.md § Orders): the form
 * posted to the server, which answers with the page and what the API's lookup found, for the
 * shopper who sent it alone.
 */

const { api, site } = setUpTestSite()

const EMAIL = 'asha@example.com'
let number = ''
beforeAll(async () => {
  const placed = await api().call('/api/orders', {
    headers: { 'Idempotency-Key': newOrderKey() },
    body: orderBody(5, 2),
  })
  expect(placed.status).toBe(201)
  ;({ number } = (await placed.json()) as { number: string })
})

type Site = ReturnType<typeof site>

/** The form as a browser without JavaScript sends it, from this site's own page. */
function post(
  on: Site,
  fields: Record<string, string> | string,
  {
    client = '198.51.100.20',
    headers = {},
    path = '/orders/find',
  }: { client?: string; headers?: Record<string, string>; path?: string } = {},
) {
  return on.request(
    `http://shop.test${path}`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        Origin: 'http://shop.test',
        ...headers,
      },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    },
    connectionFrom(client),
  )
}

async function read(response: Response) {
  const html = await response.text()
  const { document } = new JSDOM(html).window
  const main = document.querySelector('main')
  return {
    html,
    document,
    text: main?.textContent?.replace(/\s+/g, ' ') ?? '',
    alert: document.querySelector('[role="alert"]')?.textContent ?? null,
    field: (label: string) =>
      [...document.querySelectorAll('label')]
        .find((each) => each.textContent?.startsWith(label))
        ?.control?.getAttribute('value') ?? null,
  }
}

describe('Find an order, sent without JavaScript', () => {
  it('renders a form that posts itself here, its email in the body', async () => {
    const page = await read(await site().request(`http://shop.test/orders/find?number=${number}`))
    const form = page.document.querySelector('form[aria-label="Find an order"]')
    const button = form?.querySelector('button[type="submit"]')
    expect(button?.getAttribute('formmethod')).toBe('post')
    // The address it posts to is the page's own (its ?number=), the answer's place after it.
    expect(button?.getAttribute('formaction')).toBe('#found-order')
    expect(form?.getAttribute('method')).toBe('dialog')
    expect(page.field('Order Number')).toBe(number)
  })

  it('found: the order, its status, lines and totals, for this shopper alone (no-store)', async () => {
    const answer = await post(site(), { number: number.toLowerCase(), email: ' Asha@Example.com' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect(answer.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'sha256-/)
    const page = await read(answer)
    const card = page.document.getElementById('found-order')
    expect(card?.querySelector('h2')?.textContent).toBe(`Order ${number}`)
    expect(page.text).toContain('Status: Placed')
    expect(card?.textContent).toMatch(/Total\s*\$\d/)
    expect(card?.textContent).toContain('Shipping address')
    // What was typed stays in the form, to be corrected; the page's data carries the answer.
    expect(page.field('Email')).toBe(' Asha@Example.com')
    expect(page.html).toContain(number)
    // Cancel Order needs the app: no dead button, and the page says so.
    expect(card?.querySelector('button')).toBeNull()
    expect(card?.textContent).toContain('Cancelling an order here needs JavaScript.')
  })

  it('keeps the query of the page it was sent from, and shows the number typed', async () => {
    const answer = await post(
      site(),
      { number, email: EMAIL },
      { path: '/orders/find?number=MRD-00000000' },
    )
    expect(answer.status).toBe(200)
    const page = await read(answer)
    expect(page.field('Order Number')).toBe(number)
    expect(page.document.getElementById('found-order')).not.toBeNull()
  })

  it('never enters the page cache: another shopper’s page shows no order', async () => {
    const one = site()
    // Both addresses kept first, so a page the answer left behind would be served from memory.
    await one.request('http://shop.test/orders/find')
    await one.request(`http://shop.test/orders/find?number=${number}`)
    expect((await post(one, { number, email: EMAIL })).status).toBe(200)
    for (const path of ['/orders/find', `/orders/find?number=${number}`]) {
      const other = await one.request(`http://shop.test${path}`)
      expect(other.headers.get('Cache-Control')).not.toBe('no-store')
      const page = await read(other)
      expect(page.document.getElementById('found-order')).toBeNull()
      expect(page.html).not.toContain(EMAIL)
      expect(page.text).not.toContain('Status:')
    }
  })

  it('a wrong email and a wrong number: the page’s one not-found message (404)', async () => {
    for (const fields of [
      { number, email: 'someone@example.com' },
      { number: 'MRD-0000000000', email: EMAIL },
    ]) {
      const answer = await post(site(), fields)
      expect(answer.status).toBe(404)
      expect(answer.headers.get('Cache-Control')).toBe('no-store')
      const page = await read(answer)
      expect(page.alert).toBe('We could not find an order with that number and email.')
      expect(page.document.getElementById('found-order')).toBeNull()
      expect(page.field('Order Number')).toBe(fields.number)
    }
  })

  it('fields the form refuses: its messages, and nothing looked up (400)', async () => {
    const one = site()
    const client = '198.51.100.30'
    const answer = await post(one, { number: 'ABC', email: 'not-an-email' }, { client })
    expect(answer.status).toBe(400)
    const page = await read(answer)
    expect(page.text).toContain('Order Number is not valid')
    expect(page.text).toContain('Email is not in proper format')
    const empty = await read(await post(one, {}, { client }))
    expect(empty.text).toContain('Order Number missing')
    expect(empty.text).toContain('Email Address missing.')
    // None of them counted: the whole allowance of failed lookups is still there.
    const { limit } = DEFAULT_CLIENT_LIMITS.orderLookupsPerAddress
    for (let i = 0; i < limit; i++)
      expect((await post(one, { number: 'MRD-0000000000', email: EMAIL }, { client })).status).toBe(
        404,
      )
  })

  it('a body it cannot read: a clear message, not a 500', async () => {
    const unreadable = 'We could not read what was sent. Please fill in the form and send it again.'
    const cases: [number, Parameters<typeof post>][] = [
      [
        415,
        [
          site(),
          JSON.stringify({ number, email: EMAIL }),
          { headers: { 'Content-Type': 'application/json' } },
        ],
      ],
      [413, [site(), { number, email: 'a'.repeat(FIND_ORDER_BODY_BYTES) }]],
      [
        403,
        [
          site(),
          { number, email: EMAIL },
          { headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://elsewhere.test' } },
        ],
      ],
    ]
    for (const [status, args] of cases) {
      const answer = await post(...args)
      expect(answer.status).toBe(status)
      expect(answer.headers.get('Cache-Control')).toBe('no-store')
      const page = await read(answer)
      expect(page.alert).toBe(unreadable)
      expect(page.document.getElementById('found-order')).toBeNull()
    }
    // Malformed percent-encoding and stray fields are read as a browser would send them.
    const odd = await post(site(), `number=%ZZ&email=%E0%A4&number=x&extra=1`)
    expect(odd.status).toBe(400)
    expect((await read(odd)).text).toContain('Order Number is not valid')
  })

  it('another site’s page cannot send it: no lookup is counted against its visitor', async () => {
    const one = site()
    const client = '198.51.100.40'
    const { limit } = DEFAULT_CLIENT_LIMITS.orderLookupsPerAddress
    const foreign = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://elsewhere.test' }
    for (let i = 0; i < limit + 1; i++)
      expect(
        (await post(one, { number: 'MRD-0000000000', email: EMAIL }, { client, headers: foreign }))
          .status,
      ).toBe(403)
    // An older browser without Sec-Fetch-Site is judged by its Origin.
    const old = await post(
      one,
      { number: 'MRD-0000000000', email: EMAIL },
      { client, headers: { 'Sec-Fetch-Site': '', Origin: 'https://elsewhere.test' } },
    )
    expect(old.status).toBe(403)
    expect((await post(one, { number, email: EMAIL }, { client })).status).toBe(200)
  })

  it('is throttled as the API’s lookup is, per address: 429 with Retry-After', async () => {
    const one = site()
    const client = '198.51.100.50'
    const { limit } = DEFAULT_CLIENT_LIMITS.orderLookupsPerAddress
    // The API's own lookups and the form's count together: one allowance, one throttle.
    for (let i = 0; i < limit / 2; i++)
      expect(
        (
          await api().call('/api/orders/lookup', {
            body: { number: 'MRD-0000000000', email: EMAIL },
            client,
          })
        ).status,
      ).toBe(404)
    for (let i = limit / 2; i < limit; i++)
      expect((await post(one, { number: 'MRD-0000000000', email: EMAIL }, { client })).status).toBe(
        404,
      )
    const refused = await post(one, { number, email: EMAIL }, { client })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.headers.get('Cache-Control')).toBe('no-store')
    const page = await read(refused)
    expect(page.alert).toBe('Too many order lookups, please try again later')
    expect(page.document.getElementById('found-order')).toBeNull()
    // Another address is not held back.
    expect((await post(one, { number, email: EMAIL }, { client: '198.51.100.51' })).status).toBe(
      200,
    )
  })
})
