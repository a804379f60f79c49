import type { QueryClient } from '@tanstack/react-query'
import type { createStore } from 'jotai'

/** What every route's loader, beforeLoad and head receive (the query client comes from here: decisions.md § Data fetching and caching). */
export interface RouterContext {
  queryClient: QueryClient
  /** The Jotai store, so guards can read client state such as the session. */
  store: ReturnType<typeof createStore>
  /** The site's public origin (SITE_URL, else the request's; the page's own in the browser). */
  origin: string
  /** On the server: the share of page loads whose field data browsers send (VITALS_SAMPLE_RATE). */
  vitalsSampleRate?: number
}
