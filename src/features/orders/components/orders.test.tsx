import { screen, waitFor, within } from '@testing-library/react'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  cartTotal,
  formatPrice,
  lineDiscountedPrice,
  roundCents,
} from '../../../../shared/pricing/pricing.ts'
import { login } from '../../../../testing/test-api.ts'
import { testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import {
  orderSchema,
  type Order,
  type PaymentSummary,
} from '../../../domain/orders/order.schemas.ts'
import { apiProduct, cartLineOf, TEST_ADDRESS } from '../../../test/shop-fixtures.ts'

const cartLine = async (id: number, quantity: number) => cartLineOf(await apiProduct(id), quantity)

const ADDRESS = TEST_ADDRESS

interface OrderOptions {
  orderNumber?: string
  date?: string
  items?: [id: number, quantity: number][]
  promo?: { code: string; discount: number }
  payment?: Partial<PaymentSummary>
}

/** An order as checkout records it, from real products; checked against the stored schema. */
async function buildOrder({
  orderNumber = 'MRD-7K2P9QXA',
  date = '2026-11-20T09:15:00.000Z',
  items = [
    [1, 2],
    [6, 1],
  ],
  promo,
  payment,
}: OrderOptions = {}): Promise<Order> {
  const cartData = await Promise.all(items.map(([id, quantity]) => cartLine(id, quantity)))
  const itemsTotal = cartTotal(cartData)
  const discount = promo?.discount ?? 0
  return v.parse(orderSchema, {
    orderNumber,
    date,
    cartData,
    price: {
      items: itemsTotal,
      promo: discount,
      promoCode: promo?.code,
      shipping: 0,
      total: roundCents(itemsTotal - discount),
    },
    address: ADDRESS,
    payment: { method: 'card', cardLast4: '4321', billing: ADDRESS, giftCard: false, ...payment },
  })
}

const storeOrder = (order: Order) => localStorage.setItem('orderDetails', JSON.stringify(order))
const storeHistory = (orders: Order[]) =>
  localStorage.setItem('orderHistory', JSON.stringify(orders))

/** A signed-in shopper as a real login leaves it: the spec's flag, the user details and the token. */
async function signIn() {
  const { accessToken, id } = await login(testApi())
  localStorage.setItem('isUserLoggedIn', 'true')
  localStorage.setItem('userDetails', JSON.stringify({ userName: 'Emily', id }))
  localStorage.setItem('accessToken', JSON.stringify(accessToken))
}

const region = (name: string) => screen.getByRole('region', { name })

/** A label/amount row of a price summary, e.g. 'Total $12.00'. */
function amountRow(scope: HTMLElement, label: string): HTMLElement {
  return within(scope).getByText(label).parentElement as HTMLElement
}

/** The order's items with their discounted amounts, and its price summary. */
function expectOrderLines(scope: HTMLElement, order: Order) {
  const list = within(
    within(scope).getByRole('list', { name: `Items in order ${order.orderNumber}` }),
  )
  expect(list.getAllByRole('listitem')).toHaveLength(order.cartData.length)
  for (const line of order.cartData) {
    const item = list.getByText(`${line.title} × ${line.quantity}`).parentElement as HTMLElement
    expect(item).toHaveTextContent(formatPrice(lineDiscountedPrice(line)))
  }
  expect(amountRow(scope, 'Items')).toHaveTextContent(formatPrice(order.price.items))
  if (order.price.promo > 0)
    expect(
      amountRow(scope, order.price.promoCode ? `Promo (${order.price.promoCode})` : 'Promo'),
    ).toHaveTextContent(`−${formatPrice(order.price.promo)}`)
  else expect(within(scope).queryByText(/^Promo/)).not.toBeInTheDocument()
  expect(amountRow(scope, 'Shipping')).toHaveTextContent('Free')
  expect(amountRow(scope, 'Total')).toHaveTextContent(formatPrice(order.price.total))
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' })

describe('order confirmation (rules.md § Order confirmation, rules.md § Purchase flow)', () => {
  it('explains that there is no order, with a link home, when none is stored', async () => {
    await renderApp('/order-confirmation')
    expect(screen.getByRole('heading', { level: 1, name: 'No order to show' })).toBeInTheDocument()
    expect(screen.getByText(/There is no recent order on this device/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
    expect(screen.queryByText('Thank you for your order!')).not.toBeInTheDocument()
  })

  it('thanks the shopper and shows the order, its items, payment and shipping address', async () => {
    const order = await buildOrder({
      promo: { code: 'FLAT50', discount: 50 },
      payment: { giftCard: true },
    })
    storeOrder(order)
    const { user } = await renderApp('/order-confirmation')

    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Order confirmation | Meridian'))
    expect(screen.getByText(order.orderNumber).parentElement).toHaveTextContent(
      `Order number: ${order.orderNumber}`,
    )
    expect(screen.getByText(ADDRESS.email).parentElement).toHaveTextContent(
      `You will receive an email confirmation shortly at ${ADDRESS.email}`,
    )

    const sms = screen.getByRole('switch', {
      name: `Send me shipping updates by SMS to ${ADDRESS.mobile}`,
    })
    expect(sms).not.toBeChecked()
    await user.click(sms)
    expect(sms).toBeChecked()
    await user.click(sms)
    expect(sms).not.toBeChecked()

    expectOrderLines(region('Your items'), order)

    const payment = region('Payment details')
    expect(within(payment).getByText('Visa ending in 4321')).toBeInTheDocument()
    expect(amountRow(payment, 'Meridian gift card')).toHaveTextContent('$60.00')

    const address = region('Shipping address')
    expect(address).toHaveTextContent('Asha Rao')
    expect(address).toHaveTextContent('12 MG Road')
    expect(address).toHaveTextContent('Flat 4B')
    expect(address).toHaveTextContent('Bengaluru, Karnataka 560001')
    expect(address).toHaveTextContent(ADDRESS.mobile)
    expect(address).toHaveTextContent(ADDRESS.email)

    expect(screen.getByRole('link', { name: 'See all your orders' })).toHaveAttribute(
      'href',
      '/orders',
    )
  })

  it('shows no promo row and no gift card line when the order has neither', async () => {
    const order = await buildOrder({ payment: { cardLast4: '0987' } })
    storeOrder(order)
    await renderApp('/order-confirmation')
    expectOrderLines(region('Your items'), order)
    const payment = region('Payment details')
    expect(within(payment).getByText('Visa ending in 0987')).toBeInTheDocument()
    expect(within(payment).queryByText(/gift card/i)).not.toBeInTheDocument()
    expect(screen.queryByText('$60.00')).not.toBeInTheDocument()
  })

  it.each([
    ['paypal', 'Pay Pal'],
    ['paylater', 'Pay Later'],
    ['applepay', 'Apple Pay'],
  ] as const)('shows a %s order by its method name, with no card', async (method, name) => {
    storeOrder(await buildOrder({ payment: { method, cardLast4: undefined } }))
    await renderApp('/order-confirmation')
    const payment = region('Payment details')
    expect(within(payment).getByText(name)).toBeInTheDocument()
    expect(within(payment).queryByText(/Visa ending in/)).not.toBeInTheDocument()
  })

  it('invites a guest to create an account', async () => {
    storeOrder(await buildOrder())
    await renderApp('/order-confirmation')
    const invite = region('Create An Account')
    expect(invite).toHaveTextContent('Become a Meridian Member for faster checkout')
    expect(within(invite).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/userauth',
    )
  })

  it('does not invite a signed-in shopper to create an account', async () => {
    storeOrder(await buildOrder())
    await signIn()
    await renderApp('/order-confirmation')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Create An Account' })).not.toBeInTheDocument()
  })

  it.each([
    ['bad JSON', () => '{"orderNumber": "MRD-'],
    ['a wrong shape', () => JSON.stringify({ orderNumber: 'MRD-7K2P9QXA', total: 12 })],
    ['an array', () => '[]'],
    [
      'a bad order number',
      async () => JSON.stringify({ ...(await buildOrder()), orderNumber: 'ORDER-1' }),
    ],
    ['no items', async () => JSON.stringify({ ...(await buildOrder()), cartData: [] })],
    [
      'card details in the payment',
      async () => {
        const order = await buildOrder()
        return JSON.stringify({ ...order, payment: { ...order.payment, cardLast4: '42424242' } })
      },
    ],
  ])('treats %s in orderDetails as no order and removes it', async (_case, stored) => {
    localStorage.setItem('orderDetails', await stored())
    await renderApp('/order-confirmation')
    expect(screen.getByRole('heading', { level: 1, name: 'No order to show' })).toBeInTheDocument()
    expect(localStorage.getItem('orderDetails')).toBeNull()
  })
})

describe('order history (rules.md § Added features)', () => {
  it('says there are no orders yet, with a link to shop', async () => {
    await renderApp('/orders')
    expect(screen.getByRole('heading', { level: 1, name: 'My Purchases' })).toBeInTheDocument()
    expect(screen.getByText('You have not placed an order on this device yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/products',
    )
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('My Purchases | Meridian'))
  })

  it('lists the stored orders newest first, each with its number, date, items and total', async () => {
    const orders = [
      await buildOrder({
        orderNumber: 'MRD-NEWEST01',
        date: '2026-11-21T16:45:00.000Z',
        items: [[3, 1]],
        promo: { code: 'FLAT50', discount: 50 },
      }),
      await buildOrder({
        orderNumber: 'MRD-MIDDLE02',
        date: '2026-10-02T08:05:00.000Z',
        items: [
          [2, 1],
          [6, 3],
        ],
      }),
      await buildOrder({
        orderNumber: 'MRD-OLDEST03',
        date: '2025-12-24T19:30:00.000Z',
        items: [[1, 1]],
        promo: { code: 'WELCOME', discount: 5 },
      }),
    ]
    storeHistory(orders)
    await renderApp('/orders')

    const list = screen.getByRole('list', { name: 'Orders, newest first' })
    const articles = within(list).getAllByRole('article')
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Order MRD-NEWEST01',
      'Order MRD-MIDDLE02',
      'Order MRD-OLDEST03',
    ])
    orders.forEach((order, index) => {
      const article = articles[index] as HTMLElement
      expect(article).toHaveAccessibleName(`Order ${order.orderNumber}`)
      const time = within(article).getByText(dateFormat.format(new Date(order.date)))
      expect(time.tagName).toBe('TIME')
      expect(time).toHaveAttribute('datetime', order.date)
      expect(time.parentElement).toHaveTextContent(/^Placed /)
      expectOrderLines(article, order)
    })
  })

  it('treats a corrupted history as empty and removes it', async () => {
    localStorage.setItem('orderHistory', JSON.stringify([{ orderNumber: 'MRD-NEWEST01' }]))
    await renderApp('/orders')
    expect(screen.getByText('You have not placed an order on this device yet.')).toBeInTheDocument()
    expect(localStorage.getItem('orderHistory')).toBeNull()
  })
})

describe('from checkout to the order history', () => {
  it('places an order through the UI and finds it first in the history', async () => {
    const older = await buildOrder({ orderNumber: 'MRD-OLDER001', items: [[2, 1]] })
    storeHistory([older])
    const lines = await Promise.all([cartLine(1, 1), cartLine(7, 2)])
    localStorage.setItem('cart', JSON.stringify(lines))
    localStorage.setItem('address', JSON.stringify(ADDRESS))
    const { user, router } = await renderApp('/checkout')

    const card = within(screen.getByRole('form', { name: 'Card details' }))
    await user.type(card.getByLabelText('Name on Card'), 'Asha Rao')
    await user.type(card.getByLabelText('Card Number'), '4242424242425678')
    // Far enough ahead to stay valid whatever today is.
    await user.type(card.getByLabelText('Expiration Date'), '1239')
    await user.type(card.getByLabelText('CVV'), '737')
    await user.click(card.getByRole('button', { name: 'Save Card' }))
    expect(await screen.findByText('Visa ending in 5678')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Place Order' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/order-confirmation')
    const placed = JSON.parse(localStorage.getItem('orderDetails') ?? 'null') as Order
    // Placed with the server: its number (docs/api.md § Orders).
    expect(placed.orderNumber).toMatch(/^MRD-[0-9A-Z]{10}$/)
    expect(screen.getByText(placed.orderNumber)).toBeInTheDocument()
    expect(within(region('Payment details')).getByText('Visa ending in 5678')).toBeInTheDocument()
    expectOrderLines(region('Your items'), { ...placed, cartData: lines })

    await user.click(screen.getByRole('link', { name: 'See all your orders' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    const articles = within(
      await screen.findByRole('list', { name: 'Orders, newest first' }),
    ).getAllByRole('article')
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      `Order ${placed.orderNumber}`,
      `Order ${older.orderNumber}`,
    ])
    expectOrderLines(articles[0] as HTMLElement, placed)
    expect(placed.price.total).toBe(cartTotal(lines))
  })
})
