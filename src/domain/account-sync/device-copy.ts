import type { Address } from '../../../shared/address/address.schema.ts'
import { lineKey, type CartLine } from '../cart/cart.schemas.ts'
import type { SavedItem } from '../saved/saved.atoms.ts'

/**
 * What follows a signed-in shopper from device to device (rules.md § Accounts on every device):
 * the cart, the saved items and the shipping address, as this device holds them.
 */
export interface ShoppingCopy {
  cart: CartLine[]
  saved: SavedItem[]
  address: Address | null
}

/**
 * A copy as entries and values, the unit the server merges (docs/api.md § Account state): one
 * entry per cart line (`cart:<line key>`, its quantity), per saved item (`saved:<line key>`) and
 * the address (`address`, its fields in a fixed order). An entry a copy lacks is absent.
 */
export type Entries = Record<string, string>

const ADDRESS = 'address'
const cartEntry = (key: string) => `cart:${key}`
const savedEntry = (key: string) => `saved:${key}`

/** An address's fields in one fixed order, so two equal addresses have one text. */
const addressText = (address: Address) =>
  JSON.stringify(Object.entries(address).sort(([a], [b]) => (a < b ? -1 : 1)))

export function entriesOf(copy: ShoppingCopy): Entries {
  const entries: Entries = {}
  for (const line of copy.cart) entries[cartEntry(lineKey(line))] = String(line.quantity)
  for (const item of copy.saved) entries[savedEntry(lineKey(item))] = '1'
  if (copy.address) entries[ADDRESS] = addressText(copy.address)
  return entries
}

/** The entries whose values differ between two sets (one has it and the other not, or another value). */
export function changedEntries(from: Entries, to: Entries): string[] {
  const names = new Set([...Object.keys(from), ...Object.keys(to)])
  return [...names].filter((name) => from[name] !== to[name])
}

/** A line named by its key: its product and, for one sold in options, its variant's SKU. */
function lineOf(key: string): { id: number; sku?: string } {
  const space = key.indexOf(' ')
  return space < 0
    ? { id: Number(key) }
    : { id: Number(key.slice(0, space)), sku: key.slice(space + 1) }
}

export interface CartChange {
  id: number
  sku?: string
  /** 0: the line was removed. */
  quantity: number
  changedAt: number
}

export interface SavedChange {
  id: number
  sku?: string
  saved: boolean
  changedAt: number
}

export interface CopyChanges {
  cart: CartChange[]
  saved: SavedChange[]
  address?: { value: Address | null; changedAt: number }
}

/**
 * What the device changed since it last agreed with the server (`agreed`), entry by entry, each
 * with when it was made (`times`; a change whose time was not seen counts as made now).
 */
export function changesSince(
  agreed: Entries,
  device: ShoppingCopy,
  times: Readonly<Record<string, number>>,
  now: number,
): CopyChanges {
  const changes: CopyChanges = { cart: [], saved: [] }
  const lines = new Map(device.cart.map((line) => [cartEntry(lineKey(line)), line]))
  const items = new Set(device.saved.map((item) => savedEntry(lineKey(item))))
  for (const name of changedEntries(agreed, entriesOf(device))) {
    const changedAt = times[name] ?? now
    if (name === ADDRESS) changes.address = { value: device.address, changedAt }
    else if (name.startsWith('cart:')) {
      const line = lineOf(name.slice('cart:'.length))
      changes.cart.push({ ...line, quantity: lines.get(name)?.quantity ?? 0, changedAt })
    } else {
      const item = lineOf(name.slice('saved:'.length))
      changes.saved.push({ ...item, saved: items.has(name), changedAt })
    }
  }
  return changes
}

export const hasChanges = (changes: CopyChanges) =>
  changes.cart.length > 0 || changes.saved.length > 0 || changes.address !== undefined

/**
 * The device's copy once the server's answer arrives. Each entry takes the server's value, unless
 * the device changed it after what the server was told (`told`: what the device had agreed, with
 * the changes just sent): a change made while the request was on its way is kept, and sent next.
 * A change the server was told of and did not take (a later one on another device won) gives way.
 */
export function overlay(server: ShoppingCopy, device: ShoppingCopy, told: Entries): ShoppingCopy {
  const now = entriesOf(device)
  const keep = (name: string) => now[name] !== told[name]
  const pick = <T extends { id: number; variant?: { sku: string } }>(
    theirs: readonly T[],
    ours: readonly T[],
    entry: (key: string) => string,
  ): T[] => {
    const own = new Map(ours.map((item) => [entry(lineKey(item)), item]))
    const kept = theirs.flatMap((item) => {
      const name = entry(lineKey(item))
      if (!keep(name)) return [item]
      const mine = own.get(name)
      return mine ? [mine] : []
    })
    const known = new Set(theirs.map((item) => entry(lineKey(item))))
    const added = ours.filter((item) => {
      const name = entry(lineKey(item))
      return !known.has(name) && keep(name)
    })
    return [...kept, ...added]
  }
  return {
    cart: pick(server.cart, device.cart, cartEntry),
    saved: pick(server.saved, device.saved, savedEntry),
    address: keep(ADDRESS) ? device.address : server.address,
  }
}

/** Each change's entry and the time it names. */
export function changedEntryTimes(changes: CopyChanges): [string, number][] {
  return [
    ...changes.cart.map((change): [string, number] => [cartEntry(keyOf(change)), change.changedAt]),
    ...changes.saved.map((change): [string, number] => [
      savedEntry(keyOf(change)),
      change.changedAt,
    ]),
    ...(changes.address ? [[ADDRESS, changes.address.changedAt] as [string, number]] : []),
  ]
}

/** What the server is told: what the device had agreed, with `changes` (made of `device`) applied. */
export function toldAfter(agreed: Entries, device: ShoppingCopy, changes: CopyChanges): Entries {
  const told = { ...agreed }
  const now = entriesOf(device)
  for (const [name] of changedEntryTimes(changes)) {
    if (now[name] === undefined) delete told[name]
    else told[name] = now[name]
  }
  return told
}

const keyOf = ({ id, sku }: { id: number; sku?: string }) =>
  lineKey({ id, ...(sku !== undefined && { variant: { sku } }) })

/** The entries of lines the server refused (unknown products or variants), by name. */
export const refusedEntries = (
  refused: readonly { kind: 'cart' | 'saved'; id: number; sku?: string }[],
) => new Set(refused.map((line) => `${line.kind}:${keyOf(line)}`))

/** The copy without the lines named (ones the server cannot know: their product is gone). */
export function without(copy: ShoppingCopy, names: ReadonlySet<string>): ShoppingCopy {
  return {
    cart: copy.cart.filter((line) => !names.has(cartEntry(lineKey(line)))),
    saved: copy.saved.filter((item) => !names.has(savedEntry(lineKey(item)))),
    address: copy.address,
  }
}
