import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { renderHead } from './head.ts'
import { productLd } from './structured-data.ts'

describe('escaping', () => {
  const hostile = `</script><script>alert("x")</script> "Quoted" & <b>bold</b> \u2028`

  it('keeps a hostile product title inside its elements and attributes', () => {
    const product = {
      id: 7,
      title: hostile,
      description: hostile,
      category: 'laptops',
      price: 10,
      discountPercentage: 0,
      rating: 4,
      stock: 3,
      availabilityStatus: 'In Stock' as const,
      brand: hostile,
      sku: 'X',
      images: ['https://shop.test/a.svg?x="><script>'],
      reviews: [],
      meta: {
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        barcode: '1',
        qrCode: 'product/7',
      },
    }
    const html = `<!doctype html><html><head>${renderHead(
      {
        title: hostile,
        description: hostile,
        canonical: 'https://shop.test/product/7',
        openGraph: { type: 'product', image: product.images[0] },
        jsonLd: [productLd(product, 'https://shop.test/product/7')],
      },
      hostile,
    )}</head><body></body></html>`
    const { document } = new JSDOM(html).window
    expect(document.title).toBe(hostile)
    expect(document.querySelectorAll('script')).toHaveLength(1)
    expect(document.querySelector('b')).toBeNull()
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      hostile,
    )
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      product.images[0],
    )
    const ld = JSON.parse(document.querySelector('script')!.textContent) as Record<string, unknown>
    expect(ld.name).toBe(hostile)
    expect(ld.brand).toEqual({ '@type': 'Brand', name: hostile })
  })
})
