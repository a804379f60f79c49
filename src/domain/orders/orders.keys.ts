/**
 * The query keys of the orders the server keeps (orders.queries.ts builds its queries on them).
 * Apart, so that sign-out, which every page can do, does not bring the orders' requests with it.
 * Their root is not the catalogue's: the query cache kept on the device never holds them
 * (lib/query-persistence.ts).
 */
export const orderKeys = {
  all: ['orders'] as const,
  /** One account's orders: a shopper signed in after another never sees the other's. */
  ofAccount: (accountId: number) => [...orderKeys.all, 'account', accountId] as const,
  /** One order's news (its status and tracking), as the server has it now, asked with its email. */
  news: (number: string, email: string) => [...orderKeys.all, 'news', number, email] as const,
}
