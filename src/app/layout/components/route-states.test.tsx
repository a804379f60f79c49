import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiServer } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'

describe('not-found and guarded pages', () => {
  it.each([
    '/nope',
    '/products/a/b',
    '/product/abc',
    '/product/0',
    '/product/-1',
    '/customer-service/teleport',
  ])('shows the not-found page for %s', async (path) => {
    await renderApp(path)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page not found | Meridian'))
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it.each([
    ['/', 'HOLIDAY GIFTS'],
    ['/products', /^All Products \(\d+\)$/],
    ['/products/home-decoration', /^Home Decoration \(\d+\)$/],
    ['/product/7', /\w/],
    ['/search', 'Search'],
    ['/cart', 'Your Cart (0)'],
    ['/checkout', 'Checkout'],
    ['/order-confirmation', 'No order to show'],
    ['/orders', 'My Purchases'],
    ['/saved', 'My Saved Items (0)'],
    ['/userauth', 'Sign In'],
    ['/customer-service/warranty', '5-Year Warranty'],
  ] as [string, string | RegExp][])(
    'renders %s with its heading and its own document title',
    async (path, heading) => {
      await renderApp(path)
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
      await waitFor(() =>
        expect(document.title).toMatch(
          path === '/' ? /^Meridian \| / : new RegExp(`\\| Meridian$`),
        ),
      )
    },
  )

  it('redirects /category to /products', async () => {
    const { router } = await renderApp('/category')
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'))
  })

  it('sends a signed-out visitor from /myaccount to the home page', async () => {
    const { router } = await renderApp('/myaccount')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByRole('heading', { name: 'Overview' })).not.toBeInTheDocument()
  })

  it('lets a signed-in shopper open /myaccount', async () => {
    await seedSession()
    await renderApp('/myaccount')
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument()
  })

  it('treats a flag without user details and token as signed out', async () => {
    localStorage.setItem('isUserLoggedIn', 'true')
    const { router } = await renderApp('/myaccount')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('treats a corrupted signed-in flag as signed out', async () => {
    localStorage.setItem('isUserLoggedIn', 'yes please')
    const { router } = await renderApp('/myaccount')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(localStorage.getItem('isUserLoggedIn')).toBeNull()
  })
})

describe('a failed first load', () => {
  it('shows the error in the section with Retry, without a toast, and Retry recovers', async () => {
    apiServer.use(
      http.get(
        '*/api/products',
        () => HttpResponse.json({ message: 'Database offline' }, { status: 503 }),
        { once: true },
      ),
    )
    const { user } = await renderApp('/')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Database offline')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findAllByRole('article')).toHaveLength(4)
  })
})

describe('a failed background refresh', () => {
  it('keeps the products on screen and toasts the spec message', async () => {
    const { queryClient } = await renderApp('/')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4))
    apiServer.use(
      http.get('*/api/products', () => HttpResponse.json({ message: 'ignored' }, { status: 500 })),
    )
    await queryClient.refetchQueries()
    expect(
      await screen.findByText('Something went wrong please contact system admin!'),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(4)
  })
})

describe('connection', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  }

  it('shows an offline notice while offline and hides it when back online', async () => {
    await renderApp('/')
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
    act(() => setOnline(false))
    expect(screen.getByText(/You are offline/)).toBeInTheDocument()
    act(() => setOnline(true))
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
  })

  it('offline, says at once that a page is not saved on this device, and loads it once back online', async () => {
    const { router } = await renderApp('/')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4))
    // Offline, a browser's request gets no answer.
    let connected = false
    apiServer.use(
      http.get('*/api/products/category/*', () => (connected ? undefined : HttpResponse.error())),
    )
    act(() => setOnline(false))
    try {
      await act(() =>
        router.navigate({ to: '/products/$category', params: { category: 'smartphones' } }),
      )
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'This page is not saved on this device',
        }),
      ).toBeInTheDocument()
      expect(screen.getByRole('alert')).toHaveTextContent(
        'You are offline. Check your connection and try again.',
      )
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
      connected = true
    } finally {
      act(() => setOnline(true))
    }
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Smartphones \(\d+\)$/ }),
    ).toBeInTheDocument()
  })
})
