import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiServer, testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'

const TIMEOUT_MESSAGE = 'The server is taking too long to answer. Please try again.'

describe('API faults', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('gives up on a request the server never answers after 15 s, with the timeout message and Retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    let requested = () => {}
    const asked = new Promise<void>((resolve) => (requested = resolve))
    apiServer.use(
      http.get(
        '*/api/products',
        async () => {
          requested()
          await delay('infinite')
          return HttpResponse.json({})
        },
        { once: true },
      ),
    )
    const rendered = renderApp('/products')
    // The clock runs from the request on (the page's code, its loader with it, loads first).
    await asked
    await vi.advanceTimersByTimeAsync(14_000)
    expect(screen.queryByText(TIMEOUT_MESSAGE)).not.toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(1_000)
    const { user } = await rendered
    expect(await screen.findByText(TIMEOUT_MESSAGE)).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { name: 'Sorry, this page could not be loaded' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: /loading/i })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: /^All Products \(\d+\)$/ }),
    ).toBeInTheDocument()
  })

  it('ends a sign-in the server never answers with the timeout message, keeping the form', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    apiServer.use(
      http.post('*/api/auth/login', async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const { user } = await renderApp('/userauth')
    const form = screen.getByRole('form', { name: 'Sign In' })
    await user.type(within(form).getByLabelText('User Name'), 'emilys')
    await user.type(within(form).getByLabelText('Password'), 'emilyspass')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    await vi.advanceTimersByTimeAsync(15_000)
    expect(await screen.findAllByText(TIMEOUT_MESSAGE)).not.toHaveLength(0)
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled()
    expect(within(form).getByLabelText('User Name')).toHaveValue('emilys')
  })

  it('renders product texts as text, never as HTML', async () => {
    const product = (await (await testApi().call('/api/products/4')).json()) as Record<
      string,
      unknown
    >
    apiServer.use(
      http.get('*/api/products/4', () =>
        HttpResponse.json({
          ...product,
          title: '<img src=x onerror="window.__pwned=1">Phone',
          description: '<script>window.__pwned=1</script><b>bold</b>',
        }),
      ),
    )
    await renderApp('/product/4')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '<img src=x onerror="window.__pwned=1">Phone',
      }),
    ).toBeInTheDocument()
    expect(screen.getByText('<script>window.__pwned=1</script><b>bold</b>')).toBeInTheDocument()
    expect(document.querySelector('main img[src="x"]')).toBeNull()
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it.each([
    [
      'a 500',
      () => HttpResponse.json({ message: 'x' }, { status: 500 }),
      ['Something went wrong please contact system admin!'],
    ],
    [
      'a 4xx message',
      () => HttpResponse.json({ message: 'Account locked' }, { status: 403 }),
      ['Account locked'],
    ],
    [
      'a 4xx errors list',
      () => HttpResponse.json({ errors: ['First problem', 'Second problem'] }, { status: 400 }),
      ['First problem', 'Second problem'],
    ],
    ['a 4xx plain text body', () => new HttpResponse('Too busy', { status: 429 }), ['Too busy']],
    [
      'malformed JSON',
      () =>
        new HttpResponse('{"accessToken": "ab', {
          headers: { 'Content-Type': 'application/json' },
        }),
      ['Something went wrong'],
    ],
  ])(
    'answers %s to a sign-in with the rules.md § Error messages texts and keeps the form',
    async (_, answer, texts) => {
      apiServer.use(http.post('*/api/auth/login', answer))
      const { user } = await renderApp('/userauth')
      const form = screen.getByRole('form', { name: 'Sign In' })
      await user.type(within(form).getByLabelText('User Name'), 'emilys')
      await user.type(within(form).getByLabelText('Password'), 'emilyspass')
      await user.click(within(form).getByRole('button', { name: 'Sign In' }))
      for (const text of texts) expect(await screen.findAllByText(text)).not.toHaveLength(0)
      expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled()
      expect(within(form).getByLabelText('User Name')).toHaveValue('emilys')
    },
  )

  it('treats an answer that does not match the schema as an error with Retry, not a crash', async () => {
    apiServer.use(
      http.get(
        '*/api/products',
        () => HttpResponse.json({ products: [{ id: 'one' }], total: 'many' }),
        { once: true },
      ),
    )
    const { user } = await renderApp('/products')
    expect(
      await screen.findByRole('heading', { name: 'Sorry, this page could not be loaded' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Something went wrong')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: /^All Products \(\d+\)$/ }),
    ).toBeInTheDocument()
  })

  it('ends the loading state and keeps what the shopper typed when registration fails', async () => {
    apiServer.use(
      http.post('*/api/users/add', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    )
    const { user } = await renderApp('/userauth')
    const form = screen.getByRole('form', { name: 'Create Your Account' })
    await user.selectOptions(within(form).getByLabelText('Country'), 'India')
    for (const [label, value] of [
      ['Email', 'keep@example.com'],
      ['Confirm Email', 'keep@example.com'],
      ['User Name', 'keeper'],
      ['First Name', 'Kee'],
      ['Last Name', 'Per'],
      ['Password', 'secret1'],
      ['Confirm Password', 'secret1'],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value)
    }
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Something went wrong please contact system admin!',
    )
    expect(within(form).getByRole('button', { name: 'Create Account' })).toBeEnabled()
    expect(within(form).getByLabelText('User Name')).toHaveValue('keeper')
    expect(within(form).getByLabelText('Email')).toHaveValue('keep@example.com')
  })

  it('shows the offline message when the network is gone, and the cart stays', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          id: 1,
          title: 'Phone',
          category: 'smartphones',
          price: 10,
          discountPercentage: 0,
          thumbnail: 't.svg',
          quantity: 1,
        },
      ]),
    )
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    apiServer.use(http.get('*/api/products', () => HttpResponse.error()))
    await renderApp('/products')
    expect(
      await screen.findByText('You are offline. Check your connection and try again.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
  })

  it('says the catalogue is unreachable, not that the shopper is offline, when a request is refused or blocked online', async () => {
    apiServer.use(http.get('*/api/products', () => HttpResponse.error()))
    await renderApp('/products')
    expect(
      await screen.findByText(
        'Meridian could not reach its catalogue service. Please try again in a moment.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('keeps the page usable while a slow request is still loading', async () => {
    apiServer.use(
      http.get('*/api/products/search', async ({ request }) => {
        await delay(400)
        return testApi().fetch(request)
      }),
    )
    await renderApp('/search?q=watch')
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('watch')
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Search results' })).toBeInTheDocument(),
    )
  })
})
