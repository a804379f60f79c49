import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'

/**
 * The session, under the spec's keys (rules.md § Data and reference lists, § Shopper roles): 'userDetails' ({ userName: first name, id }) and
 * 'isUserLoggedIn', plus the access token under 'accessToken'. The password is never stored.
 */
const userDetailsAtom = atomWithValidatedStorage(
  'userDetails',
  v.nullable(
    v.object({
      userName: v.pipe(v.string(), v.maxLength(100)),
      id: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
  ),
  null,
)
const isUserLoggedInAtom = atomWithValidatedStorage('isUserLoggedIn', v.boolean(), false)
const accessTokenAtom = atomWithValidatedStorage(
  'accessToken',
  v.nullable(v.pipe(v.string(), v.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/), v.maxLength(4096))),
  null,
)

export interface Session {
  id: number
  /** The shopper's first name (the spec's `userName`). */
  userName: string
  token: string
}

/** The signed-in shopper, when all three stored parts agree; a partial or corrupted session is none. */
export const sessionAtom = atom<Session | null>((get) => {
  const details = get(userDetailsAtom)
  const token = get(accessTokenAtom)
  return get(isUserLoggedInAtom) && details && token ? { ...details, token } : null
})

export const isSignedInAtom = atom((get) => get(sessionAtom) !== null)

export const signInAtom = atom(null, (_get, set, session: Session) => {
  set(userDetailsAtom, { userName: session.userName, id: session.id })
  set(accessTokenAtom, session.token)
  set(isUserLoggedInAtom, true)
})

/** A changed first name shows at once in the account modal's welcome. */
export const renameSessionAtom = atom(null, (get, set, userName: string) => {
  const details = get(userDetailsAtom)
  if (details) set(userDetailsAtom, { ...details, userName })
})

/** Sign-out (rules.md § State changes): the stored flag, user details and token are removed. */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(isUserLoggedInAtom, RESET)
  set(userDetailsAtom, RESET)
  set(accessTokenAtom, RESET)
})

/** The account modal's open state (rules.md § Account modal): the header's user icon opens it. */
export const accountModalOpenAtom = atom(false)
