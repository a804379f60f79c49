import { describe, expect, it } from 'vitest'
import { SHIPPING_ADDRESS } from '../../../testing/shopper.ts'
import { mergeOrders } from './merge-orders.ts'
import type { Order } from './order.schemas.ts'
import type { ServerOrder } from './orders.api.ts'

const line = {
  productId: 3,
  title: 'Powder Canister',
  quantity: 1,
  price: 10,
  discountPercentage: 0,
}

const serverOrder = (number: string, createdAt: string): ServerOrder => ({
  number,
  createdAt,
  email: SHIPPING_ADDRESS.email,
  userId: 7,
  address: SHIPPING_ADDRESS,
  payment: { method: 'card', cardLast4: '4242' },
  lines: [line],
  subtotal: 10,
  discount: 0,
  total: 10,
})

const deviceOrder = (orderNumber: string, date: string): Order => ({
  orderNumber,
  date,
  cartData: [
    {
      id: line.productId,
      title: line.title,
      category: 'beauty',
      price: line.price,
      discountPercentage: 0,
      thumbnail: '/api/images/products/3/thumbnail.svg',
      quantity: 1,
    },
  ],
  price: { items: 10, promo: 0, shipping: 0, total: 10 },
  address: SHIPPING_ADDRESS,
  payment: { method: 'paypal', billing: SHIPPING_ADDRESS, giftCard: false },
})

const numbers = (orders: readonly Order[]) => orders.map((order) => order.orderNumber)

describe('My Purchases: the server’s orders and this device’s (rules.md § Added features)', () => {
  it('is the device’s orders alone while the server’s are not known', () => {
    const device = [deviceOrder('MRD-DEVICE01', '2026-11-02T10:00:00.000Z')]
    expect(mergeOrders(device, undefined)).toEqual(device)
  })

  it('lists every order once, newest first, wherever it was placed', () => {
    const merged = mergeOrders(
      [
        deviceOrder('MRD-GUEST001', '2026-11-03T10:00:00.000Z'),
        deviceOrder('MRD-BOTH000001', '2026-11-01T10:00:00.000Z'),
      ],
      [
        serverOrder('MRD-ELSEWHERE1', '2026-11-04T10:00:00.000Z'),
        serverOrder('MRD-BOTH000001', '2026-11-01T10:00:00.000Z'),
        serverOrder('MRD-OLDEST0001', '2026-10-01T10:00:00.000Z'),
      ],
    )
    expect(numbers(merged)).toEqual([
      'MRD-ELSEWHERE1',
      'MRD-GUEST001',
      'MRD-BOTH000001',
      'MRD-OLDEST0001',
    ])
  })

  it('takes an order both know from the server, with what only this device kept of it', () => {
    const [both] = mergeOrders(
      [deviceOrder('MRD-BOTH000001', '2026-11-01T10:00:00.000Z')],
      [{ ...serverOrder('MRD-BOTH000001', '2026-11-01T10:00:05.000Z'), total: 9.5 }],
    )
    expect(both?.date).toBe('2026-11-01T10:00:05.000Z')
    expect(both?.price.total).toBe(9.5)
    expect(both?.accountId).toBe(7)
    expect(both?.cartData[0]?.thumbnail).toBe('/api/images/products/3/thumbnail.svg')
    expect(both?.payment.method).toBe('paypal')
  })

  it('shows an order from another device with the server’s payment summary', () => {
    const [elsewhere] = mergeOrders([], [serverOrder('MRD-ELSEWHERE1', '2026-11-04T10:00:00.000Z')])
    expect(elsewhere?.payment).toEqual({
      method: 'card',
      cardLast4: '4242',
      billing: SHIPPING_ADDRESS,
      giftCard: false,
    })
  })
})
