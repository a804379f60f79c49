import type { QueryClient } from '@tanstack/react-query'
import type { createStore } from 'jotai'
import { orderKeys } from '../../domain/orders/orders.keys.ts'
import { forgetAccountAtom } from '../../domain/session/forget-account.ts'
import { accountKeys } from './account.keys.ts'

/**
 * Sign-out on this device (rules.md § State changes): what belongs to the account leaves its
 * storage (domain/session/forget-account.ts), and its data the query cache: its profile and the
 * orders the server keeps for it.
 */
export function forgetAccount(store: ReturnType<typeof createStore>, queryClient: QueryClient) {
  store.set(forgetAccountAtom)
  queryClient.removeQueries({ queryKey: accountKeys.all })
  queryClient.removeQueries({ queryKey: orderKeys.all })
}
