import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { summary } from '../lib/page-heads.ts'
import { testApi } from '../test/api-server.ts'
import { renderApp } from '../test/render-app.tsx'

const head = () => ({
  descriptions: [...document.head.querySelectorAll('meta[name="description"]')].map((meta) =>
    meta.getAttribute('content'),
  ),
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  image: document.head.querySelector('meta[property="og:image"]')?.getAttribute('content'),
  robots: document.head.querySelector('meta[name="robots"]')?.getAttribute('content'),
  structuredData: document.head.querySelectorAll('[data-page-ld]').length,
  serverTags: document.head.querySelectorAll('[data-page-head]').length,
})

describe('the page head (React 19 metadata)', () => {
  it("takes over from the server's head, and keeps it right after each navigation", async () => {
    // As the server sends a first load of /product/1 (server/seo/head.ts).
    document.head.insertAdjacentHTML(
      'beforeend',
      '<title data-page-head>From the server</title>' +
        '<meta name="description" content="From the server" data-page-head>' +
        '<script type="application/ld+json" data-page-ld>{}</script>',
    )
    const product = (await (await testApi().call(`${location.origin}/api/products/1`)).json()) as {
      title: string
      description: string
      images: string[]
    }
    const { router } = await renderApp('/product/1')

    await waitFor(() => expect(document.title).toBe(`${product.title} | Meridian`))
    expect(head()).toEqual({
      descriptions: [summary(product.description)],
      canonical: `${location.origin}/product/1`,
      image: product.images[0],
      robots: undefined,
      // The structured data describes the page the app opened on: it stays there.
      structuredData: 1,
      serverTags: 0,
    })

    await act(() => router.navigate({ to: '/products/$category', params: { category: 'laptops' } }))
    await waitFor(() => expect(document.title).toBe('Laptops | Meridian'))
    expect(head()).toEqual({
      descriptions: [
        'Shop Laptops at Meridian, with free gift boxing and free shipping on every order.',
      ],
      canonical: `${location.origin}/products/laptops`,
      image: undefined,
      robots: undefined,
      structuredData: 0,
      serverTags: 0,
    })

    await act(() => router.navigate({ to: '/cart' }))
    await waitFor(() => expect(document.title).toBe('Your Cart | Meridian'))
    expect(head()).toMatchObject({ robots: 'noindex', canonical: `${location.origin}/cart` })
  })
})
