import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { orderAmounts } from '../../../shared/pricing/pricing.ts'
import { PROMO_DEFAULT_VALUE, PROMO_VALUE, promoFor } from '../../../shared/pricing/promo.ts'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { STORAGE_KEYS } from '../storage-keys.ts'
import {
  addLine,
  changeQuantity,
  removeLine,
  updateLine,
  type CartProduct,
  type QuantityChange,
} from './cart.rules.ts'
import { cartSchema, lineKey, type CartLine } from './cart.schemas.ts'
import {
  correctionOf,
  isAvailable,
  limitsOf,
  stockMessages,
  lineFacts,
  unavailableReason,
  type FreshStock,
} from './quantity.ts'

// Stored under the spec's key 'cart' and shared across tabs (rules.md § Purchase flow). Private: the action
// atoms below are the only way to change it, so the spec's rules hold everywhere.
const cartLinesAtom = atomWithValidatedStorage(STORAGE_KEYS.cart, cartSchema, [])

export const cartAtom = atom((get) => get(cartLinesAtom))

/** Items in the cart, counting quantities: what the header badge shows. */
export const cartCountAtom = atom((get) =>
  get(cartLinesAtom).reduce((count, line) => count + line.quantity, 0),
)

/**
 * What the cart last changed of itself, per line, after checking it against fresh product data
 * ("Quantity lowered to 2: only 2 left"): in memory, until the shopper changes or removes the line.
 */
const stockNoticesAtom = atom<ReadonlyMap<string, string>>(new Map())

export const stockNoticeAtom = atom((get) => get(stockNoticesAtom))

/** What a line says of its stock: what the last check changed of it, else why it cannot be ordered. */
export function lineNotice(line: CartLine, notices: ReadonlyMap<string, string>) {
  const unavailable = unavailableReason(limitsOf(line))
  return notices.get(lineKey(line)) ?? (unavailable && stockMessages.lineUnavailable(unavailable))
}

const forgetNotice = atom(null, (get, set, key: string) => {
  const notices = get(stockNoticesAtom)
  if (!notices.has(key)) return
  const next = new Map(notices)
  next.delete(key)
  set(stockNoticesAtom, next)
})

/** Adds one (or the minimum order); false when the stock stops it (the cart is unchanged). */
export const addToCartAtom = atom(null, (get, set, product: CartProduct): boolean => {
  const lines = get(cartLinesAtom)
  const next = addLine(lines, product)
  const added = next.some((line, index) => line !== lines[index])
  if (added) {
    set(cartLinesAtom, next)
    set(forgetNotice, lineKey(product))
  }
  return added
})

/** Removes a line, named by its key (`lineKey`: the product, and its variant). */
export const removeFromCartAtom = atom(null, (_get, set, key: string) => {
  set(cartLinesAtom, (lines) => removeLine(lines, key))
  set(forgetNotice, key)
})

export const changeQuantityAtom = atom(
  null,
  (_get, set, { key, change }: { key: string; change: QuantityChange }) => {
    set(cartLinesAtom, (lines) => changeQuantity(lines, key, change))
    set(forgetNotice, key)
  },
)

/**
 * The cart checked against fresh product data (stale carts, rules.md § Stock): each line takes the
 * product's stock rules now, a quantity over the stock is lowered (under a minimum, raised) and the
 * shopper is told per line. Returns the corrections made, so Place Order can stop to show them.
 */
export const applyStockAtom = atom(
  null,
  (get, set, fresh: FreshStock): { key: string; message: string }[] => {
    let lines = get(cartLinesAtom)
    const corrections: { key: string; message: string }[] = []
    for (const line of lines) {
      const product = fresh.get(line.id)
      if (!product) continue
      const key = lineKey(line)
      const facts = lineFacts(line, product)
      const limits = limitsOf(facts)
      const correction = correctionOf(line.quantity, limits)
      // A line already known to be unavailable was already marked: nothing new to say.
      const news =
        correction && (correction.quantity !== line.quantity || isAvailable(limitsOf(line)))
      if (news) corrections.push({ key, message: correction.message })
      const quantity = correction?.quantity ?? line.quantity
      if (
        quantity !== line.quantity ||
        facts.stock !== line.stock ||
        facts.minimumOrderQuantity !== line.minimumOrderQuantity
      )
        lines = updateLine(lines, key, facts, quantity)
    }
    if (lines !== get(cartLinesAtom)) set(cartLinesAtom, lines)
    if (corrections.length > 0) {
      const notices = new Map(get(stockNoticesAtom))
      for (const { key, message } of corrections) notices.set(key, message)
      set(stockNoticesAtom, notices)
    }
    return corrections
  },
)

/**
 * An order the server confirmed takes its lines out of the cart (their keys), and only those: a
 * line added while the order waited to be sent stays.
 */
export const removeOrderedLinesAtom = atom(null, (get, set, keys: ReadonlySet<string>) => {
  const left = get(cartLinesAtom).filter((line) => !keys.has(lineKey(line)))
  if (left.length === 0) set(clearCartAtom)
  else set(cartLinesAtom, left)
})

/**
 * The cart as the account's copy has it (domain/account-sync): every line at once, from the
 * server. Not a shopper's action: the rules above made each line where it was changed.
 */
export const replaceCartAtom = atom(null, (_get, set, lines: CartLine[]) => {
  if (lines.length === 0) set(clearCartAtom)
  else set(cartLinesAtom, lines)
})

export const clearCartAtom = atom(null, (_get, set) => {
  set(cartLinesAtom, RESET)
  set(stockNoticesAtom, new Map())
})

const promoSchema = v.nullable(
  v.object({
    code: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
    discount: v.picklist([PROMO_DEFAULT_VALUE, PROMO_VALUE]),
    valid: v.boolean(),
  }),
)

// The applied promo, so cart, checkout and confirmation show the same total (rules.md § Purchase flow).
// Kept under 'promo' so a reload during checkout does not silently change the total.
const promoStoreAtom = atomWithValidatedStorage('promo', promoSchema, null)

/** The promo in force: a stored one only as the rules would give it for its code. */
export const promoAtom = atom((get) => {
  const stored = get(promoStoreAtom)
  const ruled = stored && promoFor(stored.code)
  return ruled &&
    ruled.code === stored.code &&
    ruled.discount === stored.discount &&
    ruled.valid === stored.valid
    ? stored
    : null
})

/** Applies a code (rules.md § State changes): FLAT50 → 50 off; another non-empty code → 5 off; empty → none. */
export const applyPromoAtom = atom(null, (_get, set, code: string) => {
  set(promoStoreAtom, promoFor(code) ?? null)
})

export const clearPromoAtom = atom(null, (_get, set) => set(promoStoreAtom, RESET))

/** Whether a line can be ordered now, by the stock it last showed. */
export const isOrderable = (line: CartLine) => isAvailable(limitsOf(line))

/**
 * The cart's lines with their amounts (rules.md § Constants and formulas): what cart, checkout and the placed order show.
 * A line that cannot be bought now is left out of them, in `unavailable`: it blocks the order
 * until it is removed or saved for later.
 */
export const orderAmountsAtom = atom((get) => {
  const all = get(cartLinesAtom)
  const lines = all.filter(isOrderable)
  const unavailable = all.filter((line) => !isOrderable(line))
  return { lines, unavailable, ...orderAmounts(lines, get(promoAtom)) }
})
