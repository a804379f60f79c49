import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useStore } from 'jotai'
import { mergeOrders } from '../../domain/orders/merge-orders.ts'
import { numberedByServer, type Order } from '../../domain/orders/order.schemas.ts'
import { cancelOrder, toOrder, type ServerOrder } from '../../domain/orders/orders.api.ts'
import { orderKeys } from '../../domain/orders/orders.keys.ts'
import { orderHistoryListAtom } from '../../domain/orders/orders.atoms.ts'
import { accountOrdersQuery } from '../../domain/orders/orders.queries.ts'
import { sessionAtom } from '../../domain/session/session.atoms.ts'
import { tokenCaller } from '../../domain/session/session-tokens.ts'
import { isOffline } from '../../lib/api-error.ts'
import { env } from '../../lib/env.ts'

/** Where the account's orders on the server stand: none asked (a guest, another API), or the query's state. */
export type AccountOrders = 'none' | 'loading' | 'loaded' | 'offline' | 'failed'

/**
 * My Purchases (rules.md § Added features): this device's orders at once and, for a signed-in
 * shopper on our API, the account's from every device once the server has answered, merged. Read
 * only once the page is the app's (components/personal-page.tsx): the server knows no session.
 */
export function useMyPurchases() {
  const device = useAtomValue(orderHistoryListAtom)
  const session = useAtomValue(sessionAtom)
  const store = useStore()
  const queryClient = useQueryClient()
  // With another API (DummyJSON) orders stay on the device they were placed on.
  const accountId = env.bundledApi ? session?.id : undefined
  const query = useQuery({
    ...accountOrdersQuery(accountId ?? 0, tokenCaller(store)),
    ...(accountId === undefined && { queryFn: skipToken }),
  })
  const account: AccountOrders =
    accountId === undefined
      ? 'none'
      : query.data !== undefined
        ? 'loaded'
        : query.isError
          ? isOffline(query.error)
            ? 'offline'
            : 'failed'
          : 'loading'
  return {
    orders: mergeOrders(device, accountId === undefined ? undefined : query.data),
    account,
    retry: () => void query.refetch(),
    /**
     * How to cancel this order, when the shopper may (docs/api.md § Orders): the signed-in
     * account's own, kept by the server; the list then shows it as the server now has it.
     */
    cancelOf: (order: Order): (() => Promise<Order>) | undefined => {
      if (accountId === undefined || order.accountId !== accountId) return undefined
      if (!numberedByServer(order.orderNumber)) return undefined
      return async () => {
        const cancelled = await tokenCaller(store)((token) =>
          cancelOrder(order.orderNumber, { token }),
        )
        queryClient.setQueryData(orderKeys.ofAccount(accountId), (list?: ServerOrder[]) =>
          list?.map((each) => (each.number === cancelled.number ? cancelled : each)),
        )
        return toOrder(cancelled)
      }
    },
  }
}
