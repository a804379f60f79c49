import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiServer, recordSearches, testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { SearchPage } from './search-page.tsx'

async function serverSearch(q: string) {
  const res = await testApi().call(`/api/products/search?q=${encodeURIComponent(q)}&limit=0`)
  return ((await res.json()) as { products: { title: string }[]; total: number }).products
}

// Timers are faked so the test drives the 300 ms debounce; they still follow real time too, which
// Testing Library's waiting (findBy, waitFor) relies on.
beforeEach(() =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }),
)
afterEach(() => vi.useRealTimers())

const settle = () => act(() => vi.advanceTimersByTimeAsync(300))
const renderSearch = (path = '/search') =>
  renderApp(path, { advanceTimers: (ms) => vi.advanceTimersByTime(ms) })

describe('search (rules.md § Search, § Validation rules)', () => {
  it('asks for something to search while the box is empty, with focus in the box', async () => {
    await renderSearch()
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    expect(box).toHaveFocus()
    expect(screen.getByText('Please type something to search products!')).toBeInTheDocument()
  })

  it('sends no request below 3 characters and one request once typing pauses for 300 ms', async () => {
    const searches = recordSearches()
    const { user, router } = await renderSearch()
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    await user.type(box, 'ph')
    await settle()
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument()
    expect(searches()).toEqual([])

    await user.type(box, 'one')
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(searches()).toEqual([])
    await act(() => vi.advanceTimersByTimeAsync(100))
    await waitFor(() => expect(searches()).toEqual(['?q=phone&limit=30&skip=0']))
    expect(router.state.location.search).toEqual({ q: 'phone' })

    const expected = await serverSearch('phone')
    const grid = await screen.findByRole('list', { name: 'Search results' })
    expect(within(grid).getAllByRole('article')).toHaveLength(Math.min(30, expected.length))
    expect(
      screen.getByText(`Viewing ${Math.min(30, expected.length)} of ${expected.length} products`),
    ).toBeInTheDocument()
  })

  it('searches at once on Enter, without waiting for the pause', async () => {
    const searches = recordSearches()
    const { user, router } = await renderSearch()
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    expect(box).toHaveAttribute('name', 'q')
    expect(box.closest('form')).toHaveAttribute('action', '/search')
    await user.type(box, 'laptop{Enter}')
    // Well before the 300 ms pause would have ended.
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(router.latestLocation.search).toEqual({ q: 'laptop' })
    await waitFor(() => expect(searches()).toEqual(['?q=laptop&limit=30&skip=0']))
  })

  it('keeps what was typed while its own ?q= arrives late, and follows one from outside', async () => {
    const asked: string[] = []
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const queryClient = new QueryClient()
    const page = (query: string) => (
      <QueryClientProvider client={queryClient}>
        <SearchPage query={query} onQueryChange={(next) => asked.push(next)} />
      </QueryClientProvider>
    )
    const { rerender } = render(page(''))
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    await user.type(box, 'lap')
    await settle()
    expect(asked).toEqual(['lap'])
    // The shopper types on before the URL has caught up; then it does.
    await user.type(box, 'top')
    rerender(page('lap'))
    expect(box).toHaveValue('laptop')
    // Back to an earlier search: the box shows it.
    rerender(page('watch'))
    expect(box).toHaveValue('watch')
  })

  it('shows No product found! when nothing matches', async () => {
    const { user } = await renderSearch()
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'zzqxv')
    await settle()
    expect(await screen.findByText('No product found!')).toBeInTheDocument()
  })

  it('opens with the results of ?q= and keeps the previous results on screen while the next load', async () => {
    const { user } = await renderSearch('/search?q=laptop')
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    expect(box).toHaveValue('laptop')
    const first = await screen.findByRole('list', { name: 'Search results' })
    const firstTitles = within(first)
      .getAllByRole('heading')
      .map((h) => h.textContent)

    apiServer.use(
      http.get('*/api/products/search', async ({ request }) => {
        await delay(1_000)
        return testApi().fetch(request)
      }),
    )
    await user.clear(box)
    await user.type(box, 'watch')
    await settle()
    // While 'watch' loads, the laptop results stay, marked busy.
    const stale = screen.getByRole('list', { name: 'Search results' })
    expect(
      within(stale)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(firstTitles)
    expect(stale.parentElement).toHaveAttribute('aria-busy', 'true')
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('heading')[0]
          ?.textContent,
      ).not.toBe(firstTitles[0]),
    )
  })

  it('loads more results 30 at a time', async () => {
    const expected = await serverSearch('a')
    expect(expected.length).toBeGreaterThan(30)
    const { user } = await renderSearch('/search?q=an')
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'd')
    await settle()
    const all = await serverSearch('and')
    await screen.findByText(`Viewing ${Math.min(30, all.length)} of ${all.length} products`)
    if (all.length > 30) {
      await user.click(screen.getByRole('button', { name: 'Load More' }))
      expect(
        await screen.findByText(`Viewing ${Math.min(60, all.length)} of ${all.length} products`),
      ).toBeInTheDocument()
    }
  })

  it('marks the words each result matched, a typo by the word it meant', async () => {
    await renderSearch('/search?q=iphnoe')
    const grid = await screen.findByRole('list', { name: 'Search results' })
    const first = within(grid).getAllByRole('article')[0]!
    expect(within(first).getByRole('heading').textContent).toMatch(/^iPhone/)
    await waitFor(() => expect(first.querySelector('h3 mark')).toHaveTextContent(/^iPhone$/))
  })
})

describe('search without the API (rules.md § Search)', () => {
  const searchbox = () => screen.getByRole('searchbox', { name: 'Search products' })

  /** The app after the shopper looked at all products, so their first page is on this device. */
  async function withProductsSaved() {
    const app = await renderSearch('/products')
    await screen.findByRole('region', { name: 'Products' })
    await act(() => app.router.navigate({ to: '/search' }))
    return app
  }

  it('searches the products saved on this device when the API cannot be reached, and says so', async () => {
    const { user } = await withProductsSaved()
    apiServer.use(http.get('*/api/products/search', () => HttpResponse.error()))
    await user.type(searchbox(), 'iphnoe')
    await settle()
    const notice = await screen.findByText(
      /The shop could not be reached: these are \d+ results from products saved on this device\./,
    )
    expect(notice).toHaveAttribute('role', 'status')
    const grid = screen.getByRole('list', { name: 'Search results' })
    const titles = within(grid)
      .getAllByRole('heading')
      .map((h) => h.textContent)
    expect(titles[0]).toMatch(/^iPhone/)
    expect(titles.every((title) => /iphone/i.test(title ?? ''))).toBe(true)
    expect(grid.querySelector('mark')).toHaveTextContent('iPhone')
  })

  it('searches the saved products when the browser is offline, asking the API once at most', async () => {
    const searches = recordSearches()
    const { user } = await withProductsSaved()
    // Offline, a browser's request gets no answer (unless the service worker holds one).
    apiServer.use(http.get('*/api/products/search', () => HttpResponse.error()))
    onlineManager.setOnline(false)
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    try {
      await user.type(searchbox(), 'macbok')
      await settle()
      expect(
        await screen.findByText(
          /^You are offline: (this is the 1 result|these are \d+ results) from products saved on this device\.$/,
        ),
      ).toBeInTheDocument()
      const titles = within(screen.getByRole('list', { name: 'Search results' }))
        .getAllByRole('heading')
        .map((h) => h.textContent)
      expect(titles.length).toBeGreaterThan(0)
      expect(titles.every((title) => /macbook/i.test(title ?? ''))).toBe(true)

      await user.clear(searchbox())
      await user.type(searchbox(), 'xqzvwkj')
      await settle()
      expect(
        await screen.findByText('You are offline: no product saved on this device matches.'),
      ).toBeInTheDocument()
      // Tried once each, never again while offline: a retry could only wait.
      expect(searches()).toContain('?q=xqzvwkj&limit=30&skip=0')
      expect(new Set(searches()).size).toBe(searches().length)
    } finally {
      onLine.mockRestore()
      onlineManager.setOnline(true)
    }
  })
})
