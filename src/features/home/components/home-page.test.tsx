import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { recordRequests, testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'

/** The catalogue as the server has it, to derive what the page must show. */
async function firstPage() {
  const res = await testApi().call('/api/products?limit=30&skip=0')
  return ((await res.json()) as { products: { id: number; title: string; rating: number }[] })
    .products
}

describe('home page (rules.md § Home page)', () => {
  it('shows the hero with its gift-guide link and the brand title', async () => {
    await renderApp('/')
    expect(screen.getByRole('heading', { level: 1, name: 'HOLIDAY GIFTS' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Shop the Gift Guide' })).toHaveAttribute(
      'href',
      '/products/womens-bags',
    )
    await waitFor(() => expect(document.title).toMatch(/^Meridian \| /))
  })

  // Paging needs real layout, so the buttons are exercised in the browser journey (e2e/home.spec.ts).
  it('lists the 20 categories in the carousel, each linking to its listing', async () => {
    await renderApp('/')
    const carousel = screen.getByRole('region', { name: 'Shop by Category' })
    const expectCategories = () => {
      const links = within(carousel).getAllByRole('link')
      expect(links).toHaveLength(20)
      expect(links[0]).toHaveAttribute('href', '/products/smartphones')
      expect(links[5]).toHaveAttribute('href', '/products/home-decoration')
      expect(links[19]).toHaveAttribute('href', '/products/lighting')
      expect(links[5]).toHaveTextContent('Home Decoration')
      return links
    }
    // A plain strip until the shopper reaches for the carousel: Swiper is not set up at load.
    const [, laptops] = expectCategories()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(carousel.querySelector('.swiper-initialized')).toBeNull()

    // The focus coming into it sets Swiper up, and the focused slide keeps the focus.
    laptops?.focus()
    await waitFor(() => expect(carousel.querySelector('.swiper-initialized')).not.toBeNull())
    expectCategories()
    expect(document.activeElement).toHaveAttribute('href', '/products/laptops')
    expect(document.activeElement?.closest('.swiper-slide')).not.toBeNull()
  })

  it("shows the 4 highest-rated products of the first page as 'Our Best Sellers', highest first", async () => {
    const requests = recordRequests()
    await renderApp('/')
    const expected = (await firstPage())
      .toSorted((a, b) => b.rating - a.rating)
      .slice(0, 4)
      .map((p) => p.title)
    const section = screen.getByRole('region', { name: 'Our Best Sellers' })
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(4))
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual(expected)
    const [first] = within(section).getAllByRole('article')
    expect(within(first as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/product\/\d+$/),
    )
    expect(
      within(first as HTMLElement).getByRole('img', { name: /^Rated \d\.\d out of 5$/ }),
    ).toBeInTheDocument()
    // The home page asks for exactly the listing's first page (decisions.md § Data fetching and caching); the category list's
    // background refresh is not a product list.
    expect(requests.filter((url) => url.startsWith('/api/products?'))).toEqual([
      '/api/products?limit=30&skip=0',
    ])
  })

  it('links the four customer-service tiles', async () => {
    await renderApp('/')
    const section = screen.getByRole('region', { name: 'Customer Service' })
    const links = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['5-Year Warranty', '/customer-service/warranty'],
      ['Free Gift Boxing', '/customer-service/shop-gifts'],
      ['Free Shipping & Returns', '/customer-service/returns'],
      ['Make it Yours', '/customer-service/monogram'],
    ])
  })

  it('falls back to the placeholder picture when a product image fails', async () => {
    await renderApp('/')
    const section = screen.getByRole('region', { name: 'Our Best Sellers' })
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(4))
    const image = section.querySelector('img') as HTMLImageElement
    image.dispatchEvent(new Event('error'))
    await waitFor(() => expect(image.src).toMatch(/^data:image\/svg\+xml,/))
  })
})
