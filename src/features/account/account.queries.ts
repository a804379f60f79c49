import { queryOptions } from '@tanstack/react-query'
import { fetchUser } from './account.api.ts'
import { accountKeys } from './account.keys.ts'
import type { WithToken } from '../../domain/session/session-tokens.ts'

export { accountKeys }

/** The signed-in shopper's profile (users/{id}, with their token, renewed when it expired). */
export function userQuery(id: number, withToken: WithToken) {
  // The token authorises the request; it does not identify the data, so it is not part of the key.
  return queryOptions({
    queryKey: accountKeys.user(id),
    queryFn: ({ signal }) => withToken((token) => fetchUser(id, token, signal)),
  })
}
