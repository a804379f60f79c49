import { act, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiServer, recordRequests, testApi, useDummyJsonApi } from '../../test/api-server.ts'
import { seedCart } from '../../test/checkout.ts'
import { renderApp } from '../../test/render-app.tsx'
import { seedSession } from '../../test/session.ts'
import { apiProduct, apiProducts, cartLineOf } from '../../test/shop-fixtures.ts'
import { addToCartAtom, cartAtom } from '../cart/cart.atoms.ts'
import { syncMessages } from './account-sync.ts'
import { SYNC_RECORD_KEY } from './sync-record.ts'

/**
 * The sync on a signed-in page against the real API handler (rules.md § Accounts on every device):
 * the device's copy reaches the account's, and the account's reaches the device when a page is
 * shown. Two devices, offline and tabs are the e2e's (e2e/account-sync.spec.ts).
 */

let shoppers = 0

/** A shopper of this test's own, signed in on this device. */
async function newShopper() {
  const username = `sync${++shoppers}${Date.now().toString(36)}`
  const password = 'Sync-pass1'
  const res = await testApi().call('/api/users/add', {
    body: {
      username,
      email: `${username}@example.com`,
      firstName: 'Ama',
      lastName: 'Owusu',
      password,
    },
  })
  expect(res.status).toBe(201)
  return seedSession(username, password)
}

interface Copy {
  version: number
  cart: { id: number; quantity: number }[]
  saved: { id: number }[]
}

async function accountCopy(token: string): Promise<Copy> {
  const res = await testApi().call('/api/account/state', { token })
  expect(res.status).toBe(200)
  return (await res.json()) as Copy
}

const lines = (copy: { cart: readonly { id: number; quantity: number }[] }) =>
  copy.cart.map((line) => `${line.id}×${line.quantity}`)

describe('the account copy on a signed-in page', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("merges the device's cart into the account's at sign-in, then sends each change", async () => {
    await seedCart([1, 2], [5, 1])
    const { accessToken } = await newShopper()
    const { store } = await renderApp('/cart')
    await waitFor(async () => expect(lines(await accountCopy(accessToken))).toEqual(['1×2', '5×1']))
    expect(localStorage.getItem(SYNC_RECORD_KEY)).toContain('"cart:1":"2"')

    const product = await apiProduct(3)
    act(() => void store.set(addToCartAtom, { ...product, stock: product.stock }))
    await waitFor(async () =>
      expect(lines(await accountCopy(accessToken))).toEqual(['1×2', '5×1', '3×1']),
    )
  })

  it("takes another device's change when a page is shown", async () => {
    const { accessToken } = await newShopper()
    const { store, router } = await renderApp('/')
    await waitFor(() => expect(localStorage.getItem(SYNC_RECORD_KEY)).not.toBeNull())
    // Another device adds product 4.
    const res = await testApi().call('/api/account/state', {
      method: 'PATCH',
      token: accessToken,
      body: { sentAt: Date.now(), cart: [{ id: 4, quantity: 2, changedAt: Date.now() }] },
    })
    expect(res.status).toBe(200)
    // The shopper comes back later (a page shown a moment after the last request asks nothing).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 60_000)
    await act(() => router.navigate({ to: '/cart' }))
    await waitFor(() => expect(lines({ cart: store.get(cartAtom) })).toEqual(['4×2']))
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument()
  })

  it('says so when the account cannot keep the cart (over its 100 lines), and keeps it on the device', async () => {
    const products = await apiProducts()
    localStorage.setItem(
      'cart',
      JSON.stringify(products.slice(0, 101).map((product) => cartLineOf(product, 1))),
    )
    await newShopper()
    const { store } = await renderApp('/')
    expect(
      await screen.findByText(syncMessages.notKept, {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(store.get(cartAtom)).toHaveLength(101)
  })

  it('gives up a request the lost connection cut off, and sends its change when the connection returns', async () => {
    const { accessToken } = await newShopper()
    const { store } = await renderApp('/')
    await waitFor(() => expect(localStorage.getItem(SYNC_RECORD_KEY)).not.toBeNull())
    // The change's request leaves, and no answer comes back.
    let cutOff: AbortSignal | undefined
    apiServer.use(
      http.patch(
        '*/api/account/state',
        async ({ request }) => {
          cutOff = request.signal
          await delay('infinite')
          return HttpResponse.json({})
        },
        { once: true },
      ),
    )
    const product = await apiProduct(3)
    act(() => void store.set(addToCartAtom, product))
    await waitFor(() => expect(cutOff).toBeDefined())
    act(() => void window.dispatchEvent(new Event('offline')))
    // Given up: the lock it held (one exchange at a time, in every tab) is free again.
    await waitFor(() => expect(cutOff?.aborted).toBe(true))
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(async () => expect(lines(await accountCopy(accessToken))).toEqual(['3×1']))
  })

  it("signing out sends the last change, then leaves the device without the account's cart", async () => {
    const { accessToken } = await newShopper()
    const { store, user } = await renderApp('/')
    await waitFor(() => expect(localStorage.getItem(SYNC_RECORD_KEY)).not.toBeNull())
    const product = await apiProduct(3)
    act(() => void store.set(addToCartAtom, product))
    // At once, before the change's own send.
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'SignOut' }),
    )
    await waitFor(() => expect(store.get(cartAtom)).toEqual([]))
    expect(localStorage.getItem(SYNC_RECORD_KEY)).toBeNull()
    expect(lines(await accountCopy((await seedSessionTokens(accessToken)).token))).toEqual(['3×1'])
  })
})

describe('with another API (DummyJSON)', () => {
  it('keeps the cart on the device: nothing asks for an account copy, and signing out leaves the cart', async () => {
    await seedSession()
    useDummyJsonApi()
    const requests = recordRequests()
    const { store, user } = await renderApp('/')
    const product = await apiProduct(3)
    act(() => void store.set(addToCartAtom, product))
    // Past the page's wait for idle (200 ms after paint in jsdom), when a sync would start and
    // ask, then shown again, as a page brought back is.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1000)))
    act(() => void window.dispatchEvent(new Event('focus')))
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'SignOut' }),
    )
    await waitFor(() => expect(localStorage.getItem('isUserLoggedIn')).not.toBe('true'))
    expect(lines({ cart: store.get(cartAtom) })).toEqual(['3×1'])
    expect(requests.filter((url) => url.includes('/account/state'))).toEqual([])
    expect(localStorage.getItem(SYNC_RECORD_KEY)).toBeNull()
  })
})

/** The signed-out session's token is refused now: the copy is read with a new sign-in's. */
async function seedSessionTokens(ended: string) {
  const res = await testApi().call('/api/account/state', { token: ended })
  expect(res.status).toBe(401)
  const username = JSON.parse(atob(ended.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    username: string
  }
  const login = await testApi().call('/api/auth/login', {
    body: { username: username.username, password: 'Sync-pass1' },
  })
  return { token: ((await login.json()) as { accessToken: string }).accessToken }
}
