import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { recordRequests, useDummyJsonApi } from '../../../test/api-server.ts'
import { deviceOrder, storeHistory } from '../../../test/orders.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'

// The app built for another API (VITE_API_URL, e.g. DummyJSON: useDummyJsonApi), which keeps no
// orders: they stay on the device they were placed on (decisions.md § Orders), as before orders
// went to our server.

describe('orders with another API', () => {
  it('My Purchases shows this device’s orders only, as before, and no way to find others', async () => {
    await seedSession()
    useDummyJsonApi()
    const order = await deviceOrder('MRD-DEVICE01', '2026-11-20T10:00:00.000Z')
    storeHistory([order])
    const requests = recordRequests()
    await renderApp('/orders')

    const list = await screen.findByRole('list', { name: 'Orders, newest first' })
    expect(within(list).getAllByRole('article')).toHaveLength(1)
    expect(within(list).getByRole('heading', { name: 'Order MRD-DEVICE01' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Find an order' })).not.toBeInTheDocument()
    expect(screen.queryByText(/other devices/)).not.toBeInTheDocument()
    expect(requests.filter((url) => url.startsWith('/api/orders'))).toEqual([])
  })

  it('says so when empty, in the words of before', async () => {
    useDummyJsonApi()
    await renderApp('/orders')
    expect(
      await screen.findByText('You have not placed an order on this device yet.'),
    ).toBeInTheDocument()
  })

  it('Find an order says it is not available here and leads to My Purchases', async () => {
    useDummyJsonApi()
    const { user, router } = await renderApp('/orders/find?number=MRD-7K2P9QXA')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find an order' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/Finding an order by its number is not available with this shop/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'See My Purchases' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
  })

  it('neither the confirmation nor Customer Service links to Find an order', async () => {
    useDummyJsonApi()
    const order = await deviceOrder('MRD-DEVICE01', '2026-11-20T10:00:00.000Z')
    localStorage.setItem('orderDetails', JSON.stringify(order))
    const { router } = await renderApp('/order-confirmation')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Find an order' })).not.toBeInTheDocument()

    await router.navigate({
      to: '/customer-service/$serviceType',
      params: { serviceType: 'returns' },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Free Shipping & Returns' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Finding your order' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Find an order' })).not.toBeInTheDocument()
  })
})
