import { atom } from 'jotai'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'

/** The spec's logged-in flag, stored under 'isUserLoggedIn' (spec §3, §6). */
const isUserLoggedInAtom = atomWithValidatedStorage('isUserLoggedIn', v.boolean(), false)

export const isSignedInAtom = atom((get) => get(isUserLoggedInAtom))

/** The account modal's open state (spec §2.9): the header's user icon opens it. */
export const accountModalOpenAtom = atom(false)
