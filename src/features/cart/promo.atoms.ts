import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { PROMO_CODE, PROMO_DEFAULT_VALUE, PROMO_VALUE, promoFor } from './pricing.ts'

const promoSchema = v.nullable(
  v.object({
    code: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
    discount: v.picklist([PROMO_DEFAULT_VALUE, PROMO_VALUE]),
    valid: v.boolean(),
  }),
)

// The applied promo, so cart, checkout and confirmation show the same total (decisions §6).
// Kept under 'promo' so a reload during checkout does not silently change the total.
const promoStoreAtom = atomWithValidatedStorage('promo', promoSchema, null)

/** The promo in force (never a stored one that does not match the rules). */
export const promoAtom = atom((get) => {
  const stored = get(promoStoreAtom)
  return stored &&
    stored.valid === (stored.code === PROMO_CODE) &&
    stored.discount === (stored.valid ? PROMO_VALUE : PROMO_DEFAULT_VALUE)
    ? stored
    : null
})

/** Applies a code (spec §4): FLAT50 → 50 off; another non-empty code → 5 off; empty → none. */
export const applyPromoAtom = atom(null, (_get, set, code: string) => {
  set(promoStoreAtom, promoFor(code) ?? null)
})

export const clearPromoAtom = atom(null, (_get, set) => set(promoStoreAtom, RESET))
