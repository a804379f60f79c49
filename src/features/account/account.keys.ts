/**
 * The account's query keys (account.queries.ts builds its queries on them). Apart, so that what
 * every page runs (SessionExpiry) does not bring the account's requests with it.
 */
export const accountKeys = {
  all: ['account'] as const,
  user: (id: number) => [...accountKeys.all, 'user', id] as const,
}
