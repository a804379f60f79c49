import { act, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import categories from '../../../../testing/dummyjson/recorded/categories.json'
import thumbnails from '../../../../testing/dummyjson/recorded/category-thumbnails.json'
import { PERSISTED_CACHE_KEY, persistCatalogue } from '../../../lib/query-persistence.ts'
import { recordRequests, useDummyJsonApi } from '../../../test/api-server.ts'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { catalogueKeys, categoriesQuery } from '../../../domain/catalogue/catalogue.queries.ts'

const apiNames = categories.map((category) => category.name)

const barLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('categories come from the API in use (decisions.md § Catalogue API)', () => {
  it('paints the bundled list at once, then shows the API’s, in its order, in the bar, the menus and the carousel', async () => {
    setViewportWidth(1280)
    useDummyJsonApi()
    const { user } = await renderApp('/')
    // The first screen needs no request: the build's list (our server's 20) is there at once.
    expect(barLinks()).toEqual(['All Products', 'Smartphones', 'Laptops', 'Fragrances', 'Skincare'])

    await waitFor(() => expect(barLinks()).toEqual(['All Products', ...apiNames.slice(0, 4)]))
    const carousel = screen.getByRole('region', { name: 'Shop by Category' })
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(apiNames)
    expect(within(carousel).getAllByRole('link')[0]).toHaveAttribute('href', '/products/beauty')

    // A <details>' summary (header.test.tsx): jsdom's roles do not count it as a button.
    const more = screen.getByText('More Categories')
    await user.click(more)
    const panel = more.closest('details')?.querySelector('ul') as HTMLElement
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(apiNames.slice(4))
  })

  it('lists every category of the API in the phone menu', async () => {
    setViewportWidth(390)
    useDummyJsonApi()
    const { user, queryClient } = await renderApp('/')
    await waitFor(() =>
      expect(queryClient.getQueryState(catalogueKeys.categories())?.dataUpdatedAt).toBeGreaterThan(
        0,
      ),
    )
    await user.click(screen.getByLabelText('Open menu'))
    const menu = await screen.findByRole('navigation', { name: 'Categories' })
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All Products', ...apiNames])
  })

  it('shows a product’s picture for a category without one, from one request, and never guesses a URL', async () => {
    setViewportWidth(1280)
    useDummyJsonApi()
    const requests = recordRequests()
    await renderApp('/')
    const carousel = screen.getByRole('region', { name: 'Shop by Category' })
    await waitFor(() =>
      expect(within(carousel).getAllByRole('link')[0]).toHaveTextContent(apiNames[0] as string),
    )
    const firstThumbnail = (slug: string) =>
      thumbnails.products.find((product) => product.category === slug)?.thumbnail
    await waitFor(() =>
      expect(
        within(carousel)
          .getAllByRole('link')
          .map((link) => link.querySelector('img')?.getAttribute('src')),
      ).toEqual(categories.map((category) => firstThumbnail(category.slug))),
    )
    expect(requests.filter((url) => url.includes('select=category,thumbnail'))).toHaveLength(1)
    expect(requests.filter((url) => url.includes('images/categories'))).toEqual([])
  })

  it('our server’s categories have their own pictures: no product request for them', async () => {
    const requests = recordRequests()
    await renderApp('/')
    const carousel = screen.getByRole('region', { name: 'Shop by Category' })
    const sources = within(carousel)
      .getAllByRole('link')
      .map((link) => link.querySelector('img')?.getAttribute('src'))
    expect(sources).toHaveLength(20)
    expect(sources[5]).toMatch(/\/api\/images\/categories\/home-decoration\.svg$/)
    await waitFor(() => expect(requests).toContain('/api/products/categories'))
    expect(requests.filter((url) => url.includes('select=category,thumbnail'))).toEqual([])
  })

  it('a link from the bundled list that the API does not have shows not-found, not an empty page', async () => {
    useDummyJsonApi()
    await renderApp('/products/skincare')
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('a category only the API has lists its products, under its name', async () => {
    useDummyJsonApi()
    await renderApp('/products/skin-care')
    expect(
      screen.getByRole('heading', { level: 1, name: /^Skin Care \(\d+\)$/ }),
    ).toBeInTheDocument()
  })

  it('an outdated list (the category has gone since) is checked again: not-found, and the menus update', async () => {
    setViewportWidth(1280)
    const { queryClient, router } = await renderApp('/')
    await waitFor(() =>
      expect(queryClient.getQueryState(catalogueKeys.categories())?.dataUpdatedAt).toBeGreaterThan(
        0,
      ),
    )
    // As if persisted yesterday, when the API still had it.
    queryClient.setQueryData(categoriesQuery().queryKey, (list) => [
      { slug: 'spaceships', name: 'Spaceships' },
      ...(list ?? []),
    ])
    await waitFor(() => expect(barLinks()).toContain('Spaceships'))
    await act(() =>
      router.navigate({ to: '/products/$category', params: { category: 'spaceships' } }),
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    await waitFor(() => expect(barLinks()).not.toContain('Spaceships'))
  })
})

describe('the category list is kept like the catalogue (decisions.md § Catalogue API)', () => {
  it("a returning shopper's menus are the API's from the first paint, with no request for them", async () => {
    const first = new QueryClient()
    const stop = await persistCatalogue(first, 'build-a')
    const list = [{ slug: 'beauty', name: 'Beauty' }]
    first.setQueryData(categoriesQuery().queryKey, list)
    await waitFor(() => expect(localStorage.getItem(PERSISTED_CACHE_KEY)).toContain('beauty'))
    stop()
    const reloaded = new QueryClient()
    ;(await persistCatalogue(reloaded, 'build-a'))()
    expect(reloaded.getQueryData(categoriesQuery().queryKey)).toEqual(list)
    // Dated: the API's word, not the bundled stand-in.
    expect(reloaded.getQueryState(categoriesQuery().queryKey)?.dataUpdatedAt).toBeGreaterThan(0)
  })
})

describe('brand options come from the data in scope (decisions.md § Catalogue API)', () => {
  const brandOptions = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
    await user.click(screen.getByRole('button', { name: 'Show Filter' }))
    const panel = screen.getByRole('complementary', { name: /^Filter/ })
    await user.click(within(panel).getByRole('button', { name: 'Brand' }))
    const trigger = within(panel).getByRole('button', { name: 'Brand' })
    const group = document.getElementById(
      trigger.getAttribute('aria-controls') ?? '',
    ) as HTMLElement
    await waitFor(() =>
      expect(within(group).queryByText('Finding brands…')).not.toBeInTheDocument(),
    )
    return group
  }
  const labels = (group: HTMLElement) =>
    within(group)
      .queryAllByRole('checkbox')
      .map((box) => box.parentElement?.textContent)

  it("offers the category's brands, the spec's first: on our server's tops, Top Sweater and Soft Cotton lead", async () => {
    setViewportWidth(1280)
    const { user } = await renderApp('/products/tops')
    const group = await brandOptions(user)
    const shown = labels(group)
    expect(shown.slice(0, 2)).toEqual(['Top Sweater', 'Soft Cotton'])
    expect(shown).not.toContain('Apple')
  })

  it('shows the first 10 of a long list, and all on request', async () => {
    setViewportWidth(1280)
    const { user } = await renderApp('/products')
    const group = await brandOptions(user)
    expect(labels(group)).toHaveLength(10)
    expect(labels(group).slice(0, 5)).toEqual([
      'Apple',
      'Samsung',
      'Sneakers',
      'Top Sweater',
      'Soft Cotton',
    ])
    await user.click(within(group).getByRole('button', { name: /^Show all \d+ brands$/ }))
    expect(labels(group).length).toBeGreaterThan(10)
  })

  it('on DummyJSON, groceries have no brand: no option, and a plain note', async () => {
    setViewportWidth(1280)
    useDummyJsonApi()
    const { user } = await renderApp('/products/groceries')
    const group = await brandOptions(user)
    expect(labels(group)).toEqual([])
    expect(within(group).getByText('No brands here')).toBeInTheDocument()
  })
})
