import type { createStore } from 'jotai'
import * as v from 'valibot'
import { requestJson } from '../../lib/api-client.ts'
import { isUnauthorized } from '../../lib/api-error.ts'
import { renewTokensAtom, sessionAtom, storedTokens } from './session.atoms.ts'

type Store = ReturnType<typeof createStore>

/**
 * An access token's life (decisions.md § Accounts and sessions): short, since it is what every
 * request carries; the refresh token renews it (`tokenCaller`) for as long as the session lasts.
 */
export const ACCESS_TOKEN_MINUTES = 30

/** POST auth/refresh: the session's next tokens. */
export const tokensSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.optional(v.string()),
})

export type Tokens = v.InferOutput<typeof tokensSchema>

/** New tokens for the session (rotation: the refresh token given is spent). */
export function refreshTokens(refreshToken: string): Promise<Tokens> {
  return requestJson(tokensSchema, 'auth/refresh', {
    method: 'post',
    json: { refreshToken, expiresInMins: ACCESS_TOKEN_MINUTES },
  })
}

/** Runs a request with the session's access token (see `tokenCaller`). */
export type WithToken = <T>(call: (token: string) => Promise<T>) => Promise<T>

/** Renewals under way, per store: the calls that meet a 401 together renew once. */
const renewing = new WeakMap<Store, Promise<string | undefined>>()

/**
 * Access tokens are short-lived (decisions.md § Accounts and sessions): a request that meets a 401
 * renews the session's tokens with its refresh token (rotation: it is spent, the answer brings the
 * next one) and is made again, once. When the session has ended (signed out elsewhere, a password
 * change, a refresh token used twice) the renewal is refused, and the 401 stands: SessionExpiry
 * signs the shopper out.
 */
export function tokenCaller(store: Store): WithToken {
  return async (call) => {
    const session = store.get(sessionAtom)
    if (!session) return call('')
    try {
      return await call(session.token)
    } catch (error) {
      if (!isUnauthorized(error)) throw error
      const token = await renew(store, session.token)
      if (!token) throw error
      return call(token)
    }
  }
}

function renew(store: Store, stale: string): Promise<string | undefined> {
  let pending = renewing.get(store)
  if (!pending) {
    pending = acrossTabs(() => renewOnce(store, stale)).finally(() => renewing.delete(store))
    renewing.set(store, pending)
  }
  return pending
}

/**
 * One renewal at a time in the whole browser (Web Locks): two tabs renewing with one refresh
 * token would be a reuse, which ends the session. The one that waited finds the tokens renewed by
 * the other, in storage, and takes them.
 */
async function renewOnce(store: Store, stale: string): Promise<string | undefined> {
  const stored = storedTokens()
  if (stored.token && stored.token !== stale) {
    store.set(renewTokensAtom, {
      token: stored.token,
      refreshToken: stored.refreshToken ?? undefined,
    })
    return stored.token
  }
  const refreshToken = stored.refreshToken ?? store.get(sessionAtom)?.refreshToken
  if (!refreshToken || !store.get(sessionAtom)) return undefined
  try {
    const next = await refreshTokens(refreshToken)
    // Signed out meanwhile: the renewed tokens are not kept.
    if (!store.get(sessionAtom)) return undefined
    store.set(renewTokensAtom, { token: next.accessToken, refreshToken: next.refreshToken })
    return next.accessToken
  } catch {
    return undefined
  }
}

function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('meridian-session-renewal', work) : work()
}
