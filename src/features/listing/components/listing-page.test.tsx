import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiServer, recordRequests, testApi } from '../../../test/api-server.ts'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { shownPrice } from '../../../../shared/pricing/pricing.ts'

interface Item {
  id: number
  title: string
  brand: string
  price: number
  rating: number
  discountPercentage: number
}

/** The whole catalogue (or a category) as the server has it, to derive what the page must show. */
async function serverProducts(category?: string): Promise<Item[]> {
  const path = category ? `/api/products/category/${category}?limit=0` : '/api/products?limit=0'
  return ((await (await testApi().call(path)).json()) as { products: Item[] }).products
}

const results = () => screen.getByRole('region', { name: 'Products' })
const cardTitles = () =>
  within(results())
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

describe('product listings (rules.md § Product listings)', () => {
  it('shows All Products with the total, a breadcrumb and 30 products with Load More', async () => {
    const all = await serverProducts()
    const { user } = await renderApp('/products')
    expect(
      screen.getByRole('heading', { level: 1, name: `All Products (${all.length})` }),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', {
        name: 'Home',
      }),
    ).toHaveAttribute('href', '/')
    expect(within(results()).getAllByRole('article')).toHaveLength(30)
    // The outline skips no level: h1, then the results' h2, then each card's h3.
    expect(
      within(results()).getByRole('heading', { level: 2, name: 'Products' }),
    ).toBeInTheDocument()
    expect(within(results()).getAllByRole('heading', { level: 3 })).toHaveLength(30)
    expect(screen.getByText(`Viewing 30 of ${all.length} products`)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Load More' }))
    expect(await screen.findByText(`Viewing 60 of ${all.length} products`)).toBeInTheDocument()
    expect(cardTitles().slice(30, 32)).toEqual(all.slice(30, 32).map((p) => p.title))
  })

  it('Load More waits while a new sort loads, then loads more of the sorted list', async () => {
    const all = await serverProducts()
    const requests = recordRequests()
    const { user } = await renderApp('/products')
    // The sorted list's answer is held back: until it comes, the old list is on screen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    apiServer.use(
      http.get('*/api/products', async ({ request }) => {
        if (new URL(request.url).searchParams.has('sortBy')) await held
        // Nothing returned: the API's own handler answers.
      }),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort By:' }), 'Price Low')
    expect(await screen.findByRole('button', { name: 'Loading…' })).toBeDisabled()
    release()
    await user.click(await screen.findByRole('button', { name: 'Load More' }))
    expect(await screen.findByText(`Viewing 60 of ${all.length} products`)).toBeInTheDocument()
    expect(requests).toContain('/api/products?limit=30&skip=30&sortBy=discountedPrice&order=asc')
  })

  it('shows a category with its name and total, and no Load More once everything is shown', async () => {
    const laptops = await serverProducts('laptops')
    await renderApp('/products/laptops')
    expect(
      screen.getByRole('heading', { level: 1, name: `Laptops (${laptops.length})` }),
    ).toBeInTheDocument()
    expect(cardTitles()).toEqual(laptops.map((p) => p.title))
    expect(
      screen.getByText(`Viewing ${laptops.length} of ${laptops.length} products`),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Laptops | Meridian'))
  })

  it('shows the not-found page for a category the API does not have (rules.md § Links and fallbacks)', async () => {
    await renderApp('/products/spaceships')
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByText('No products found')).not.toBeInTheDocument()
  })

  it('shows the error page with Retry when the first page fails to load, and Retry recovers', async () => {
    apiServer.use(
      http.get('*/api/products', () => HttpResponse.json({ message: 'x' }, { status: 503 }), {
        once: true,
      }),
    )
    const { user } = await renderApp('/products')
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByRole('heading', { name: 'Sorry, this page could not be loaded' }),
    ).toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: /^All Products \(\d+\)$/ }),
    ).toBeInTheDocument()
    expect(cardTitles()).toHaveLength(30)
  })

  it("sorts through the API: 'Sort By: SELECT' until chosen, then Price Low, Price High, Top Rated", async () => {
    const requests = recordRequests()
    const { user, router } = await renderApp('/products/mens-watches')
    const select = screen.getByRole('combobox', { name: 'Sort By:' })
    expect(select).toHaveDisplayValue('SELECT')
    const watches = await serverProducts('mens-watches')

    await user.selectOptions(select, 'Price Low')
    await waitFor(() =>
      expect(cardTitles()).toEqual(
        watches.toSorted((a, b) => shownPrice(a) - shownPrice(b)).map((p) => p.title),
      ),
    )
    expect(router.state.location.search).toEqual({ sort: 'price-asc' })
    expect(requests).toContain(
      '/api/products/category/mens-watches?limit=30&skip=0&sortBy=discountedPrice&order=asc',
    )

    await user.selectOptions(select, 'Price High')
    await waitFor(() =>
      expect(cardTitles()[0]).toBe(
        watches.toSorted((a, b) => shownPrice(b) - shownPrice(a))[0]?.title,
      ),
    )
    await user.selectOptions(select, 'Top Rated')
    // The same watch may lead both orders: wait for the choice to land before reading the cards.
    await waitFor(() => expect(select).toHaveDisplayValue('Top Rated'))
    await waitFor(() =>
      expect(cardTitles()[0]).toBe(watches.toSorted((a, b) => b.rating - a.rating)[0]?.title),
    )
  })

  it('the sort is a GET form too, which keeps the filters as the router writes them (without JavaScript)', async () => {
    const { user, router } = await renderApp('/products/laptops?brand=%5B%22apple%22%5D')
    const select = await screen.findByLabelText('Sort By:')
    const form = select.closest('form') as HTMLFormElement
    expect(form).toHaveAttribute('method', 'get')
    expect([...new FormData(form)]).toEqual([
      ['sort', ''],
      ['brand', '["apple"]'],
    ])
    // The app's own change, as before: the address, the page back to the first.
    await user.selectOptions(select, 'price-desc')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'price-desc' }))
    expect(router.state.location.href).toBe(
      '/products/laptops?sort=price-desc&brand=%5B%22apple%22%5D',
    )
    expect([...new FormData(form)]).toEqual([
      ['sort', 'price-desc'],
      ['brand', '["apple"]'],
    ])
  })

  it('filters: Show/Hide Filter, Filter (n), the real count on Show N Products, tags and Clear All', async () => {
    const all = await serverProducts()
    const apple = all.filter((p) => p.brand === 'Apple')
    const appleOrFree = all.filter((p) => p.brand === 'Apple' || p.discountPercentage >= 100)
    const { user, router } = await renderApp('/products')

    const toggle = screen.getByRole('button', { name: 'Show Filter' })
    await user.click(toggle)
    expect(toggle).toHaveAccessibleName('Hide Filter')
    const panel = screen.getByRole('complementary', { name: 'Filter (0)' })
    for (const group of ['Discount Range', 'Price Range', 'Brand', 'Rating']) {
      expect(within(panel).getByRole('button', { name: group })).toBeInTheDocument()
    }
    await user.click(within(panel).getByRole('button', { name: 'Brand' }))
    // The Brand options are the catalogue's brands: they show once the panel has loaded it.
    await user.click(await within(panel).findByRole('checkbox', { name: 'Apple' }))
    expect(within(panel).getByRole('heading', { name: 'Filter (1)' })).toBeInTheDocument()
    await user.click(
      await within(panel).findByRole('button', { name: `Show ${apple.length} Products` }),
    )

    expect(router.state.location.search).toEqual({ brand: ['apple'] })
    await waitFor(() => expect(cardTitles()).toEqual(apple.map((p) => p.title)))
    expect(
      screen.getByText(`Viewing ${apple.length} of ${apple.length} products`),
    ).toBeInTheDocument()
    const tags = screen.getByRole('list', { name: 'Applied filters' })
    expect(within(tags).getByRole('button', { name: 'Remove filter Apple' })).toBeInTheDocument()
    expect(within(tags).queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument()

    // A second group: the union of both (rules.md § Constants and formulas), and a 'Clear All' tag from two filters on.
    const reopened = screen.getByRole('complementary', { name: 'Filter (1)' })
    await user.click(within(reopened).getByRole('button', { name: 'Discount Range' }))
    await user.click(within(reopened).getByRole('checkbox', { name: 'Free' }))
    await user.click(
      await within(reopened).findByRole('button', { name: `Show ${appleOrFree.length} Products` }),
    )
    await waitFor(() => expect(cardTitles()).toEqual(appleOrFree.map((p) => p.title)))
    const twoTags = screen.getByRole('list', { name: 'Applied filters' })
    expect(within(twoTags).getAllByRole('button')).toHaveLength(3)

    await user.click(within(twoTags).getByRole('button', { name: 'Remove filter Apple' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ discount: ['free'] }))
    await user.click(
      within(screen.getByRole('complementary', { name: 'Filter (1)' })).getByRole('button', {
        name: 'Clear All',
      }),
    )
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument()
  })

  it('filters a category with sizes by size, and prices a card From its cheapest variant (rules.md § Options and variants)', async () => {
    interface Sized extends Item {
      variants?: { options: Record<string, string>; stock: number; price: number }[]
    }
    const shoes = (await serverProducts('mens-shoes')) as Sized[]
    const inTwelve = shoes.filter((p) =>
      p.variants?.some((v) => v.options.Size === '12' && v.stock > 0),
    )
    expect(inTwelve.length).toBeGreaterThan(0)
    const { user, router } = await renderApp('/products/mens-shoes')
    await user.click(screen.getByRole('button', { name: 'Show Filter' }))
    const panel = screen.getByRole('complementary', { name: 'Filter (0)' })
    await user.click(await within(panel).findByRole('button', { name: 'Size' }))
    await user.click(await within(panel).findByRole('checkbox', { name: '12' }))
    await user.click(
      await within(panel).findByRole('button', { name: `Show ${inTwelve.length} Products` }),
    )
    expect(router.state.location.search).toEqual({ size: ['12'] })
    await waitFor(() => expect(cardTitles()).toEqual(inTwelve.map((p) => p.title)))

    // A laptop sold in capacities at different prices says its price is the lowest.
    const laptops = (await serverProducts('laptops')) as Sized[]
    const ranged = laptops.find((p) => new Set(p.variants?.map((v) => v.price)).size > 1)!
    await act(() => router.navigate({ to: '/products/$category', params: { category: 'laptops' } }))
    const card = (await screen.findByRole('heading', { level: 3, name: ranged.title })).closest(
      'article',
    )!
    expect(card).toHaveTextContent(/From \$[\d,]+\.\d{2}/)
    const plain = laptops.find((p) => !p.variants)!
    expect(
      screen.getByRole('heading', { level: 3, name: plain.title }).closest('article'),
    ).not.toHaveTextContent('From')
  })

  it('shows filtered results 30 at a time and sorts them on the client', async () => {
    const all = await serverProducts()
    const matches = all
      .filter((p) => p.discountPercentage <= 10)
      .toSorted((a, b) => shownPrice(b) - shownPrice(a))
    expect(matches.length).toBeGreaterThan(30)
    const { user } = await renderApp('/products?discount=%5B%2210%22%5D&sort=price-desc')
    expect(cardTitles()).toEqual(matches.slice(0, 30).map((p) => p.title))
    await user.click(screen.getByRole('button', { name: 'Load More' }))
    expect(
      screen.getByText(`Viewing ${Math.min(60, matches.length)} of ${matches.length} products`),
    ).toBeInTheDocument()
  })

  it('restores filters and sort from a shared URL, and falls back to defaults for a malformed one', async () => {
    await renderApp('/products/tops?brand=%5B%22soft-cotton%22%5D&sort=price-asc')
    expect(screen.getByRole('combobox', { name: 'Sort By:' })).toHaveDisplayValue('Price Low')
    expect(screen.getByRole('button', { name: 'Remove filter Soft Cotton' })).toBeInTheDocument()
    const softCotton = (await serverProducts('tops'))
      .filter((p) => p.brand === 'Soft Cotton')
      .toSorted((a, b) => shownPrice(a) - shownPrice(b))
    expect(cardTitles()).toEqual(softCotton.map((p) => p.title))
  })

  it.each([
    '/products?sort=cheapest&brand=%5B%22nokia%22%5D',
    '/products?price=%7B%7D&rating=9',
    '/products?discount=%5B',
  ])('falls back to the plain listing for %s', async (path) => {
    await renderApp(path)
    expect(screen.getByRole('combobox', { name: 'Sort By:' })).toHaveDisplayValue('SELECT')
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument()
    expect(within(results()).getAllByRole('article')).toHaveLength(30)
  })

  it('Back restores the previous filters', async () => {
    const { user, router } = await renderApp('/products')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort By:' }), 'Top Rated')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'rating-desc' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort By:' }), 'Price Low')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'price-asc' }))
    act(() => router.history.back())
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Sort By:' })).toHaveDisplayValue('Top Rated'),
    )
  })

  it('opens the filter panel as a full-height sheet on small screens, closed by Escape', async () => {
    setViewportWidth(390)
    const { user } = await renderApp('/products')
    await user.click(screen.getByRole('button', { name: 'Show Filter' }))
    const sheet = screen.getByRole('dialog', { name: 'Filter (0)' })
    expect(document.documentElement).toHaveClass('scroll-locked')
    await user.click(within(sheet).getByRole('button', { name: 'Rating' }))
    await user.click(within(sheet).getByRole('checkbox', { name: '5 stars' }))
    await user.click(await within(sheet).findByRole('button', { name: /^Show \d+ Products$/ }))
    // Applying closes the sheet on small screens.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove filter 5 stars' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show Filter' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.documentElement).not.toHaveClass('scroll-locked')
  })
})
