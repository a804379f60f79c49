import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { isUnauthorized } from '../../../lib/api-error.ts'
import { toastNotifier } from '../../../lib/notify.ts'
import { onRequestError } from '../../../lib/query-client.ts'
import { accountKeys } from '../account.keys.ts'
import { clearSessionAtom, isSignedInAtom } from '../../../domain/session/session.atoms.ts'

export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.'

/**
 * An expired or revoked token (any 401 from the API) signs the shopper out cleanly: the session
 * and user data go, a message says why, signed-in pages are left, and the cart stays as it is.
 */
export function SessionExpiry() {
  const queryClient = useQueryClient()
  const signedIn = useAtomValue(isSignedInAtom)
  const clearSession = useSetAtom(clearSessionAtom)
  const navigate = useNavigate()
  const onGuardedPage = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === '/_auth'),
  })

  useEffect(() => {
    if (!signedIn) return
    const expire = () => {
      clearSession()
      queryClient.removeQueries({ queryKey: accountKeys.all })
      toastNotifier.error(SESSION_EXPIRED)
      if (onGuardedPage) void navigate({ to: '/' })
    }
    // A page's loader may have met the 401 before this was on the page (a guarded page opened
    // directly): its failed query is still in the cache.
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => isUnauthorized(query.state.error))
    )
      expire()
    return onRequestError(queryClient, (error) => {
      if (isUnauthorized(error)) expire()
    })
  }, [signedIn, queryClient, clearSession, navigate, onGuardedPage])

  return null
}
