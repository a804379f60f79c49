import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { toApiError } from '../../../lib/api-error.ts'
import { toastNotifier } from '../../../lib/notify.ts'
import { accountKeys } from '../account.keys.ts'
import { clearSessionAtom, isSignedInAtom } from '../session.atoms.ts'

export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.'

const isUnauthorized = (error: unknown) => error !== null && toApiError(error).status === 401

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
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isUnauthorized(event.action.error)
      )
        expire()
    })
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isUnauthorized(event.action.error)
      )
        expire()
    })
    return () => {
      unsubscribeQueries()
      unsubscribeMutations()
    }
  }, [signedIn, queryClient, clearSession, navigate, onGuardedPage])

  return null
}
