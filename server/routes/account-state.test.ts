import { beforeEach, describe, expect, it } from 'vitest'
import { ADDRESS_MESSAGES } from '../../shared/address/address.schema.ts'
import { createTestApi, login, type CallInit, type TestApi } from '../../testing/test-api.ts'
import { SHIPPING_ADDRESS } from '../../testing/shopper.ts'
import { loadCatalogue } from '../catalogue/catalogue.ts'

let api: TestApi
let token: string
beforeEach(async () => {
  api = await createTestApi()
  token = (await login(api)).accessToken
})

const STATE = '/api/account/state'
const OTHER_ADDRESS = { ...SHIPPING_ADDRESS, firstName: 'Ravi', city: 'Pune', code: '411001' }

interface Copy {
  version: number
  cart: { id: number; quantity: number; price: number; thumbnail: string; variant?: object }[]
  saved: { id: number; variant?: { sku: string } }[]
  address: typeof SHIPPING_ADDRESS | null
  dropped?: object[]
}
const json = async <T = Copy>(res: Response) => (await res.json()) as T

const get = (init: CallInit = {}) => api.call(STATE, { token, ...init })
const patch = (body: unknown, init: CallInit = {}) =>
  api.call(STATE, { method: 'PATCH', token, body, ...init })
const merge = (body: unknown, init: CallInit = {}) =>
  api.call(`${STATE}/merge`, { token, body, ...init })
const copy = async (init: CallInit = {}) => json(await get(init))

/** A device's changes as it sends them, each made a second before it sends. */
const changes = (parts: Record<string, unknown>) => {
  const sentAt = api.clock.now()
  const made = <T extends object>(list: T[] = []) =>
    list.map((change) => ({ changedAt: sentAt - 1000, ...change }))
  return {
    sentAt,
    ...parts,
    ...(parts.cart !== undefined && { cart: made(parts.cart as object[]) }),
    ...(parts.saved !== undefined && { saved: made(parts.saved as object[]) }),
    ...(parts.address !== undefined && {
      address: { changedAt: sentAt - 1000, value: parts.address },
    }),
  }
}

/** Lines of as many products of the catalogue as asked, each of a product's first variant. */
function knownLines(count: number) {
  return loadCatalogue()
    .products.slice(0, count)
    .map((product) => ({
      id: product.id,
      ...(product.variants && { sku: product.variants[0]!.sku }),
    }))
}

describe('GET account/state (docs/api.md § Account state)', () => {
  it('answers an account with nothing stored an empty copy, version 0, kept by no cache', async () => {
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.headers.get('ETag')).toBe('"0"')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.json()).toEqual({ version: 0, cart: [], saved: [], address: null })
  })

  it('answers 401 without a token, or with one it did not sign', async () => {
    for (const init of [{ token: '' }, { token: 'not-a-token' }]) {
      const res = await get(init)
      expect(res.status).toBe(401)
      expect(res.headers.get('Cache-Control')).toBe('no-store')
    }
    expect(await json(await get({ token: '' }))).toEqual({ message: 'Access Token is required' })
  })

  it('answers 304 while the copy is the version the device names, and 200 once it is not', async () => {
    await patch(changes({ cart: [{ id: 1, quantity: 1 }] }))
    const same = await get({ headers: { 'If-None-Match': '"1"' } })
    expect(same.status).toBe(304)
    expect(same.headers.get('ETag')).toBe('"1"')
    expect(same.headers.get('Cache-Control')).toBe('no-store')
    expect(await same.text()).toBe('')
    await patch(changes({ cart: [{ id: 1, quantity: 2 }] }))
    const changed = await get({ headers: { 'If-None-Match': '"1"' } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('ETag')).toBe('"2"')
  })
})

describe('PATCH account/state', () => {
  it('applies the device’s changes and answers the copy, which GET then answers', async () => {
    const res = await patch(
      changes({
        cart: [
          { id: 1, quantity: 2 },
          { id: 6, sku: 'SMA-SAM-006-256GB', quantity: 1 },
        ],
        saved: [{ id: 9, sku: 'SMA-MOT-009-128GB', saved: true }],
        address: SHIPPING_ADDRESS,
      }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('ETag')).toBe('"1"')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const answer = await json(res)
    expect(answer).toMatchObject({
      version: 1,
      cart: [
        { id: 1, title: 'iPhone 15 Pro Max 256GB', quantity: 2, price: 1199, stock: 42 },
        {
          id: 6,
          quantity: 1,
          price: 509.99,
          stock: 28,
          variant: { sku: 'SMA-SAM-006-256GB', label: 'Storage 256GB' },
        },
      ],
      saved: [{ id: 9, price: 179.99, variant: { sku: 'SMA-MOT-009-128GB' } }],
      address: SHIPPING_ADDRESS,
    })
    // Pictures as the product API answers them.
    const product = await json<{ thumbnail: string }>(await api.call('/api/products/1'))
    expect(answer.cart[0]?.thumbnail).toBe(product.thumbnail)
    expect(await copy()).toEqual(answer)
  })

  it('removes a line with quantity 0, a saved item with saved false, the address with null', async () => {
    await patch(
      changes({
        cart: [
          { id: 1, quantity: 2 },
          { id: 3, quantity: 1 },
        ],
        saved: [{ id: 9, sku: 'SMA-MOT-009-128GB', saved: true }],
        address: SHIPPING_ADDRESS,
      }),
    )
    api.clock.advance(5000)
    const answer = await json(
      await patch(
        changes({
          cart: [{ id: 1, quantity: 0 }],
          saved: [{ id: 9, sku: 'SMA-MOT-009-128GB', saved: false }],
          address: null,
        }),
      ),
    )
    expect(answer).toMatchObject({ version: 2, saved: [], address: null })
    expect(answer.cart.map((line) => line.id)).toEqual([3])
  })

  it('keeps the newer change when an older one made offline arrives later, and says nothing changed', async () => {
    const now = api.clock.now()
    await patch({ sentAt: now, cart: [{ id: 1, quantity: 4, changedAt: now - 1000 }] })
    // A phone whose clock is an hour behind sends what it changed 5 minutes ago, offline.
    const sentAt = now - 3_600_000
    const late = await patch({
      sentAt,
      cart: [{ id: 1, quantity: 2, changedAt: sentAt - 300_000 }],
    })
    expect(late.headers.get('ETag')).toBe('"1"')
    expect((await json(late)).cart).toMatchObject([{ id: 1, quantity: 4 }])
    // The same phone's change made just now wins, its clock an hour behind or not.
    const fresh = await patch({ sentAt, cart: [{ id: 1, quantity: 3, changedAt: sentAt - 10 }] })
    expect((await json(fresh)).cart).toMatchObject([{ id: 1, quantity: 3 }])
  })

  it('refuses a body of the wrong shape with 400 naming the field, and applies nothing', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ cart: [] }, /^Invalid 'sentAt'/],
      [changes({ cart: [{ id: 1, quantity: 1000 }] }), "Invalid 'cart.0.quantity': at most 999"],
      [changes({ cart: [{ id: 1, quantity: -1 }] }), "Invalid 'cart.0.quantity': at least 0"],
      [
        changes({ cart: [{ id: 1, quantity: 1.5 }] }),
        "Invalid 'cart.0.quantity': expected a whole number",
      ],
      [
        changes({ cart: [{ id: 'one', quantity: 1 }] }),
        "Invalid 'cart.0.id': expected a product's id",
      ],
      [
        changes({ cart: [{ id: 1, quantity: 1, changedAt: -5 }] }),
        "Invalid 'cart.0.changedAt': expected a time in milliseconds",
      ],
      [
        changes({
          cart: [
            { id: 1, quantity: 1 },
            { id: 1, quantity: 2 },
          ],
        }),
        "Invalid 'cart': each line at most once (a product, or one of its variants)",
      ],
      [
        changes({ cart: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, quantity: 1 })) }),
        "Invalid 'cart': at most 100 cart changes",
      ],
      [
        changes({ saved: Array.from({ length: 201 }, (_, i) => ({ id: i + 1, saved: true })) }),
        "Invalid 'saved': at most 200 saved changes",
      ],
      // The checkout form's own message (rules.md § Validation rules).
      [
        changes({ address: { ...SHIPPING_ADDRESS, code: '012345' } }),
        `Invalid 'address.value.code': ${ADDRESS_MESSAGES.pincode}`,
      ],
      [
        changes({ address: { ...SHIPPING_ADDRESS, firstName: ' ' } }),
        `Invalid 'address.value.firstName': ${ADDRESS_MESSAGES.fillOut}`,
      ],
    ]
    for (const [body, message] of cases) {
      const res = await patch(body)
      expect(res.status, JSON.stringify(message)).toBe(400)
      expect((await json<{ message: string }>(res)).message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      )
    }
    expect(await copy()).toEqual({ version: 0, cart: [], saved: [], address: null })
  })

  it('refuses lines the catalogue does not sell with 400 naming each in `rejected`, and applies none', async () => {
    const res = await patch(
      changes({
        cart: [
          { id: 1, quantity: 1 },
          { id: 99_999, quantity: 1 },
          { id: 6, sku: 'SMA-SAM-006-1TB', quantity: 1 },
          { id: 9, quantity: 1 },
          { id: 3, sku: 'SMA-SAM-006-128GB', quantity: 0 },
        ],
        saved: [{ id: 6, saved: true }],
        address: SHIPPING_ADDRESS,
      }),
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.json()).toEqual({
      message: "Invalid 'cart.1.id': no product 99999",
      rejected: [
        { kind: 'cart', id: 99_999 },
        { kind: 'cart', id: 6, sku: 'SMA-SAM-006-1TB' },
        { kind: 'cart', id: 9 },
        { kind: 'cart', id: 3, sku: 'SMA-SAM-006-128GB' },
        { kind: 'saved', id: 6 },
      ],
    })
    expect(await copy()).toEqual({ version: 0, cart: [], saved: [], address: null })
    // Each alone, with its own message.
    const refusal = async (line: object) =>
      (await json<{ message: string }>(await patch(changes({ cart: [{ quantity: 1, ...line }] }))))
        .message
    expect(await refusal({ id: 6, sku: 'SMA-SAM-006-1TB' })).toBe(
      "Invalid 'cart.0.sku': product 6 has no variant SMA-SAM-006-1TB",
    )
    expect(await refusal({ id: 9 })).toBe(
      "Invalid 'cart.0.sku': product 9 is sold in options: name one",
    )
  })

  it('refuses a change that would leave more than 100 lines in the cart or 200 saved items', async () => {
    const lines = knownLines(101)
    const first = await patch(
      changes({ cart: lines.slice(0, 100).map((l) => ({ ...l, quantity: 1 })) }),
    )
    expect(first.status).toBe(200)
    const over = await patch(changes({ cart: [{ ...lines[100]!, quantity: 1 }] }))
    expect(over.status).toBe(400)
    expect(await over.json()).toEqual({ message: "Invalid 'cart': at most 100 lines in the cart" })
    // One out and one in is still 100.
    api.clock.advance(5000)
    const swap = await patch(
      changes({
        cart: [
          { ...lines[0]!, quantity: 0 },
          { ...lines[100]!, quantity: 1 },
        ],
      }),
    )
    expect(swap.status).toBe(200)
    expect((await json(swap)).cart).toHaveLength(100)
  })

  it('takes only JSON, and no body over 64 KiB', async () => {
    const form = await api.call(STATE, {
      method: 'PATCH',
      token,
      body: 'sentAt=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    const big = await patch({ ...changes({}), padding: 'x'.repeat(70 * 1024) })
    expect(big.status).toBe(413)
  })
})

describe('POST account/state/merge (rules.md § Accounts on every device)', () => {
  it('merges the guest’s copy into the account’s and names the lines it dropped', async () => {
    await patch(
      changes({
        cart: [
          { id: 1, quantity: 2 },
          { id: 3, quantity: 1 },
        ],
        saved: [{ id: 44, saved: true }],
        address: SHIPPING_ADDRESS,
      }),
    )
    api.clock.advance(5000)
    const res = await merge({
      cart: [
        { id: 3, quantity: 9 },
        { id: 6, sku: 'SMA-SAM-006-256GB', quantity: 1 },
        { id: 99_999, quantity: 1 },
        { id: 1, quantity: 1 },
      ],
      saved: [{ id: 44 }, { id: 9, sku: 'SMA-MOT-009-64GB' }, { id: 9, sku: 'NOPE' }],
      address: OTHER_ADDRESS,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(res.headers.get('ETag')).toBe('"2"')
    const answer = await json(res)
    // Product 3 has 6 in stock: the larger quantity, 9, is capped at 6.
    expect(answer.cart.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 6 },
      { id: 6, quantity: 1 },
    ])
    expect(answer.saved.map((item) => item.variant?.sku ?? item.id)).toEqual([
      44,
      'SMA-MOT-009-64GB',
    ])
    expect(answer.address).toEqual(SHIPPING_ADDRESS)
    expect(answer.dropped).toEqual([
      { kind: 'cart', id: 99_999 },
      { kind: 'saved', id: 9, sku: 'NOPE' },
    ])
    expect({ ...(await copy()), dropped: answer.dropped }).toEqual(answer)
  })

  it('takes the guest’s address when the account has none, and an empty merge changes nothing', async () => {
    const answer = await json(await merge({ address: OTHER_ADDRESS }))
    expect(answer).toMatchObject({ version: 1, address: OTHER_ADDRESS, dropped: [] })
    const empty = await merge({})
    expect(empty.headers.get('ETag')).toBe('"1"')
  })

  it('refuses a guest copy of the wrong shape, or one that leaves more than 100 lines, with 400', async () => {
    const lines = knownLines(101)
    for (const [body, message] of [
      [{ cart: [{ id: 1, quantity: 0 }] }, "Invalid 'cart.0.quantity': at least 1"],
      [
        { address: { ...SHIPPING_ADDRESS, mobile: '12' } },
        `Invalid 'address.mobile': ${ADDRESS_MESSAGES.mobile}`,
      ],
      [
        { cart: lines.map((l) => ({ ...l, quantity: 1 })) },
        "Invalid 'cart': at most 100 cart lines",
      ],
    ] as const) {
      const res = await merge(body)
      expect(res.status).toBe(400)
      expect((await json<{ message: string }>(res)).message).toBe(message)
    }
    await patch(changes({ cart: lines.slice(0, 60).map((l) => ({ ...l, quantity: 1 })) }))
    const over = await merge({ cart: lines.slice(50).map((l) => ({ ...l, quantity: 1 })) })
    expect(over.status).toBe(400)
    expect(await over.json()).toEqual({ message: "Invalid 'cart': at most 100 lines in the cart" })
    expect((await copy()).cart).toHaveLength(60)
  })
})

describe('an attacker’s view of account/state', () => {
  const registerOther = async () => {
    const res = await api.call('/api/users/add', {
      body: {
        email: 'kofi@example.com',
        firstName: 'Kofi',
        lastName: 'Mensah',
        userName: 'kofim',
        password: 'S3cret-pass',
      },
    })
    expect(res.status).toBe(201)
    return (await login(api, 'kofim', 'S3cret-pass')).accessToken
  }

  it('shows user B nothing of user A’s copy, and B’s writes change only B’s', async () => {
    await patch(changes({ cart: [{ id: 1, quantity: 2 }], address: SHIPPING_ADDRESS }))
    const mine = await copy()
    const other = await registerOther()
    expect(await copy({ token: other })).toEqual({ version: 0, cart: [], saved: [], address: null })
    // No user id is read from the path or the query.
    for (const path of [`${STATE}/1`, `${STATE}?userId=1`, `${STATE}?id=1`]) {
      const res = await api.call(path, { token: other })
      if (res.status === 200)
        expect(await res.json()).toEqual({ version: 0, cart: [], saved: [], address: null })
      else expect(res.status).toBe(404)
    }
    await patch(
      changes({
        cart: [
          { id: 1, quantity: 0 },
          { id: 3, quantity: 1 },
        ],
        userId: 1,
      }),
      {
        token: other,
      },
    )
    await merge({ cart: [{ id: 44, quantity: 5 }], userId: 1 }, { token: other })
    expect(await copy()).toEqual(mine)
    expect((await copy({ token: other })).cart.map((line) => line.id)).toEqual([3, 44])
  })

  it('refuses the token of a session ended by signing out, on GET and PATCH', async () => {
    const other = (await login(api)).accessToken
    expect((await api.call('/api/auth/logout', { token, body: {} })).status).toBe(204)
    const read = await get()
    expect(read.status).toBe(401)
    expect(await read.json()).toEqual({ message: 'Invalid/Expired Token!' })
    expect((await patch(changes({ cart: [{ id: 1, quantity: 1 }] }))).status).toBe(401)
    expect((await merge({ cart: [{ id: 1, quantity: 1 }] })).status).toBe(401)
    // The account's other session still reads its copy, which the refused writes left alone.
    expect(await copy({ token: other })).toEqual({ version: 0, cart: [], saved: [], address: null })
  })

  it('refuses the tokens of the sessions a password change ended, on GET and PATCH', async () => {
    const changer = (await login(api)).accessToken
    const changed = await api.call('/api/users/1', {
      method: 'PUT',
      token: changer,
      body: { password: 'n3w-pass', currentPassword: 'emilyspass' },
    })
    expect(changed.status).toBe(200)
    expect((await get()).status).toBe(401)
    expect((await patch(changes({ cart: [{ id: 1, quantity: 1 }] }))).status).toBe(401)
    expect((await get({ token: changer })).status).toBe(200)
  })
})
