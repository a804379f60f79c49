import type { QueryClient } from '@tanstack/react-query'
import type { createStore } from 'jotai'

/** What every route's loader and beforeLoad receive (conventions: the query client comes from here). */
export interface RouterContext {
  queryClient: QueryClient
  /** The Jotai store, so guards can read client state such as the session. */
  store: ReturnType<typeof createStore>
}
