import { describe, expect, it } from 'vitest'
import { apiFetcher } from '../server/pages/render-api.ts'
import { createTestApi } from '../testing/test-api.ts'
import { createAppServer } from './entry-server.tsx'
import { fetchPage, setUpTestSite } from './test/test-site.ts'

/**
 * The address a page is rendered and kept for (decisions.md § Operations, caches): its path and
 * the query its routes read, nothing else, so a parameter no route reads cannot make the server
 * render, or its cache drop, a page.
 */

const testSite = setUpTestSite()

describe('the address a page is kept for', () => {
  it('keeps the query its routes read, in one order, and leaves out every other parameter', async () => {
    const { pageUrl } = createAppServer({
      fetchApi: apiFetcher((await createTestApi()).app, false),
    })
    const at = (path: string) => pageUrl(`http://shop.test${path}`).slice('http://shop.test'.length)
    expect(at('/products?utm_source=mail&u=8f3a1')).toBe('/products')
    expect(at('/products?utm_medium=x&sort=price-asc&brand=apple')).toBe(
      at('/products?brand=apple&sort=price-asc&fbclid=1'),
    )
    expect(at('/products?sort=price-asc&utm_source=mail')).toBe('/products?sort=price-asc')
    expect(at('/products/laptops?page=2&u=1')).toBe('/products/laptops?page=2')
    expect(at('/products?sort=cheapest&rating=9')).toBe('/products')
    expect(at('/search?q=lamp&gclid=abc')).toBe('/search?q=lamp')
    expect(at('/product/1?variant=ABC-123&ref=feed')).toBe('/product/1?variant=ABC-123')
    expect(at('/cart?utm_source=mail')).toBe('/cart')
    expect(at('/nowhere?x=1')).toBe('/nowhere')
    // A reset link's token is read by the app alone (rules.md § Password reset).
    expect(at('/reset-password?token=abc123&utm_source=mail')).toBe('/reset-password')
  })

  it('renders a page asked for with junk parameters once, and names none of them in it', async () => {
    const site = testSite.site()
    const plain = await fetchPage(site, 'http://shop.test/products/laptops')
    const junk = await fetchPage(site, 'http://shop.test/products/laptops?utm_source=mail&u=9z')
    expect(junk.response.status).toBe(200)
    expect(junk.html).toBe(plain.html)
    expect(junk.html).not.toMatch(/utm_source|9z/)
  })
})
