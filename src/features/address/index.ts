export { addressAtom, saveAddressAtom } from './address.atoms.ts'
export {
  addressDraftSchema,
  addressSchema,
  EMPTY_ADDRESS,
  type Address,
  type AddressInput,
} from './address.schema.ts'
export { AddressSummary } from './components/address-summary.tsx'
export { INDIAN_STATES } from './indian-states.ts'
export { AddressFields } from './components/address-fields.tsx'
