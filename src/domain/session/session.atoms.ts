import { atom } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { atomWithValidatedStorage, parseStored } from '../../lib/storage-atom.ts'

/**
 * The session, under the spec's keys (rules.md § Data and reference lists, § Shopper roles): 'userDetails' ({ userName: first name, id }) and
 * 'isUserLoggedIn', plus the access token under 'accessToken' and the refresh token that renews
 * it under 'refreshToken' (decisions.md § Accounts and sessions). The password is never stored.
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
/** A JWT as stored: three base64url segments. */
const tokenSchema = v.nullable(
  v.pipe(v.string(), v.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/), v.maxLength(4096)),
)
const accessTokenAtom = atomWithValidatedStorage('accessToken', tokenSchema, null)
const refreshTokenAtom = atomWithValidatedStorage('refreshToken', tokenSchema, null)

export interface Session {
  id: number
  /** The shopper's first name (the spec's `userName`). */
  userName: string
  token: string
  /** What renews `token` once it expires; none from an API that gave none (or an older release). */
  refreshToken?: string
}

/** The signed-in shopper, when all three stored parts agree; a partial or corrupted session is none. */
export const sessionAtom = atom<Session | null>((get) => {
  const details = get(userDetailsAtom)
  const token = get(accessTokenAtom)
  const refreshToken = get(refreshTokenAtom) ?? undefined
  return get(isUserLoggedInAtom) && details && token
    ? { ...details, token, ...(refreshToken && { refreshToken }) }
    : null
})

export const isSignedInAtom = atom((get) => get(sessionAtom) !== null)

export const signInAtom = atom(null, (_get, set, session: Session) => {
  set(userDetailsAtom, { userName: session.userName, id: session.id })
  set(accessTokenAtom, session.token)
  set(refreshTokenAtom, session.refreshToken ?? RESET)
  set(isUserLoggedInAtom, true)
})

/** The session's tokens, renewed (rotation: the refresh token is new too). */
export const renewTokensAtom = atom(
  null,
  (_get, set, tokens: { token: string; refreshToken?: string }) => {
    set(accessTokenAtom, tokens.token)
    set(refreshTokenAtom, tokens.refreshToken ?? RESET)
  },
)

/**
 * The tokens as storage holds them now, read past the store: another tab may have renewed them a
 * moment ago, before its storage event reached this one.
 */
export function storedTokens(): { token: string | null; refreshToken: string | null } {
  const read = (key: string) => {
    try {
      const raw = localStorage.getItem(key)
      return raw === null ? null : (parseStored(tokenSchema, raw) ?? null)
    } catch {
      return null
    }
  }
  return { token: read('accessToken'), refreshToken: read('refreshToken') }
}

/** A changed first name shows at once in the account modal's welcome. */
export const renameSessionAtom = atom(null, (get, set, userName: string) => {
  const details = get(userDetailsAtom)
  if (details) set(userDetailsAtom, { ...details, userName })
})

/** Sign-out (rules.md § State changes): the stored flag, user details and tokens are removed. */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(isUserLoggedInAtom, RESET)
  set(userDetailsAtom, RESET)
  set(accessTokenAtom, RESET)
  set(refreshTokenAtom, RESET)
})

/** The account modal's open state (rules.md § Account modal): the header's user icon opens it. */
export const accountModalOpenAtom = atom(false)
