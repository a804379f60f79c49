import { atom } from 'jotai'
import { addressAtom } from '../address/address.atoms.ts'
import type { Address } from '../../../shared/address/address.schema.ts'
import type { PaymentSummary } from './order.schemas.ts'

/**
 * The payment step's result, in memory only: it holds no card details, just the method, the last
 * four digits, the billing address and whether a gift card was applied (rules.md § Purchase flow). A billing
 * address "same as shipping" is resolved when read, so it follows a later change of address.
 */
export type PaymentChoice = Omit<PaymentSummary, 'billing'> & { billing: Address | 'shipping' }

const paymentChoiceAtom = atom<PaymentChoice | null>(null)

export const paymentAtom = atom(
  (get): PaymentSummary | null => {
    const choice = get(paymentChoiceAtom)
    const address = get(addressAtom)
    if (!choice) return null
    if (choice.billing !== 'shipping') return { ...choice, billing: choice.billing }
    return address ? { ...choice, billing: address } : null
  },
  (_get, set, choice: PaymentChoice | null) => set(paymentChoiceAtom, choice),
)
