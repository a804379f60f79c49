import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiServer, testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'

describe('API faults', () => {
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
    apiServer.use(http.get('*/api/products', () => HttpResponse.error()))
    await renderApp('/products')
    expect(
      await screen.findByText('You are offline. Check your connection and try again.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
  })

  it('keeps the page usable while a slow request is still loading', async () => {
    apiServer.use(
      http.get('*/api/products/search', async ({ request }) => {
        await delay(400)
        return testApi().app.fetch(request)
      }),
    )
    await renderApp('/search?q=watch')
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('watch')
    await waitFor(
      () => expect(screen.getByRole('list', { name: 'Search results' })).toBeInTheDocument(),
      { timeout: 3000 },
    )
  })
})
