import { createStore } from 'jotai'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { env as Env } from '../../lib/env.ts'
import { SYNC_RECORD_KEY } from '../account-sync/sync-record.ts'
import { cartAtom } from '../cart/cart.atoms.ts'
import { savedAtom } from '../saved/saved.atoms.ts'
import { ADDRESS_DRAFT_KEY, addressAtom } from '../address/address.atoms.ts'
import type { CartLine } from '../cart/cart.schemas.ts'
import type { Order } from '../orders/order.schemas.ts'
import { lastOrderAtom, orderHistoryListAtom } from '../orders/orders.atoms.ts'
import { paymentAtom } from '../orders/payment.atoms.ts'
import { TEST_ADDRESS } from '../../test/shop-fixtures.ts'
import { forgetAccountAtom } from './forget-account.ts'
import { sessionAtom, signInAtom } from './session.atoms.ts'

// Our API (the cart is the account's) unless a test says another (the cart is the device's).
const api = vi.hoisted(() => ({ bundled: true }))
vi.mock('../../lib/env.ts', async (original) => {
  const { env } = await original<{ env: typeof Env }>()
  return {
    env: {
      ...env,
      get bundledApi() {
        return api.bundled
      },
    },
  }
})

const LINE: CartLine = {
  id: 1,
  title: 'Wool Scarf',
  brand: 'Soft Cotton',
  category: 'tops',
  price: 20,
  discountPercentage: 0,
  thumbnail: '/t.svg',
  quantity: 1,
}

const order = (orderNumber: string, accountId?: number): Order => ({
  orderNumber,
  date: '2026-11-20T09:15:00.000Z',
  cartData: [LINE],
  price: { items: 20, promo: 0, shipping: 0, total: 20 },
  address: TEST_ADDRESS,
  payment: { method: 'paypal', billing: TEST_ADDRESS, giftCard: false },
  ...(accountId !== undefined && { accountId }),
})

const TOKEN = 'aaa.bbb.ccc'
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null')

describe('signing out forgets what belongs to the account (rules.md § State changes)', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  function deviceOfAccount(accountId: number) {
    const store = createStore()
    store.set(signInAtom, { id: accountId, userName: 'Emily', token: TOKEN, refreshToken: TOKEN })
    localStorage.setItem('address', JSON.stringify(TEST_ADDRESS))
    sessionStorage.setItem(ADDRESS_DRAFT_KEY, JSON.stringify({ firstName: 'Em' }))
    const history = [
      order('MRD-ACCOUNT2', accountId),
      order('MRD-GUEST001'),
      order('MRD-OTHER001', 9),
    ]
    localStorage.setItem('orderHistory', JSON.stringify(history))
    localStorage.setItem('orderDetails', JSON.stringify(history[0]))
    for (const [key, value] of Object.entries({ cart: [LINE], savedItems: [], theme: 'dark' }))
      localStorage.setItem(key, JSON.stringify(value))
    store.set(paymentAtom, {
      method: 'card',
      cardLast4: '1234',
      billing: TEST_ADDRESS,
      giftCard: true,
    })
    return store
  }

  it("takes the session, the address (saved and typed), the payment and the account's orders", () => {
    const store = deviceOfAccount(1)
    store.set(forgetAccountAtom)

    expect(store.get(sessionAtom)).toBeNull()
    for (const key of ['userDetails', 'isUserLoggedIn', 'accessToken', 'refreshToken', 'address'])
      expect(localStorage.getItem(key), key).toBeNull()
    expect(store.get(addressAtom)).toBeNull()
    expect(sessionStorage.getItem(ADDRESS_DRAFT_KEY)).toBeNull()
    expect(store.get(paymentAtom)).toBeNull()
    expect(store.get(lastOrderAtom)).toBeNull()
    expect(store.get(orderHistoryListAtom).map((o) => o.orderNumber)).toEqual([
      'MRD-GUEST001',
      'MRD-OTHER001',
    ])
  })

  it("on our API takes the account's cart and saved items too, and what the device agreed with its copy", () => {
    const store = deviceOfAccount(1)
    localStorage.setItem('savedItems', JSON.stringify([LINE]))
    localStorage.setItem(
      SYNC_RECORD_KEY,
      JSON.stringify({ accountId: 1, version: 3, agreed: {}, times: {} }),
    )
    store.set(forgetAccountAtom)

    expect(store.get(cartAtom)).toEqual([])
    expect(store.get(savedAtom)).toEqual([])
    for (const key of ['cart', 'savedItems', SYNC_RECORD_KEY])
      expect(localStorage.getItem(key), key).toBeNull()
    expect(stored('theme')).toBe('dark')
    expect((stored('orderHistory') as Order[]).map((o) => o.orderNumber)).toContain('MRD-GUEST001')
  })

  it("with another API leaves what belongs to the device: the cart, saved items, the theme and a guest's orders", () => {
    api.bundled = false
    try {
      const store = deviceOfAccount(1)
      store.set(forgetAccountAtom)

      expect(stored('cart')).toEqual([LINE])
      expect(stored('savedItems')).toEqual([])
      expect(stored('theme')).toBe('dark')
      expect((stored('orderHistory') as Order[]).map((o) => o.orderNumber)).toContain(
        'MRD-GUEST001',
      )
    } finally {
      api.bundled = true
    }
  })

  it('keeps the last order when it was a guest’s, and does no more when done twice', () => {
    const store = deviceOfAccount(1)
    localStorage.setItem('orderDetails', JSON.stringify(order('MRD-GUEST001')))
    store.set(forgetAccountAtom)
    store.set(forgetAccountAtom)

    expect(store.get(lastOrderAtom)?.orderNumber).toBe('MRD-GUEST001')
    expect(store.get(orderHistoryListAtom).map((o) => o.orderNumber)).not.toContain('MRD-ACCOUNT2')
  })
})
