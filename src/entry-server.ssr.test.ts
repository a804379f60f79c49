import { describe, expect, it } from 'vitest'
import { apiFetcher } from '../server/pages/render-api.ts'
import type { FetchApi } from '../shared/pages/app-server.ts'
import { fetchPage, setUpTestSite } from './test/test-site.ts'

/**
 * What the server's renders must never do: let a product's text out of its element, or let one
 * shopper's request see another's data (a router, QueryClient and Jotai store per request).
 */

const testSite = setUpTestSite()

interface ApiProduct {
  id: number
  title: string
  images: string[]
}

const ownApi = () => apiFetcher(testSite.api().app, false)

/** The API, but product `id`'s answer changed by `edit`, and each answer held back `delayMs(path)`. */
function alteredApi(
  edit: (product: ApiProduct) => ApiProduct,
  id: number,
  delayMs: (path: string) => number = () => 0,
): FetchApi {
  const fetchApi = ownApi()
  return async (request, origin) => {
    const { pathname } = new URL(request.url)
    await new Promise((resolve) => setTimeout(resolve, delayMs(pathname)))
    const response = await fetchApi(request, origin)
    if (pathname !== `/api/products/${id}`) return response
    return Response.json(edit((await response.json()) as ApiProduct))
  }
}

describe('a product whose texts are HTML', () => {
  const hostile = `</script><script>alert(1)</script> "Quoted" & <b>bold</b> \u2028<!--`

  it('renders them as text in the page, in its head and in the data the app takes over', async () => {
    const site = testSite.site({
      fetchApi: alteredApi((product) => ({ ...product, title: hostile, brand: hostile }), 7),
    })
    const plain = await fetchPage(site, 'http://shop.test/product/8')
    const { document, html, jsonLd } = await fetchPage(site, 'http://shop.test/product/7')

    // The page: as text, in its element.
    expect(document.querySelector('main h1')?.textContent).toBe(hostile)
    expect(document.querySelector('b')).toBeNull()
    // The head: the title, an attribute, and the structured data.
    expect(document.title).toBe(`${hostile} | Meridian`)
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      `${hostile} | Meridian`,
    )
    const product = jsonLd.find((data) => data['@type'] === 'Product')
    expect(product?.name).toBe(hostile)
    expect(product?.brand).toEqual({ '@type': 'Brand', name: hostile })
    // The dehydrated state: no script the page did not write itself; the title is in it, escaped.
    const scripts = (page: Document) =>
      [...page.querySelectorAll('script')].map((script) => script.getAttribute('type') ?? 'js')
    expect(scripts(document)).toEqual(scripts(plain.document))
    // The router streams it in as many scripts as its size asks for.
    const state = [...document.querySelectorAll('script')]
      .filter((script) => /\$_TSR|\$R\[/.test(script.textContent))
      .map((script) => script.textContent)
      .join('')
    expect(state).toContain('alert(1)')
    expect(state).not.toMatch(/<\/?script/i)
    expect(html).not.toContain('<script>alert(1)</script>')
  })
})

describe('shoppers rendered at the same time', () => {
  it('never see each other’s data, even when their answers come back interleaved', async () => {
    // Product 1's answers are slow and product 2's fast: their renders overlap, and each reads
    // the API through the same process-wide client.
    const site = testSite.site({
      fetchApi: alteredApi(
        (product) => product,
        0,
        (path) => (path.includes('/products/1') ? 60 : 5),
      ),
      // Two shops' hosts served by one site: each page names its own.
      allowedHosts: ['one.test', 'two.test'],
    })
    const [one, two] = await Promise.all([
      fetchPage(site, 'http://one.test/product/1'),
      fetchPage(site, 'http://two.test/product/2'),
    ])
    const answer = async (id: number) =>
      (await (
        await testSite.api().app.request(`http://shop.test/api/products/${id}`)
      ).json()) as ApiProduct
    const [first, second] = await Promise.all([answer(1), answer(2)])

    expect(one.document.querySelector('main h1')?.textContent).toBe(first.title)
    expect(two.document.querySelector('main h1')?.textContent).toBe(second.title)
    expect(one.html).not.toContain(second.title)
    expect(two.html).not.toContain(first.title)
    // Each page's linked pictures are on its own origin, and the photo drawn into its HTML is its
    // own product's: the render scope kept each request's apart.
    const pictures = (page: typeof one) =>
      [...page.document.querySelectorAll('main img')].map((img) => img.getAttribute('src') ?? '')
    for (const [page, origin, product] of [
      [one, 'http://one.test/', first],
      [two, 'http://two.test/', second],
    ] as const) {
      const [photo, ...linked] = pictures(page)
      expect(decodeURIComponent(photo ?? '')).toContain(`<title>${product.title}</title>`)
      expect(linked.length).toBeGreaterThan(0)
      for (const src of linked) expect(src.startsWith(origin)).toBe(true)
    }
    expect(one.html).not.toContain('two.test')
    expect(two.html).not.toContain('one.test')
  })
})
