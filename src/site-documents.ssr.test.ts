import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { setUpTestSite } from './test/test-site.ts'

/** The site's documents for crawlers, as the server sends them beside the pages (site-documents.ts). */
const { api, site } = setUpTestSite()

describe('the sitemap and robots.txt', () => {
  it('lists home, the listings, every category and every product, with their dates', async () => {
    const response = await site().request('http://shop.test/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const { document } = new JSDOM(await response.text(), { contentType: 'application/xml' }).window
    expect(document.querySelector('parsererror')).toBeNull()
    const entries = new Map(
      [...document.getElementsByTagName('url')].map((url) => [
        url.getElementsByTagName('loc')[0]?.textContent,
        url.getElementsByTagName('lastmod')[0]?.textContent,
      ]),
    )
    const { products } = (await (
      await api().app.request('/api/products?limit=0&select=id,meta')
    ).json()) as { products: { id: number; meta: { updatedAt: string } }[] }
    const categories = (await (await api().app.request('/api/products/categories')).json()) as {
      slug: string
    }[]
    expect(products.length).toBeGreaterThan(100)
    for (const { id, meta } of products)
      expect(entries.get(`http://shop.test/product/${id}`), `product ${id}`).toBe(meta.updatedAt)
    for (const { slug } of categories)
      expect(entries.has(`http://shop.test/products/${slug}`), slug).toBe(true)
    for (const path of ['/', '/products', '/customer-service/returns'])
      expect(entries.has(`http://shop.test${path}`), path).toBe(true)
    expect(entries.size).toBe(2 + categories.length + products.length + 4)
  })

  it("robots.txt keeps crawlers out of the shopper's pages, the back office and the API, and names the sitemap", async () => {
    const text = await (
      await site({ siteUrl: 'https://shop.example' }).request('/robots.txt')
    ).text()
    for (const path of [
      '/cart',
      '/checkout',
      '/myaccount',
      '/order-confirmation',
      '/admin',
      '/api/',
    ])
      expect(text).toContain(`Disallow: ${path}\n`)
    expect(text).toMatch(/^User-agent: \*$/m)
    expect(text).toContain('Sitemap: https://shop.example/sitemap.xml')
  })
})
