import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { clearDraft } from '../../lib/form-draft.ts'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { addressSchema, type Address } from '../../../shared/address/address.schema.ts'
import { STORAGE_KEYS } from '../storage-keys.ts'

// The shipping address, saved under the spec's key 'address' (rules.md § Data and reference lists) after a valid submit.
export const storedAddressSchema = v.nullable(addressSchema)
const storedAddressAtom = atomWithValidatedStorage(STORAGE_KEYS.address, storedAddressSchema, null)

export const addressAtom = atom((get) => get(storedAddressAtom))

export const saveAddressAtom = atom(null, (_get, set, address: Address) =>
  set(storedAddressAtom, address),
)

/** The address as the account's copy has it (domain/account-sync); none removes it. */
export const replaceAddressAtom = atom(null, (_get, set, address: Address | null) =>
  set(storedAddressAtom, address ?? RESET),
)

/** The checkout's address typed and not yet saved, kept in this tab's sessionStorage (lib/form-draft.ts). */
export const ADDRESS_DRAFT_KEY = 'checkoutAddressDraft'

/** The saved address and the one being typed go (sign-out: domain/session/forget-account.ts). */
export const forgetAddressAtom = atom(null, (_get, set) => {
  set(storedAddressAtom, RESET)
  clearDraft(ADDRESS_DRAFT_KEY)
})
