import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { errorMessages, isOffline, isRetryable, isUnauthorized } from './api-error.ts'
import type { Notifier } from './notify.ts'
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Toasted when the mutation succeeds (the add-to-cart message of rules.md § State changes, for one). */
      successMessage?: string
      successToastMs?: number
    }
  }
}

/** For how long a catalogue kept on the device is worth painting (lib/query-persistence.ts). */
export const PERSISTED_MAX_AGE_MS = 24 * 60 * 60_000

/**
 * The first key of the pictures the server puts in a page (lib/inline-images.ts), which the offline
 * persistence reads too (lib/query-persistence.ts): here, so that neither loads the other's chunk.
 */
export const INLINE_IMAGE = 'inline-image'

// Catalogue data changes rarely: fresh for 5 minutes (decisions.md § Data fetching and caching). Kept in memory as long as the
// persisted copy is worth restoring: a shorter gcTime would drop an idle tab's catalogue from the
// saved cache long before its 24 hours (TanStack Query's persistence guide).
const STALE_MS = 5 * 60_000
const GC_MS = PERSISTED_MAX_AGE_MS
const MAX_RETRIES = 2

/**
 * Errors are presented here and only here (decisions.md § Error handling): a failed background refresh keeps its
 * data and toasts; a failed first load toasts nothing, because its page shows the error with Retry.
 */
export function createQueryClient(notify: Notifier): QueryClient {
  // A 401 means the session has ended: the account feature says so once and signs out instead.
  const toastAll = (error: unknown) => {
    if (isUnauthorized(error)) return
    errorMessages(error).forEach((message) => notify.error(message))
  }
  return new QueryClient({
    queryCache: new QueryCache({
      // Offline, a refresh that fails leaves the page as it is: the offline notice says why. A
      // shopper's Load More is answered.
      onError: (error, query) => {
        const { data, fetchMeta } = query.state
        if (data !== undefined && (!isOffline(error) || fetchMeta?.fetchMore)) toastAll(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        toastAll(error)
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        const { successMessage, successToastMs } = mutation.meta ?? {}
        if (successMessage) notify.success(successMessage, successToastMs)
      },
    }),
    defaultOptions: {
      queries: {
        // Never wait for the connection (decisions.md § Offline): offline, a request is tried at
        // once (the service worker may hold its answer) and fails at once, so a page shows what
        // this device has, or what is missing with Retry, never a placeholder that waits.
        networkMode: 'always',
        staleTime: STALE_MS,
        gcTime: GC_MS,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
        refetchOnWindowFocus: false,
      },
      // Offline, an action is done at once when it needs no server (Add to Cart), and else fails
      // with the offline message rather than waiting unseen for the connection.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

/** Calls `listener` with the error of every query or mutation that fails; returns the unsubscribe. */
export function onRequestError(queryClient: QueryClient, listener: (error: unknown) => void) {
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') listener(event.action.error)
  })
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') listener(event.action.error)
  })
  return () => {
    unsubscribeQueries()
    unsubscribeMutations()
  }
}
