import { JSDOM, VirtualConsole } from 'jsdom'
import jsonld from 'jsonld'
import { describe, expect, it, vi } from 'vitest'
import EARLY_EVENTS_SCRIPT from './lib/early-events.script.ts?inline-script'
import START_APP_SCRIPT from './start-app.script.ts?inline-script'
import { summary } from './lib/head/rules.ts'
import { discountedPrice } from '../shared/pricing/pricing.ts'
import { STUB_CSS } from '../testing/stub-client-build.ts'
import { capturedLogs } from '../testing/test-api.ts'
import { fetchPage, setUpTestSite } from './test/test-site.ts'

/**
 * The pages as the server sends them, before any script runs: each route's head (its head(), from
 * its loader's data) and its status (notFound() is a 404). The site's documents for crawlers are in
 * site-documents.ssr.test.ts, the link previews in link-previews.ssr.test.ts.
 */

const { api, site, page } = setUpTestSite()

const ofType = (docs: Record<string, unknown>[], type: string) =>
  docs.find((doc) => doc['@type'] === type)

// schema.org's context, as far as expansion needs it: every term is a schema.org property.
const documentLoader = (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`no network for ${url}`)
  return Promise.resolve({
    contextUrl: undefined,
    documentUrl: url,
    document: { '@context': { '@vocab': 'https://schema.org/' } },
  })
}

/** The JSON-LD expanded by a JSON-LD processor: invalid JSON-LD throws. */
const expand = async (doc: Record<string, unknown>) =>
  (await jsonld.expand(doc, { documentLoader })) as Record<
    string,
    { '@value'?: unknown; '@id'?: string }[]
  >[]

interface ApiProduct {
  id: number
  title: string
  description: string
  price: number
  discountPercentage: number
  rating: number
  category: string
  images: string[]
  availabilityStatus: string
  reviews: { rating: number; comment: string; date: string; reviewerName: string }[]
}

describe('a product page', () => {
  it("answers with the product's title, description, picture and price in its head", async () => {
    const product = (await (
      await api().app.request('http://shop.test/api/products/1')
    ).json()) as ApiProduct
    const { response, document, meta } = await page('/product/1')
    expect(response.status).toBe(200)
    expect(document.title).toBe(`${product.title} | Meridian`)
    expect(document.querySelectorAll('title')).toHaveLength(1)
    expect(meta('description')).toBe(summary(product.description))
    expect(meta('og:type')).toBe('product')
    expect(meta('og:title')).toBe(`${product.title} | Meridian`)
    // A PNG the server draws from the product's picture, with its title and price: link
    // previewers show no SVG.
    expect(meta('og:image')).toBe('http://shop.test/api/images/previews/products/1.png')
    expect(meta('og:image:alt')).toBe(product.title)
    expect(meta('og:url')).toBe('http://shop.test/product/1')
    expect(meta('product:price:amount')).toBe(
      discountedPrice(product.price, product.discountPercentage).toFixed(2),
    )
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://shop.test/product/1',
    )
    // The page itself is in the HTML, with the app's script that takes it over: started once the
    // page has painted, not as a script of the HTML (server/pages/router-manifest.ts).
    expect(document.querySelector('main h1')?.textContent).toBe(product.title)
    expect(document.querySelector('script[src]')).toBeNull()
    const startApp = [...document.querySelectorAll<HTMLElement>('script[data-entry]')]
    expect(startApp).toHaveLength(1)
    expect(startApp[0]?.textContent).toBe(START_APP_SCRIPT)
    expect(JSON.parse(startApp[0]?.dataset.entry ?? '')).toMatchObject({
      type: 'module',
      src: '/assets/index-abc.js',
    })
  })

  it("fetches the app's code as the HTML arrives and starts it after the first paint", async () => {
    const { html } = await page('/product/1')
    // The entry and the route's chunks are fetched beside the HTML, after the page's own requests;
    // nothing of the app runs before the page has painted.
    const before = new JSDOM(html).window.document
    expect(
      [...before.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => [
        link.getAttribute('href'),
        link.getAttribute('fetchpriority'),
      ]),
    ).toEqual([
      ['/assets/index-abc.js', 'low'],
      ['/assets/product-abc.js', 'low'],
    ])
    expect(before.querySelectorAll('script[src]')).toHaveLength(0)

    // The page's own inline lines, run as a browser runs them (the router's scripts as well, which
    // find no ReadableStream here: their errors stay in the page's console).
    const { window } = new JSDOM(html, {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole: new VirtualConsole(),
    })
    const added = () =>
      [...window.document.head.querySelectorAll('link:not([rel="canonical"]), script[src]')].map(
        (element) => [
          element.tagName,
          element.getAttribute('rel'),
          element.getAttribute('href') ?? element.getAttribute('src'),
          element.hasAttribute('disabled'),
        ],
      )
    const other = added()
    // What each task adds: a mutation observer hears once per task.
    const tasks: string[][] = []
    new window.MutationObserver((records) =>
      tasks.push(
        records.flatMap(({ addedNodes }) =>
          [...addedNodes].map((node) => (node as Element).getAttribute('rel') ?? 'entry'),
        ),
      ),
    ).observe(window.document.head, { childList: true })
    // After the first paint: the entry is the last thing the lines add.
    await vi.waitFor(() => expect(window.document.head.querySelector('script[src]')).not.toBeNull())
    expect(added().slice(other.length)).toEqual([
      // The stylesheets the page has inline, named for the bundle's loader and never fetched.
      ['LINK', 'stylesheet', '/assets/index-abc.css', true],
      ['LINK', 'stylesheet', '/assets/product-abc.css', true],
      ['SCRIPT', null, '/assets/index-abc.js', false],
    ])
    // The entry runs in a task of its own.
    expect(tasks).toEqual([['stylesheet', 'stylesheet'], ['entry']])
    window.close()
  })

  it('starts the app when the browser paints before it has read the whole page', async () => {
    const { html } = await page('/product/1')
    // The route's block as a first paint can find it mid-stream: its JSON not yet read to its end.
    const cut = html.replace(
      /(<script type="application\/json" data-assets="">)([^<]*)(<\/script>)/g,
      (_, open: string, json: string, close: string) => open + json.slice(0, 20) + close,
    )
    expect(cut).not.toBe(html)
    const errors: string[] = []
    const virtualConsole = new VirtualConsole()
    const { window } = new JSDOM(cut, {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole,
    })
    // Listened to from here: what the router's own scripts report as they run above is theirs.
    virtualConsole.on('jsdomError', (error) => errors.push(error.message))
    const entry = () => window.document.head.querySelector('script[src]')
    // Until the lines have run after the first paint: they add the entry last, or fail before it.
    await vi.waitFor(() => {
      if (errors.length === 0) expect(entry()).not.toBeNull()
    })
    expect(errors).toEqual([])
    expect(entry()?.getAttribute('src')).toBe('/assets/index-abc.js')
    window.close()
  })

  it('is styled from the HTML alone: its stylesheets inline in the head, none to fetch', async () => {
    const { document, html } = await page('/product/1')
    const inline = document.querySelectorAll('head style[data-tsr-inline-css]')
    expect(inline).toHaveLength(1)
    // The root's stylesheet (every page) and the product page's own, in the order of the routes.
    expect(inline[0]?.textContent).toBe(STUB_CSS.root + STUB_CSS.product)
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0)
    // Once: the data the app takes over names the inline style, without a copy of its text.
    expect(html.split(STUB_CSS.product)).toHaveLength(2)
    // A page without the product route's code inlines the root's stylesheet only.
    const home = await page('/')
    expect(home.document.querySelector('style[data-tsr-inline-css]')?.textContent).toBe(
      STUB_CSS.root,
    )
  })

  it('paints its first photo with the page: the picture is in the HTML, nothing to fetch first', async () => {
    const { document, html } = await page('/product/1')
    const product = (await (await api().call('/api/products/1')).json()) as { images: string[] }
    const drawn = await (await api().call(new URL(product.images[0]!).pathname)).text()
    const inline = `data:image/svg+xml,${encodeURIComponent(drawn)}`
    expect(document.querySelector('main img')?.getAttribute('src')).toBe(inline)
    // No request of its own for the browser to start (React preloads a linked priority image).
    expect(document.querySelector('link[rel="preload"][as="image"]')).toBeNull()
    // The app's first render shows the same picture: it travels in the data the app takes over.
    expect(html.split(JSON.stringify(inline).slice(1, -1)).length).toBeGreaterThan(1)
  })

  it('carries a Product with its Offer and AggregateRating, valid JSON-LD', async () => {
    const product = (await (
      await api().app.request('http://shop.test/api/products/1')
    ).json()) as ApiProduct
    const { jsonLd } = await page('/product/1')
    const ld = ofType(jsonLd, 'Product')!
    const [expanded] = await expand(ld)
    const schema = (name: string) => `https://schema.org/${name}`
    expect(expanded?.['@type']).toEqual([schema('Product')])
    expect(expanded?.[schema('name')]?.[0]?.['@value']).toBe(product.title)
    const [offer] = (expanded?.[schema('offers')] ?? []) as unknown as Record<
      string,
      { '@value'?: unknown; '@id'?: string }[]
    >[]
    expect(offer?.['@type']).toEqual([schema('Offer')])
    expect(offer?.[schema('price')]?.[0]?.['@value']).toBe(
      discountedPrice(product.price, product.discountPercentage).toFixed(2),
    )
    expect(offer?.[schema('priceCurrency')]?.[0]?.['@value']).toBe('USD')
    expect(offer?.[schema('availability')]?.[0]?.['@value']).toMatch(/^https:\/\/schema\.org\//)
    const [rating] = (expanded?.[schema('aggregateRating')] ?? []) as unknown as Record<
      string,
      { '@value'?: unknown }[]
    >[]
    expect(rating?.[schema('ratingValue')]?.[0]?.['@value']).toBe(product.rating)
    expect(rating?.[schema('reviewCount')]?.[0]?.['@value']).toBe(3)
    // Each review, from the same data the page shows.
    const reviews = (expanded?.[schema('review')] ?? []) as unknown as Record<
      string,
      Record<string, { '@value'?: unknown }[]>[]
    >[]
    expect(reviews).toHaveLength(product.reviews.length)
    product.reviews.forEach((review, i) => {
      expect(reviews[i]?.['@type']).toEqual([schema('Review')])
      expect(reviews[i]?.[schema('reviewBody')]?.[0]?.['@value']).toBe(review.comment)
      expect(reviews[i]?.[schema('datePublished')]?.[0]?.['@value']).toBe(review.date.slice(0, 10))
      expect(reviews[i]?.[schema('author')]?.[0]?.[schema('name')]?.[0]?.['@value']).toBe(
        review.reviewerName,
      )
      expect(
        reviews[i]?.[schema('reviewRating')]?.[0]?.[schema('ratingValue')]?.[0]?.['@value'],
      ).toBe(review.rating)
    })

    const trail = ofType(jsonLd, 'BreadcrumbList')!
    await expand(trail)
    const names = (trail.itemListElement as { name: string; position: number }[]).map(
      (item) => item.name,
    )
    expect(names).toEqual(['Meridian', 'All Products', expect.any(String), product.title])
  })

  it('describes a product sold in options as a ProductGroup, each variant a Product with its SKU, offer and values (rules.md § Options and variants)', async () => {
    const product = (await (
      await api().app.request('http://shop.test/api/products/109')
    ).json()) as ApiProduct & {
      sku: string
      variants: { sku: string; price: number; discountPercentage: number; stock: number }[]
    }
    const { jsonLd, document } = await page('/product/109?variant=MEN-SAV-109-9-BROWN')
    expect(ofType(jsonLd, 'Product')).toBeUndefined()
    const group = ofType(jsonLd, 'ProductGroup')!
    const [expanded] = await expand(group)
    const schema = (name: string) => `https://schema.org/${name}`
    expect(expanded?.['@type']).toEqual([schema('ProductGroup')])
    expect(expanded?.[schema('productGroupID')]?.[0]?.['@value']).toBe(product.sku)
    expect(expanded?.[schema('variesBy')]?.map((value) => value['@value'])).toEqual([
      schema('size'),
      schema('color'),
    ])
    const variants = (expanded?.[schema('hasVariant')] ?? []) as unknown as Record<
      string,
      Record<string, { '@value'?: unknown }[]>[]
    >[]
    // Every variant's SKU, with its own price and availability.
    expect(variants.map((variant) => variant[schema('sku')]?.[0])).toEqual(
      product.variants.map((variant) => ({ '@value': variant.sku })),
    )
    product.variants.forEach((variant, i) => {
      const offer = variants[i]?.[schema('offers')]?.[0]
      expect(offer?.[schema('url')]?.[0]?.['@value']).toBe(
        `http://shop.test/product/109?variant=${variant.sku}`,
      )
      expect(offer?.[schema('price')]?.[0]?.['@value']).toBe(
        discountedPrice(variant.price, variant.discountPercentage).toFixed(2),
      )
      expect(offer?.[schema('availability')]?.[0]?.['@value']).toBe(
        variant.stock === 0
          ? schema('OutOfStock')
          : variant.stock < 10
            ? schema('LimitedAvailability')
            : schema('InStock'),
      )
    })
    expect(variants[0]?.[schema('size')]?.[0]?.['@value']).toBe('7')
    expect(variants[0]?.[schema('color')]?.[0]?.['@value']).toBe('Black')
    // The page itself opens on the variant its address names, without the app.
    expect(document.querySelector('[role=group]')?.textContent).toMatch(/^Size: 9/)
  })

  it('keeps taps made before the app takes over, and no form of the app can send itself', async () => {
    const product = await page('/product/1')
    // The early events' script is in the head, before the app's code (lib/early-events.ts).
    const scripts = [...product.document.head.querySelectorAll('script:not([src])')].map(
      (script) => script.textContent,
    )
    expect(scripts).toContain(EARLY_EVENTS_SCRIPT)
    // The app's buttons look and are as they will be: nothing marks them not ready.
    for (const name of ['Add to Cart', 'Express Checkout']) {
      const button = [...product.document.querySelectorAll('button')].find(
        (element) => element.textContent === name,
      )
      // (The stock rules' aria-disabled says false: this product can be bought.)
      expect(button?.getAttribute('aria-disabled'), name).not.toBe('true')
      expect(button?.hasAttribute('disabled'), name).toBe(false)
    }
    // Two taps on Add to Cart are two; on the bookmark, one (data-repeat).
    const add = [...product.document.querySelectorAll('button')].find(
      (element) => element.textContent === 'Add to Cart',
    )
    expect(add?.hasAttribute('data-repeat')).toBe(true)
    // Enter in a field of the registration form must not send it, password and all, as a query:
    // the app's forms are `method="dialog"`, which natively sends nothing (JavaScript off too).
    const registration = await page('/userauth')
    for (const name of ['Sign In', 'Create Your Account']) {
      const form = registration.document.querySelector(`form[aria-label="${name}"]`)
      expect(form?.getAttribute('method'), name).toBe('dialog')
      expect(form?.querySelector('button[type="submit"]')?.hasAttribute('disabled'), name).toBe(
        false,
      )
    }
    // The header's search works without the app: its form goes to /search.
    const search = registration.document.querySelector('form[action="/search"]')
    expect(search?.getAttribute('method')).toBeNull()
  })

  it("leaves the header's buttons live on every page, as they will be", async () => {
    const { document } = await page('/customer-service/returns')
    const header = document.querySelector('header')!
    for (const button of header.querySelectorAll('button')) {
      expect(button.hasAttribute('aria-disabled'), button.outerHTML).toBe(false)
      expect(button.hasAttribute('disabled'), button.outerHTML).toBe(false)
    }
  })

  it('answers 404 with the not-found head for an unknown or malformed id', async () => {
    for (const path of ['/product/99999', '/product/abc', '/product/0', '/product/1.5']) {
      const { response, document, meta } = await page(path)
      expect(response.status, path).toBe(404)
      expect(document.title).toBe('Page not found | Meridian')
      expect(meta('robots')).toBe('noindex')
      expect(document.querySelector('link[rel="canonical"]')).toBeNull()
      expect(document.querySelector('main h1')?.textContent, 'the not-found page').toBe(
        'Page not found',
      )
    }
  })
})

describe('listings', () => {
  it('name the category, list its first page and its trail, valid JSON-LD', async () => {
    const { response, document, meta, jsonLd } = await page('/products/laptops')
    expect(response.status).toBe(200)
    expect(document.title).toBe('Laptops | Meridian')
    expect(meta('description')).toContain('Laptops')
    const list = ofType(jsonLd, 'ItemList')!
    await expand(list)
    const answer = (await (
      await api().app.request('http://shop.test/api/products/category/laptops?limit=30&skip=0')
    ).json()) as { products: { id: number; title: string }[] }
    expect(list.itemListElement).toEqual(
      answer.products.map((product, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `http://shop.test/product/${product.id}`,
        name: product.title,
      })),
    )
    expect(ofType(jsonLd, 'BreadcrumbList')).toBeDefined()
  })

  it("paint their first row's pictures with the page, search results too; the rest are links, loaded as they near the screen", async () => {
    for (const path of ['/products', '/search?q=phone']) {
      const { document } = await page(path)
      const pictures = [...document.querySelectorAll('main li img')]
      expect(pictures.length, path).toBeGreaterThan(4)
      for (const picture of pictures.slice(0, 4))
        expect(picture.getAttribute('src'), path).toMatch(/^data:image\/svg\+xml,%3Csvg/)
      expect(pictures[4]?.getAttribute('src'), path).toMatch(/^http:\/\/shop\.test\/api\/images\//)
      expect(pictures[4]?.getAttribute('loading'), path).toBe('lazy')
      expect(document.querySelector('link[rel="preload"][as="image"]'), path).toBeNull()
    }
  })

  it('all products has its own head; a category in capitals is the same page', async () => {
    const all = await page('/products')
    expect(all.response.status).toBe(200)
    expect(all.document.title).toBe('All Products | Meridian')
    expect((ofType(all.jsonLd, 'ItemList')?.itemListElement as unknown[]).length).toBe(30)
    expect((await page('/products/LAPTOPS')).response.status).toBe(200)
  })

  it('answers 404 for an unknown category', async () => {
    for (const path of ['/products/not-a-category', '/products/%E0%A4%A']) {
      const { response, document } = await page(path)
      expect(response.status, path).toBe(404)
      expect(document.title).toBe('Page not found | Meridian')
    }
  })
})

describe('other pages', () => {
  it('tell the browser what share of page loads send their field data (VITALS_SAMPLE_RATE)', async () => {
    expect((await page('/')).meta('vitals-sample-rate'), 'by default').toBe('1')
    for (const path of ['/product/1', '/cart', '/nowhere']) {
      const { meta } = await page(path, { vitalsSampleRate: 0.25 })
      expect(meta('vitals-sample-rate'), path).toBe('0.25')
    }
  })

  it('home describes the shop and its search box (Organization, WebSite with SearchAction)', async () => {
    const { response, document, jsonLd } = await page('/')
    expect(response.status).toBe(200)
    expect(document.title).toBe('Meridian | Gifts, fashion, tech and home')
    const organization = ofType(jsonLd, 'Organization')!
    const website = ofType(jsonLd, 'WebSite')!
    await expand(organization)
    await expand(website)
    expect(organization.url).toBe('http://shop.test/')
    expect(website.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: 'http://shop.test/search?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    })
  })

  it("keeps the shopper's own pages and search out of search engines", async () => {
    for (const [path, title] of [
      ['/cart', 'Your Cart | Meridian'],
      ['/checkout', 'Checkout | Meridian'],
      ['/myaccount', 'My Account | Meridian'],
      ['/search?q=phone', 'Search | Meridian'],
    ] as const) {
      const { response, document, meta } = await page(path)
      expect(response.status, path).toBe(200)
      expect(document.title).toBe(title)
      expect(meta('robots'), path).toBe('noindex')
    }
    expect((await page('/')).meta('robots')).toBeUndefined()
  })

  it("sends the shopper's own pages with their heading and a loading state, nothing of theirs", async () => {
    for (const [path, heading] of [
      ['/cart', 'Your Cart'],
      ['/checkout', 'Checkout'],
      ['/orders', 'My Purchases'],
      ['/saved', 'My Saved Items'],
    ] as const) {
      const { document } = await page(path)
      const main = document.querySelector('main')
      // The heading without a count: the count is the shopper's.
      expect(main?.querySelector('h1')?.textContent, path).toBe(heading)
      expect(main?.querySelector('[aria-busy="true"]'), path).not.toBeNull()
      expect(main?.querySelectorAll('a, button, form'), path).toHaveLength(0)
    }
  })

  it('sends Find an order as its form, with the number its link carries, out of search engines', async () => {
    const { response, document, meta } = await page(
      '/orders/find?number=MRD-7K2P9QXA4M&utm_source=mail',
    )
    expect(response.status).toBe(200)
    expect(document.title).toBe('Find an order | Meridian')
    expect(meta('robots')).toBe('noindex')
    const main = document.querySelector('main')
    expect(main?.querySelector('h1')?.textContent).toBe('Find an order')
    const form = main?.querySelector('form[aria-label="Find an order"]')
    // The app's own form: natively it sends nothing anywhere (lib/early-events.ts).
    expect(form?.getAttribute('method')).toBe('dialog')
    const field = (name: string) => form?.querySelector<HTMLInputElement>(`input[name="${name}"]`)
    expect(field('number')?.value).toBe('MRD-7K2P9QXA4M')
    expect(field('email')?.value).toBe('')
    expect(document.body.innerHTML).not.toContain('utm_source')
  })

  it('sends Forgot password as its form, out of search engines', async () => {
    const { response, document, meta } = await page('/forgot-password')
    expect(response.status).toBe(200)
    expect(document.title).toBe('Forgot your password? | Meridian')
    expect(meta('robots')).toBe('noindex')
    const form = document.querySelector('main form[aria-label="Forgot your password?"]')
    // The app's own: natively it sends nothing anywhere (lib/early-events.ts).
    expect(form?.getAttribute('method')).toBe('dialog')
    expect(form?.querySelector('input[name="email"]')?.getAttribute('type')).toBe('email')
  })

  it('sends a reset link’s page the same for every token, stored nowhere, with no Referer for what it loads', async () => {
    const { logger, raw } = capturedLogs()
    const observed = site({ observability: { logger } })
    const secret = 'a-reset-token-of-43-characters-0123456789ab'
    const [first, second] = [
      await fetchPage(observed, `http://shop.test/reset-password?token=${secret}`),
      await fetchPage(
        observed,
        'http://shop.test/reset-password?token=another-one&utm_source=mail',
      ),
    ]
    for (const { response, document, meta } of [first, second]) {
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
      expect(document.title).toBe('Choose a new password | Meridian')
      expect(meta('robots')).toBe('noindex')
      // Until the app runs and checks the link: the server never sees it.
      expect(document.querySelector('main [aria-busy="true"]')?.textContent).toBe(
        'Checking your link…',
      )
    }
    // Rendered and kept once, for its path alone: neither token is in it, nor in the log.
    expect(second.html).toBe(first.html)
    expect(first.html).not.toContain(secret)
    expect(first.html).not.toContain('token')
    expect(raw.join('\n')).toContain('"route":"/reset-password"')
    expect(raw.join('\n')).not.toContain(secret)
    // Every other page keeps the site's referrer policy and is cacheable.
    const other = await fetchPage(observed, 'http://shop.test/forgot-password')
    expect(other.response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(other.response.headers.get('Cache-Control')).toMatch(/^public, /)
  })

  it('search shows its results with the words they matched marked, and the header links to it', async () => {
    const { document } = await page('/search?q=iphnoe')
    const results = document.querySelector('ul[aria-label="Search results"]')
    const titles = [...(results?.querySelectorAll('h3') ?? [])].map((h) => h.textContent)
    expect(titles.length).toBeGreaterThan(0)
    expect(titles[0]).toMatch(/^iPhone/)
    expect(results?.querySelector('h3 mark')?.textContent).toBe('iPhone')
    // The app's first render reads those words from the page's query data (features/search/
    // matches.ts) rather than indexing the results again.
    const data = [...document.querySelectorAll('script')].map((script) => script.textContent)
    expect(data.join('')).toContain('["matched-terms","iphnoe",')
    // Before the app runs (or without it), the header's search button opens the search page.
    const button = document.querySelector('header button[aria-label="Search"]')
    expect(button?.getAttribute('type')).toBe('submit')
    expect(button?.closest('form')?.getAttribute('action')).toBe('/search')
  })

  it('names a customer-service page by its content; an unknown one is a 404', async () => {
    const { response, document, meta } = await page('/customer-service/returns')
    expect(response.status).toBe(200)
    expect(document.title).toBe('Free Shipping & Returns | Meridian')
    expect(meta('description')).toMatch(/^Shipping is free/)
    expect((await page('/customer-service/nope')).response.status).toBe(404)
  })

  it('styles a 404 from the HTML alone, and names its stylesheet and code to the app', async () => {
    for (const path of ['/nope', '/product/99999']) {
      const { response, document } = await page(path)
      expect(response.status, path).toBe(404)
      // The not-found page belongs to no route: its stylesheet comes besides the route's.
      const styles = [...document.querySelectorAll('head style')].map((style) => style.textContent)
      expect(styles.join(''), path).toContain(STUB_CSS.status)
      expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0)
      const blocks = [...document.querySelectorAll('script[data-assets]')].map(
        (block) => JSON.parse(block.textContent) as { styles: string[] },
      )
      expect(blocks, path).toContainEqual({ styles: ['/assets/status-abc.css'] })
      const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')]
      expect(
        preloads.find((link) => link.getAttribute('href') === '/assets/not-found-abc.js'),
        path,
      ).toBeDefined()
    }
    // A page that is found has neither.
    const { html } = await page('/product/1')
    expect(html).not.toContain(STUB_CSS.status)
    expect(html).not.toContain('/assets/not-found-abc.js')
  })

  it('answers 404 for an unknown address, while API errors stay JSON', async () => {
    for (const path of ['/nope', '/product', '/products/laptops/extra', '/a/b/c/d']) {
      const { response, document } = await page(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(document.title).toBe('Page not found | Meridian')
    }
    const apiMissing = await site().request('/api/products/99999')
    expect(apiMissing.status).toBe(404)
    // Every JSON error names its request id, so a report leads to its log line.
    expect(await apiMissing.json()).toEqual({
      message: "Product with id '99999' not found",
      requestId: apiMissing.headers.get('X-Request-Id'),
    })
  })

  it('moves /category to /products for good', async () => {
    const response = await site().request('/category')
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/products')
  })

  it('keeps the address’s query when it drops a trailing slash: a reset link’s token survives', async () => {
    const response = await site().request('/reset-password/?token=abc123-token&utm_source=mail')
    expect(response.status).toBeGreaterThanOrEqual(301)
    expect(response.status).toBeLessThan(400)
    expect(response.headers.get('Location')).toBe(
      '/reset-password?token=abc123-token&utm_source=mail',
    )
    // Any other redirect goes where its route says, with nothing of the request's added.
    expect((await site().request('/category?token=x')).headers.get('Location')).toBe('/products')
  })

  it('serves the offline shell (/index.html) as the build made it, for the service worker', async () => {
    const { response, document } = await page('/index.html')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(document.querySelector('script[src="/assets/index-abc.js"]')).not.toBeNull()
  })

  it("keeps the build's own records private", async () => {
    expect((await site().request('/.vite/router-manifest.json')).status).toBe(404)
  })

  it('uses SITE_URL for every absolute address when it is set', async () => {
    const { meta, document, jsonLd } = await page('/product/2', {
      siteUrl: 'https://shop.example',
    })
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.example/product/2',
    )
    expect(meta('og:url')).toBe('https://shop.example/product/2')
    expect(ofType(jsonLd, 'Product')?.url).toBe('https://shop.example/product/2')
  })
})
