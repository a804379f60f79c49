import { describe, expect, it } from 'vitest'
import type { CartLine } from '../cart/cart.schemas.ts'
import { entriesOf, type ShoppingCopy } from './device-copy.ts'
import { planExchange } from './exchange-plan.ts'
import type { SyncRecord } from './sync-record.ts'

const ACCOUNT = 7
const NOW = 50_000

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

const copy = (cart: CartLine[]): ShoppingCopy => ({ cart, saved: [], address: null })

const agreedCopy = copy([line(1, 2), line(2, 1)])

const recordOf = (parts: Partial<SyncRecord> = {}): SyncRecord => ({
  accountId: ACCOUNT,
  version: 3,
  agreed: entriesOf(agreedCopy),
  times: {},
  ...parts,
})

const plan = (record: SyncRecord | undefined, device: ShoppingCopy, ask: boolean) =>
  planExchange({ record, device, accountId: ACCOUNT, ask, now: NOW })

describe('the next exchange with the account (rules.md § Accounts on every device)', () => {
  it("merges the device's guest copy the first time for this account (a sign-in)", () => {
    const device = copy([line(5, 1)])
    expect(plan(undefined, device, false)).toEqual({ kind: 'merge', told: { 'cart:5': '1' } })
    // Another account's agreement is no agreement with this one.
    expect(plan(recordOf({ accountId: 8 }), device, true)).toEqual({
      kind: 'merge',
      told: { 'cart:5': '1' },
    })
  })

  it("sends the device's changes, each with the time it was made, and keeps those times", () => {
    // Line 1 raised (seen at 1 000), line 2 removed (its time not seen), line 3 added.
    const device = copy([line(1, 4), line(3, 1)])
    const next = plan(recordOf({ times: { 'cart:1': 1_000, 'cart:9': 9_000 } }), device, true)
    expect(next).toEqual({
      kind: 'send',
      changes: {
        cart: [
          { id: 1, quantity: 4, changedAt: 1_000 },
          { id: 2, quantity: 0, changedAt: NOW },
          { id: 3, quantity: 1, changedAt: NOW },
        ],
        saved: [],
      },
      record: {
        ...recordOf(),
        times: { 'cart:1': 1_000, 'cart:2': NOW, 'cart:3': NOW, 'cart:9': 9_000 },
      },
      told: { 'cart:1': '4', 'cart:3': '1' },
    })
  })

  it("asks for the account's copy past the version the device has, when nothing is to send", () => {
    expect(plan(recordOf(), agreedCopy, true)).toEqual({
      kind: 'ask',
      version: 3,
      told: entriesOf(agreedCopy),
    })
  })

  it('does nothing when nothing is to send and nothing is asked', () => {
    expect(plan(recordOf(), agreedCopy, false)).toEqual({ kind: 'nothing' })
  })
})
