import { describe, expect, it } from 'vitest'
import { TEST_ADDRESS } from '../../test/shop-fixtures.ts'
import type { CartLine } from '../cart/cart.schemas.ts'
import type { SavedItem } from '../saved/saved.atoms.ts'
import {
  changesSince,
  entriesOf,
  hasChanges,
  overlay,
  refusedEntries,
  toldAfter,
  without,
  type ShoppingCopy,
} from './device-copy.ts'

const line = (id: number, quantity: number, sku?: string): CartLine => ({
  id,
  title: `Product ${id}`,
  category: 'tops',
  price: 10,
  discountPercentage: 0,
  thumbnail: `/t/${id}.svg`,
  quantity,
  stock: 50,
  ...(sku && { variant: { sku, label: `Size ${sku}` } }),
})

const saved = (id: number, sku?: string): SavedItem => ({
  id,
  title: `Product ${id}`,
  category: 'tops',
  price: 10,
  discountPercentage: 0,
  thumbnail: `/t/${id}.svg`,
  ...(sku && { variant: { sku, label: `Size ${sku}` } }),
})

const copy = (parts: Partial<ShoppingCopy> = {}): ShoppingCopy => ({
  cart: [],
  saved: [],
  address: null,
  ...parts,
})

describe("the device's copy against the account's (rules.md § Accounts on every device)", () => {
  it('names each line, variant, saved item and the address as an entry of its own', () => {
    expect(
      entriesOf(
        copy({
          cart: [line(1, 2), line(2, 1, 'S-9'), line(2, 3, 'S-10')],
          saved: [saved(4)],
          address: TEST_ADDRESS,
        }),
      ),
    ).toMatchObject({
      'cart:1': '2',
      'cart:2 S-9': '1',
      'cart:2 S-10': '3',
      'saved:4': '1',
      address: expect.any(String) as string,
    })
  })

  it('the same address with its fields in another order is the same entry', () => {
    const reordered = Object.fromEntries(
      Object.entries(TEST_ADDRESS).reverse(),
    ) as typeof TEST_ADDRESS
    expect(entriesOf(copy({ address: reordered })).address).toBe(
      entriesOf(copy({ address: TEST_ADDRESS })).address,
    )
  })

  describe('what the device sends: the entries it changed since it last agreed, with when', () => {
    const agreed = entriesOf(
      copy({ cart: [line(1, 2), line(2, 1, 'S-9')], saved: [saved(4)], address: TEST_ADDRESS }),
    )

    it('nothing when nothing changed', () => {
      const same = copy({
        cart: [line(1, 2), line(2, 1, 'S-9')],
        saved: [saved(4)],
        address: TEST_ADDRESS,
      })
      expect(hasChanges(changesSince(agreed, same, {}, 1000))).toBe(false)
    })

    it('a quantity, an added line, a removed line (quantity 0), a saved item and the address', () => {
      const device = copy({
        cart: [line(1, 3), line(3, 1)],
        saved: [saved(5)],
        address: null,
      })
      const changes = changesSince(agreed, device, { 'cart:1': 500, 'saved:4': 600 }, 1000)
      expect(changes.cart).toEqual(
        expect.arrayContaining([
          { id: 1, quantity: 3, changedAt: 500 },
          { id: 3, quantity: 1, changedAt: 1000 },
          { id: 2, sku: 'S-9', quantity: 0, changedAt: 1000 },
        ]),
      )
      expect(changes.cart).toHaveLength(3)
      expect(changes.saved).toEqual(
        expect.arrayContaining([
          { id: 4, saved: false, changedAt: 600 },
          { id: 5, saved: true, changedAt: 1000 },
        ]),
      )
      expect(changes.address).toEqual({ value: null, changedAt: 1000 })
    })

    it('an offline edit keeps the time it was made, however late it is sent', () => {
      const device = copy({
        cart: [line(1, 5), line(2, 1, 'S-9')],
        saved: [saved(4)],
        address: TEST_ADDRESS,
      })
      const changes = changesSince(agreed, device, { 'cart:1': 100 }, 9_000_000)
      expect(changes.cart).toEqual([{ id: 1, quantity: 5, changedAt: 100 }])
    })
  })

  describe("the account's answer on the device", () => {
    const agreedCopy = copy({ cart: [line(1, 1), line(2, 1)], saved: [saved(4)] })
    const agreed = entriesOf(agreedCopy)

    it("takes another device's changes: a new line, a removal, a quantity, a saved item, an address", () => {
      const server = copy({
        cart: [line(1, 4), line(9, 1, 'X')],
        saved: [saved(4), saved(7)],
        address: TEST_ADDRESS,
      })
      expect(overlay(server, agreedCopy, agreed)).toEqual(server)
    })

    it('keeps a change the device made while its request was on the way, to send next', () => {
      const sent = copy({ cart: [line(1, 2), line(2, 1)], saved: [saved(4)] })
      const changes = changesSince(agreed, sent, {}, 1)
      const told = toldAfter(agreed, sent, changes)
      // The server has the sent change and another device's line 5; meanwhile this one added line 6
      // and removed line 2.
      const server = copy({ cart: [line(1, 2), line(2, 1), line(5, 1)], saved: [saved(4)] })
      const now = copy({ cart: [line(1, 2), line(6, 1)], saved: [saved(4)] })
      expect(overlay(server, now, told).cart.map((l) => [l.id, l.quantity])).toEqual([
        [1, 2],
        [5, 1],
        [6, 1],
      ])
    })

    it('gives way where the device was heard and a later change on another device won (the same line twice)', () => {
      const mine = copy({ cart: [line(1, 3), line(2, 1)], saved: [saved(4)] })
      const changes = changesSince(agreed, mine, { 'cart:1': 100 }, 200)
      const told = toldAfter(agreed, mine, changes)
      const server = copy({ cart: [line(1, 7), line(2, 1)], saved: [saved(4)] })
      expect(overlay(server, mine, told).cart.map((l) => l.quantity)).toEqual([7, 1])
    })

    it('two devices changing different lines both keep their change', () => {
      // This device raised line 1 offline; the other removed line 2 and the server took both.
      const mine = copy({ cart: [line(1, 3), line(2, 1)], saved: [saved(4)] })
      const changes = changesSince(agreed, mine, {}, 300)
      const told = toldAfter(agreed, mine, changes)
      const server = copy({ cart: [line(1, 3)], saved: [saved(4)] })
      const result = overlay(server, mine, told)
      expect(result.cart.map((l) => [l.id, l.quantity])).toEqual([[1, 3]])
      expect(hasChanges(changesSince(entriesOf(server), result, {}, 400))).toBe(false)
    })

    it('a refused line (its product or variant is gone) leaves the device', () => {
      const mine = copy({
        cart: [line(1, 1), line(2, 1, 'OLD')],
        saved: [saved(2, 'OLD'), saved(4)],
      })
      const gone = refusedEntries([
        { kind: 'cart', id: 2, sku: 'OLD' },
        { kind: 'saved', id: 2, sku: 'OLD' },
      ])
      const left = without(mine, gone)
      expect(left.cart.map((l) => l.id)).toEqual([1])
      expect(left.saved.map((s) => s.id)).toEqual([4])
    })
  })
})
