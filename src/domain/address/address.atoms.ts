import { atom } from 'jotai'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'
import { addressSchema, type Address } from '../../../shared/address/address.schema.ts'

// The shipping address, saved under the spec's key 'address' (rules.md § Data and reference lists) after a valid submit.
const storedAddressAtom = atomWithValidatedStorage('address', v.nullable(addressSchema), null)

export const addressAtom = atom((get) => get(storedAddressAtom))

export const saveAddressAtom = atom(null, (_get, set, address: Address) =>
  set(storedAddressAtom, address),
)
