import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceCopy } from '../../../domain/orders/order.schemas.ts'
import { toOrder } from '../../../domain/orders/orders.api.ts'
import { apiServer, recordRequests, TEST_ADMIN_TOKEN, testApi } from '../../../test/api-server.ts'
import { changeOnServer, deviceOrder, placeOnServer, storeHistory } from '../../../test/orders.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { TEST_ADDRESS } from '../../../test/shop-fixtures.ts'

// Find an order (rules.md § Added features): a guest's order by its number and email.

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => setOnline(true))

const form = () => within(screen.getByRole('form', { name: 'Find an order' }))
const numberField = () => form().getByLabelText('Order Number')
const emailField = () => form().getByLabelText('Email')
const submit = () => form().getByRole('button', { name: 'Find Order' })
const NOT_FOUND = 'We could not find an order with that number and email.'

async function openFind(path = '/orders/find') {
  const rendered = await renderApp(path)
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Find an order' }),
  ).toBeInTheDocument()
  return rendered
}

describe('Find an order (rules.md § Added features)', () => {
  it('is its own page, kept out of search engines, with the number from the link filled in', async () => {
    await openFind('/orders/find?number=MRD-7K2P9QXA4M')
    await waitFor(() => expect(document.title).toBe('Find an order | Meridian'))
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    expect(numberField()).toHaveValue('MRD-7K2P9QXA4M')
    expect(emailField()).toHaveValue('')
    expect(numberField()).toHaveAccessibleDescription(
      'It starts with MRD-, for example MRD-7K2P9QXA4M.',
    )
  })

  it('asks for both fields, each with its message, and sends nothing until they are right', async () => {
    const requests = recordRequests()
    const { user } = await openFind()
    await user.click(submit())
    expect(await form().findByText('Order Number missing')).toBeInTheDocument()
    expect(form().getByText('Email Address missing.')).toBeInTheDocument()
    expect(numberField()).toHaveAttribute('aria-invalid', 'true')
    expect(emailField()).toHaveAccessibleDescription('Email Address missing.')

    await user.type(numberField(), 'order 12')
    await user.type(emailField(), 'asha.rao@')
    await user.click(submit())
    expect(await form().findByText('Order Number is not valid')).toBeInTheDocument()
    expect(form().getByText('Email is not in proper format')).toBeInTheDocument()
    expect(requests.filter((url) => url.startsWith('/api/orders'))).toEqual([])
  })

  it('shows the order found by its number and email, whatever their case and spaces', async () => {
    const placed = await placeOnServer({ lines: [{ productId: 3, quantity: 2 }] })
    const { user } = await openFind(`/orders/find?number=${placed.number.toLowerCase()}`)
    await user.type(emailField(), `  ${TEST_ADDRESS.email.toUpperCase()} `)
    await user.click(submit())

    const found = await screen.findByRole('article', { name: `Order ${placed.number}` })
    expect(within(found).getByRole('heading', { level: 2 })).toHaveFocus()
    expect(
      within(found).getByRole('list', { name: `Items in order ${placed.number}` }),
    ).toHaveTextContent(`${placed.lines[0]?.title} × 2`)
    expect(within(found).getByText('Total').parentElement).toHaveTextContent(
      `$${placed.total.toFixed(2)}`,
    )
    const address = within(found).getByRole('region', { name: 'Shipping address' })
    expect(address).toHaveTextContent('12 MG Road')
    expect(address).toHaveTextContent('Bengaluru, Karnataka 560001')
    expect(found.querySelector('time')).toHaveAttribute('datetime', placed.createdAt)
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument()
  })

  it.each([
    ['a wrong email', (number: string) => [number, 'someone.else@example.com']],
    ['a number that does not exist', () => ['MRD-0000000000', TEST_ADDRESS.email]],
  ])('says the same for %s, without toasting it, until a field changes', async (_case, entry) => {
    const placed = await placeOnServer()
    const [number = '', email = ''] = entry(placed.number)
    const { user } = await openFind()
    await user.type(numberField(), number)
    await user.type(emailField(), email)
    await user.click(submit())

    expect(await form().findByRole('alert')).toHaveTextContent(NOT_FOUND)
    expect(screen.getAllByText(NOT_FOUND)).toHaveLength(1)
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    await user.type(emailField(), 'x')
    expect(form().queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says what the server says once lookups are throttled', async () => {
    // Someone at this address has guessed 20 times already (docs/api.md § Orders).
    for (let guess = 0; guess < 20; guess++)
      await testApi().call('/api/orders/lookup', {
        body: { number: 'MRD-0000000000', email: 'guess@example.com' },
      })
    const placed = await placeOnServer()
    const { user } = await openFind(`/orders/find?number=${placed.number}`)
    await user.type(emailField(), TEST_ADDRESS.email)
    await user.click(submit())
    expect(await form().findByRole('alert')).toHaveTextContent(
      'Too many order lookups, please try again later',
    )
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('offline, says so plainly', async () => {
    const { user } = await openFind('/orders/find?number=MRD-7K2P9QXA4M')
    setOnline(false)
    apiServer.use(http.post('*/api/orders/lookup', () => HttpResponse.error()))
    await user.type(emailField(), TEST_ADDRESS.email)
    await user.click(submit())
    expect(await form().findByRole('alert')).toHaveTextContent(
      'You are offline. Check your connection and try again.',
    )
  })
})

describe('the ways to Find an order', () => {
  it('the confirmation of an order the server took links to it with the order’s number', async () => {
    const placed = await placeOnServer()
    localStorage.setItem('orderDetails', JSON.stringify(toOrder(placed)))
    const { user, router } = await renderApp('/order-confirmation')
    const link = await screen.findByRole('link', { name: 'Find an order' })
    expect(link).toHaveAttribute('href', `/orders/find?number=${placed.number}`)
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/find'))
    expect(await screen.findByLabelText('Order Number')).toHaveValue(placed.number)
  })

  it('the confirmation of an order kept on this device only does not', async () => {
    const local = await deviceOrder('MRD-7K2P9QXA', '2026-11-20T09:15:00.000Z')
    localStorage.setItem('orderDetails', JSON.stringify(local))
    await renderApp('/order-confirmation')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Find an order' })).not.toBeInTheDocument()
  })

  it('My Purchases links to it', async () => {
    storeHistory([await deviceOrder('MRD-GUEST001', '2026-11-20T10:00:00.000Z')])
    const { user, router } = await renderApp('/orders')
    await user.click(await screen.findByRole('link', { name: 'Find an order' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/find'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find an order' }),
    ).toBeInTheDocument()
  })

  it('Customer Service’s shipping and returns page links to it and to My Purchases', async () => {
    await renderApp('/customer-service/returns')
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Finding your order' })
    ).closest('section') as HTMLElement
    expect(within(section).getByRole('link', { name: 'Find an order' })).toHaveAttribute(
      'href',
      '/orders/find',
    )
    expect(within(section).getByRole('link', { name: 'My Purchases' })).toHaveAttribute(
      'href',
      '/orders',
    )
  })
})

describe('what Find an order says of where the order is (docs/api.md § Orders)', () => {
  async function find(number: string) {
    const { user } = await openFind(`/orders/find?number=${number}`)
    await user.type(emailField(), TEST_ADDRESS.email)
    await user.click(submit())
    return { user, found: await screen.findByRole('article', { name: `Order ${number}` }) }
  }

  it('a shipped order: its status, its carrier and tracking number, and the link to track it', async () => {
    const placed = await placeOnServer()
    await changeOnServer(placed.number, 'ship', {
      carrier: 'Blue Dart',
      trackingNumber: 'BD123456789IN',
      trackingUrl: 'https://track.example/BD123456789IN',
    })
    const { found } = await find(placed.number)
    expect(within(found).getByText('Status:').parentElement).toHaveTextContent('Status: Shipped')
    expect(within(found).getByText(/Sent with Blue Dart\./)).toHaveTextContent(
      'Sent with Blue Dart. Tracking number: BD123456789IN.',
    )
    expect(within(found).getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://track.example/BD123456789IN',
    )
    // Shipped: too late to cancel.
    expect(within(found).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument()
  })

  it('a guest cancels a placed order, asked to confirm first: said, and kept so by the server', async () => {
    const placed = await placeOnServer({ lines: [{ productId: 3, quantity: 2 }] })
    const { user, found } = await find(placed.number)
    expect(within(found).getByText('Status:').parentElement).toHaveTextContent('Status: Placed')

    // Asked first; Keep Order leaves it as it was, the focus back on Cancel Order.
    await user.click(within(found).getByRole('button', { name: 'Cancel Order' }))
    const question = within(found).getByRole('group', {
      name: `Cancel order ${placed.number}? Its items will not be sent, and this cannot be undone.`,
    })
    await waitFor(() =>
      expect(within(question).getByRole('button', { name: 'Yes, Cancel Order' })).toHaveFocus(),
    )
    await user.click(within(question).getByRole('button', { name: 'Keep Order' }))
    await waitFor(() =>
      expect(within(found).getByRole('button', { name: 'Cancel Order' })).toHaveFocus(),
    )

    await user.click(within(found).getByRole('button', { name: 'Cancel Order' }))
    await user.click(await within(found).findByRole('button', { name: 'Yes, Cancel Order' }))
    const said = await within(found).findByRole('status')
    expect(said).toHaveTextContent(
      `Order ${placed.number} is cancelled. We have sent you an email to say so.`,
    )
    await waitFor(() => expect(said).toHaveFocus())
    expect(within(found).getByText('Status:').parentElement).toHaveTextContent('Status: Cancelled')
    const kept = await testApi().call(`/api/admin/orders/${placed.number}`, {
      token: TEST_ADMIN_TOKEN,
    })
    expect(((await kept.json()) as { status: string }).status).toBe('cancelled')
  })

  it('the confirmation asks the server where the order is now: the device keeps no status', async () => {
    const placed = await placeOnServer()
    const kept = deviceCopy(toOrder(placed))
    expect(kept).not.toHaveProperty('status')
    localStorage.setItem('orderDetails', JSON.stringify(kept))
    await changeOnServer(placed.number, 'ship', { carrier: 'Blue Dart' })
    await renderApp('/order-confirmation')
    expect((await screen.findByText('Status:')).parentElement).toHaveTextContent('Status: Shipped')
  })

  it('says why when the order shipped while the page was open, and cancels nothing', async () => {
    const placed = await placeOnServer()
    const { user, found } = await find(placed.number)
    await changeOnServer(placed.number, 'ship')
    await user.click(within(found).getByRole('button', { name: 'Cancel Order' }))
    await user.click(await within(found).findByRole('button', { name: 'Yes, Cancel Order' }))
    expect(
      await within(found).findByText('This order is shipped and can no longer be cancelled'),
    ).toBeInTheDocument()
  })
})
