import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { orderKeys } from '../../../domain/orders/orders.keys.ts'
import { toOrder } from '../../../domain/orders/orders.api.ts'
import { apiServer, recordRequests, testApi } from '../../../test/api-server.ts'
import { changeOnServer, deviceOrder, placeOnServer, storeHistory } from '../../../test/orders.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'
import { apiProduct, cartLineOf } from '../../../test/shop-fixtures.ts'

// My Purchases with our API (rules.md § Added features): this device's orders and, signed in, the
// account's from every device.

// Within the access token's life: the shopper's token places both orders.
const MINUTES_10 = 10 * 60_000

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => setOnline(true))

const orderHeadings = async () =>
  within(await screen.findByRole('list', { name: 'Orders, newest first' }))
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 2 }).textContent)

const findLink = () => screen.getByRole('link', { name: 'Find an order' })

/**
 * A signed-in shopper with an order placed on another device, one placed on this device (kept
 * here too), and two guest orders this device kept.
 */
async function shopperWithOrdersEverywhere() {
  const { accessToken } = await seedSession()
  const elsewhere = await placeOnServer({
    token: accessToken,
    lines: [{ productId: 3, quantity: 2 }],
  })
  testApi().clock.advance(MINUTES_10)
  const here = await placeOnServer({ token: accessToken })
  const thumbnail = cartLineOf(await apiProduct(1), 1)
  const hereOnDevice = toOrder(here, {
    lines: [thumbnail],
    payment: { method: 'card', cardLast4: '4242', billing: here.address, giftCard: false },
  })
  const guest = await deviceOrder(
    'MRD-GUEST001',
    new Date(Date.parse(here.createdAt) - MINUTES_10 / 2).toISOString(),
  )
  const older = await deviceOrder('MRD-OLDER002', '2026-10-01T08:00:00.000Z')
  storeHistory([hereOnDevice, guest, older])
  return { accessToken, elsewhere, here, guest, older }
}

describe('My Purchases with the server’s orders (rules.md § Added features)', () => {
  it('lists the account’s orders from every device with this device’s, each once, newest first', async () => {
    const { elsewhere, here, guest, older } = await shopperWithOrdersEverywhere()
    await renderApp('/orders')

    await waitFor(async () =>
      expect(await orderHeadings()).toEqual([
        `Order ${here.number}`,
        `Order ${guest.orderNumber}`,
        `Order ${elsewhere.number}`,
        `Order ${older.orderNumber}`,
      ]),
    )
    const fromElsewhere = screen.getByRole('article', { name: `Order ${elsewhere.number}` })
    expect(
      within(fromElsewhere).getByRole('list', { name: `Items in order ${elsewhere.number}` }),
    ).toHaveTextContent(`${elsewhere.lines[0]?.title} × 2`)
    expect(within(fromElsewhere).getByText('Total').parentElement).toHaveTextContent(
      `$${elsewhere.total.toFixed(2)}`,
    )
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(findLink()).toHaveAttribute('href', '/orders/find')
  })

  it('waits a moment for the server’s, then shows this device’s orders while the server’s are on their way', async () => {
    const { elsewhere, here, guest, older } = await shopperWithOrdersEverywhere()
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    apiServer.use(
      http.get('*/api/orders', async ({ request }) => {
        await answered
        return testApi().fetch(request)
      }),
    )
    await renderApp('/orders')

    // A moment's loading state first, so that orders arriving quickly land in one paint.
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(
      await screen.findByText('Loading the orders from your other devices…'),
    ).toBeInTheDocument()
    expect(await orderHeadings()).toEqual([
      `Order ${here.number}`,
      `Order ${guest.orderNumber}`,
      `Order ${older.orderNumber}`,
    ])
    answer()
    await waitFor(async () => expect(await orderHeadings()).toContain(`Order ${elsewhere.number}`))
    expect(
      screen.queryByText('Loading the orders from your other devices…'),
    ).not.toBeInTheDocument()
  })

  it('offline, shows this device’s orders and says the others could not be loaded; Retry brings them', async () => {
    const { elsewhere, guest } = await shopperWithOrdersEverywhere()
    setOnline(false)
    apiServer.use(
      http.get('*/api/orders', ({ request }) =>
        navigator.onLine ? testApi().fetch(request) : HttpResponse.error(),
      ),
    )
    const { user } = await renderApp('/orders')

    const note = await screen.findByText(
      'You are offline, so orders from your other devices could not be loaded.',
    )
    expect(await orderHeadings()).toContain(`Order ${guest.orderNumber}`)
    expect(await orderHeadings()).not.toContain(`Order ${elsewhere.number}`)
    // Not a toast as well: the note says it where the orders are.
    expect(screen.getAllByText(/could not be loaded/)).toHaveLength(1)

    setOnline(true)
    await user.click(
      within(note.parentElement as HTMLElement).getByRole('button', { name: 'Retry' }),
    )
    await waitFor(async () => expect(await orderHeadings()).toContain(`Order ${elsewhere.number}`))
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument()
  })

  it('says when the server could not give the orders from other devices, online', async () => {
    const { guest } = await shopperWithOrdersEverywhere()
    apiServer.use(
      http.get('*/api/orders', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    )
    await renderApp('/orders')
    expect(
      await screen.findByText('Orders from your other devices could not be loaded just now.'),
    ).toBeInTheDocument()
    expect(await orderHeadings()).toContain(`Order ${guest.orderNumber}`)
  })

  it('tells a signed-in shopper with no order anywhere that they have none yet', async () => {
    await seedSession()
    await renderApp('/orders')
    expect(await screen.findByText('You have not placed an order yet.')).toBeInTheDocument()
    expect(screen.queryByText(/on this device/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/products',
    )
  })

  it('shows a guest this device’s orders only, and asks the server for none', async () => {
    await placeOnServer()
    const guest = await deviceOrder('MRD-GUEST001', '2026-11-20T10:00:00.000Z')
    storeHistory([guest])
    const requests = recordRequests()
    await renderApp('/orders')

    expect(await orderHeadings()).toEqual([`Order ${guest.orderNumber}`])
    expect(findLink()).toHaveAttribute('href', '/orders/find')
    expect(requests.filter((url) => url.startsWith('/api/orders'))).toEqual([])
  })

  it('forgets the account’s orders from the server at sign-out: the next shopper sees none', async () => {
    const { elsewhere, here, guest } = await shopperWithOrdersEverywhere()
    const { user, router, queryClient } = await renderApp('/orders')
    await waitFor(async () => expect(await orderHeadings()).toContain(`Order ${elsewhere.number}`))

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('button', { name: 'SignOut' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const kept = queryClient
      .getQueryCache()
      .findAll({ queryKey: orderKeys.all })
      .filter((query) => query.state.data !== undefined)
    expect(kept).toEqual([])

    await router.navigate({ to: '/orders' })
    expect(await orderHeadings()).toEqual([`Order ${guest.orderNumber}`, 'Order MRD-OLDER002'])
    expect(screen.queryByText(elsewhere.number, { exact: false })).not.toBeInTheDocument()
    expect(screen.queryByText(here.number, { exact: false })).not.toBeInTheDocument()
  })
})

describe('where each order is, in My Purchases (docs/api.md § Orders)', () => {
  it('shows the server’s news of each order; the shopper cancels a placed one of theirs', async () => {
    const { elsewhere, here, guest } = await shopperWithOrdersEverywhere()
    await changeOnServer(elsewhere.number, 'ship', { carrier: 'Blue Dart' })
    const { user } = await renderApp('/orders')
    const card = (number: string) => screen.findByRole('article', { name: `Order ${number}` })

    const shipped = await card(elsewhere.number)
    expect(shipped).toHaveTextContent('Status: Shipped')
    expect(shipped).toHaveTextContent('Sent with Blue Dart.')
    expect(within(shipped).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument()
    // An order kept on this device alone has no news, and nothing to cancel on the server.
    const kept = await card(guest.orderNumber)
    expect(kept).not.toHaveTextContent('Status:')
    expect(within(kept).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument()

    const mine = await card(here.number)
    expect(mine).toHaveTextContent('Status: Placed')
    await user.click(within(mine).getByRole('button', { name: 'Cancel Order' }))
    await user.click(await within(mine).findByRole('button', { name: 'Yes, Cancel Order' }))
    expect(await within(mine).findByRole('status')).toHaveTextContent(
      `Order ${here.number} is cancelled.`,
    )
    await waitFor(() => expect(mine).toHaveTextContent('Status: Cancelled'))
  })
})
