/** The query keys of the shopper's account data: apart from the queries, for the session watcher. */
export const accountKeys = {
  all: ['account'] as const,
  user: (id: number) => [...accountKeys.all, 'user', id] as const,
}
