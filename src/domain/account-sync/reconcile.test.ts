import { describe, expect, it } from 'vitest'
import { TEST_ADDRESS } from '../../test/shop-fixtures.ts'
import type { CartLine } from '../cart/cart.schemas.ts'
import type { AccountCopy } from './account-state.api.ts'
import { entriesOf, type ShoppingCopy } from './device-copy.ts'
import { reconcile } from './reconcile.ts'
import type { SyncRecord } from './sync-record.ts'

const ACCOUNT = 7

const line = (id: number, quantity: number): CartLine => ({
  id,
  title: `Product ${id}`,
  category: 'tops',
  price: 10,
  discountPercentage: 0,
  thumbnail: `/t/${id}.svg`,
  quantity,
  stock: 50,
})

const copy = (parts: Partial<ShoppingCopy> = {}): ShoppingCopy => ({
  cart: [],
  saved: [],
  address: null,
  ...parts,
})

const account = (version: number, parts: Partial<AccountCopy> = {}): AccountCopy => ({
  version,
  ...copy(),
  ...parts,
})

const recordOf = (parts: Partial<SyncRecord> = {}): SyncRecord => ({
  accountId: ACCOUNT,
  version: 3,
  agreed: {},
  times: {},
  ...parts,
})

const quantities = (copy: ShoppingCopy) => copy.cart.map((line) => `${line.id}×${line.quantity}`)

describe("the account's copy laid over the device's (rules.md § Accounts on every device)", () => {
  it('an answer older than the version the device has changes nothing', () => {
    const device = copy({ cart: [line(1, 2)] })
    expect(
      reconcile({
        account: account(2, { cart: [line(1, 5)] }),
        device,
        told: entriesOf(device),
        record: recordOf({ version: 3 }),
        accountId: ACCOUNT,
      }),
    ).toBeUndefined()
  })

  it("another account's newer version does not stop this one's answer (a sign-in)", () => {
    const reconciled = reconcile({
      account: account(2, { cart: [line(1, 5)] }),
      device: copy(),
      told: {},
      record: recordOf({ accountId: 8, version: 9 }),
      accountId: ACCOUNT,
    })
    expect(reconciled && quantities(reconciled.next)).toEqual(['1×5'])
    expect(reconciled?.record).toEqual({
      accountId: ACCOUNT,
      version: 2,
      agreed: { 'cart:1': '5' },
      times: {},
    })
  })

  it("takes the account's copy where the device made no change since `told`", () => {
    const device = copy({ cart: [line(1, 2)] })
    const reconciled = reconcile({
      account: account(4, { cart: [line(1, 2), line(2, 1)], address: TEST_ADDRESS }),
      device,
      told: entriesOf(device),
      record: recordOf(),
      accountId: ACCOUNT,
    })
    expect(reconciled).toMatchObject({ changed: true, unsent: false, dropped: false })
    expect(reconciled && quantities(reconciled.next)).toEqual(['1×2', '2×1'])
    expect(reconciled?.next.address).toEqual(TEST_ADDRESS)
    expect(reconciled?.record.version).toBe(4)
  })

  it('changes nothing on the device when the copies already agree', () => {
    const device = copy({ cart: [line(1, 2)] })
    expect(
      reconcile({
        account: account(4, { cart: [line(1, 2)] }),
        device,
        told: entriesOf(device),
        record: recordOf(),
        accountId: ACCOUNT,
      }),
    ).toMatchObject({ changed: false, unsent: false, record: { agreed: { 'cart:1': '2' } } })
  })

  it('keeps on top a change the device made since `told`, to be sent', () => {
    const told = entriesOf(copy({ cart: [line(1, 2)] }))
    const reconciled = reconcile({
      account: account(4, { cart: [line(1, 2), line(2, 1)] }),
      // The shopper raised line 1 to 3 while the request was on its way.
      device: copy({ cart: [line(1, 3)] }),
      told,
      record: recordOf({ times: { 'cart:1': 1_000 } }),
      accountId: ACCOUNT,
    })
    expect(reconciled && quantities(reconciled.next)).toEqual(['1×3', '2×1'])
    expect(reconciled).toMatchObject({ changed: true, unsent: true })
    // The agreement is the account's copy: the kept change is what differs from it.
    expect(reconciled?.record.agreed).toEqual({ 'cart:1': '2', 'cart:2': '1' })
  })

  it('gives way where the device told the server a change that lost to a later one', () => {
    const device = copy({ cart: [line(1, 3)] })
    const reconciled = reconcile({
      account: account(4, { cart: [line(1, 6)] }),
      device,
      told: entriesOf(device),
      record: recordOf(),
      accountId: ACCOUNT,
    })
    expect(reconciled && quantities(reconciled.next)).toEqual(['1×6'])
    expect(reconciled?.unsent).toBe(false)
  })

  it('unsent entries keep their recorded times, and the agreed ones lose theirs', () => {
    const told = entriesOf(copy({ cart: [line(1, 2), line(2, 1)] }))
    const reconciled = reconcile({
      account: account(4, { cart: [line(1, 2), line(2, 1)] }),
      device: copy({ cart: [line(1, 4), line(2, 1), line(3, 1)] }),
      told,
      // Line 3's time was not seen: it takes one when it is sent.
      record: recordOf({ times: { 'cart:1': 1_000, 'cart:2': 2_000 } }),
      accountId: ACCOUNT,
    })
    expect(reconciled?.unsent).toBe(true)
    expect(reconciled?.record.times).toEqual({ 'cart:1': 1_000 })
  })

  it('reports the lines the server left out (products no longer sold)', () => {
    const reconcileWith = (dropped: AccountCopy['dropped']) =>
      reconcile({
        account: account(1, { cart: [line(1, 2)], ...(dropped && { dropped }) }),
        device: copy({ cart: [line(1, 2), line(9, 1)] }),
        told: entriesOf(copy({ cart: [line(1, 2), line(9, 1)] })),
        record: undefined,
        accountId: ACCOUNT,
      })
    expect(reconcileWith([{ kind: 'cart', id: 9 }])?.dropped).toBe(true)
    expect(reconcileWith([])?.dropped).toBe(false)
    expect(reconcileWith(undefined)?.dropped).toBe(false)
  })
})
