import { skipToken, useQuery } from '@tanstack/react-query'
import { useAtomValue, useStore } from 'jotai'
import { mergeOrders } from '../../domain/orders/merge-orders.ts'
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
  }
}
