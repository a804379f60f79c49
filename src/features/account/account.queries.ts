import { queryOptions } from '@tanstack/react-query'
import { fetchUser } from './account.api.ts'
import { accountKeys } from './account.keys.ts'
import type { Session } from '../../domain/session/session.atoms.ts'

export { accountKeys }

/** The signed-in shopper's profile (users/{id}, with their token). */
export function userQuery(session: Session) {
  // The token authorises the request; it does not identify the data, so it is not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: accountKeys.user(session.id),
    queryFn: ({ signal }) => fetchUser(session.id, session.token, signal),
  })
}
