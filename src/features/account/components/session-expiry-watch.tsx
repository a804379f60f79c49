import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { isUnauthorized } from '../../../lib/api-error.ts'
import { toastNotifier } from '../../../lib/notify.ts'
import { onRequestError } from '../../../lib/query-client.ts'
import { isSignedInAtom } from '../../../domain/session/session.atoms.ts'
import { forgetAccount } from '../forget-account.ts'
import { useAccountSync } from '../use-account-sync.ts'

export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.'

/**
 * An expired or revoked token (any 401 from the API) signs the shopper out as SignOut does: the
 * session and what belongs to the account go (forget-account.ts), a message says why, signed-in
 * pages are left. On the page while signed in (../session-expiry.tsx), with the account's sync
 * (../use-account-sync.ts).
 */
export function SessionExpiryWatch() {
  useAccountSync()
  const queryClient = useQueryClient()
  const store = useStore()
  const signedIn = useAtomValue(isSignedInAtom)
  const navigate = useNavigate()
  const onGuardedPage = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === '/_auth'),
  })

  useEffect(() => {
    if (!signedIn) return
    const expire = () => {
      forgetAccount(store, queryClient)
      toastNotifier.error(SESSION_EXPIRED)
      if (onGuardedPage) void navigate({ to: '/' })
    }
    // A request may have met the 401 before this was on the page (a guarded page's loader, as the
    // page opened): its failure is still in the cache.
    const failures = [
      ...queryClient.getQueryCache().getAll(),
      ...queryClient.getMutationCache().getAll(),
    ].map(({ state }) => state.error)
    if (failures.some(isUnauthorized)) expire()
    return onRequestError(queryClient, (error) => {
      if (isUnauthorized(error)) expire()
    })
  }, [signedIn, queryClient, store, navigate, onGuardedPage])

  return null
}
