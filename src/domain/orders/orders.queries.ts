import { queryOptions } from '@tanstack/react-query'
import type { WithToken } from '../session/session-tokens.ts'
import { fetchMyOrders } from './orders.api.ts'
import { orderKeys } from './orders.keys.ts'

/**
 * The signed-in shopper's orders on the server, from every device (GET orders, with their token,
 * renewed when it expired). Asked again each time My Purchases opens, so an order placed on
 * another device a minute ago is there; the list already known shows meanwhile.
 */
export function accountOrdersQuery(accountId: number, withToken: WithToken) {
  // The token authorises the request; it does not identify the data, so it is not part of the key.
  return queryOptions({
    queryKey: orderKeys.ofAccount(accountId),
    queryFn: ({ signal }) => withToken((token) => fetchMyOrders(token, signal)),
    staleTime: 0,
  })
}
