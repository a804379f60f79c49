import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  removeOldestQuery,
} from '@tanstack/react-query-persist-client'
import { INLINE_IMAGE, PERSISTED_MAX_AGE_MS } from './query-client.ts'

// Where the cache is kept.
export const PERSISTED_CACHE_KEY = 'meridian-query-cache'

/** Only catalogue answers are kept: never account data, which belongs to one signed-in session. */
const PERSISTED_ROOT = 'catalogue'

function options(queryClient: QueryClient, buildId: string, storage: Storage) {
  return {
    queryClient,
    persister: createSyncStoragePersister({
      storage,
      key: PERSISTED_CACHE_KEY,
      throttleTime: 1000,
      // A full localStorage drops the oldest answers until the rest fits, instead of saving nothing.
      retry: removeOldestQuery,
    }),
    maxAge: PERSISTED_MAX_AGE_MS,
    // A new build may change the data's shape: its cache starts empty.
    buster: buildId,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { status: string } }) =>
        query.queryKey[0] === PERSISTED_ROOT && query.state.status === 'success',
    },
  }
}

/**
 * Restores the last catalogue into the query client (so the offline shell paints it before the
 * network answers, and browses it offline; a page the server rendered has the server's data, and
 * the newer of the two wins), saves it at once and then at each change. A cache from
 * another build, an expired or an unreadable one is discarded by the restore.
 */
export async function persistCatalogue(
  queryClient: QueryClient,
  buildId: string,
  storage: Storage = localStorage,
) {
  const persistOptions = options(queryClient, buildId, storage)
  try {
    await persistQueryClientRestore(persistOptions)
  } catch {
    storage.removeItem(PERSISTED_CACHE_KEY)
  }
  const unsubscribe = persistQueryClientSubscribe(persistOptions)
  // The server's data may have been hydrated before the subscription, and nothing else may change
  // before the shopper's connection drops: without this save, the first page seen would not be kept.
  void persistQueryClientSave(persistOptions)
  keepInlinedImages(queryClient)
  return unsubscribe
}

/**
 * The pictures the server put in this page as `data:` URLs (lib/inline-images.ts) are fetched
 * once by their own addresses, when the browser is idle and the service worker controls the page
 * (on a first visit, once it takes control): its picture cache then holds them, and the page's
 * first row shows its pictures offline too, where the app renders the page with links (the
 * offline shell holds no `data:` URL). A few small drawings, each once per page load.
 */
function keepInlinedImages(queryClient: QueryClient) {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined
  if (!container) return
  // Read when idle: by then the page's own data (the server's, hydrated) is in the cache.
  const fetchAll = () =>
    (window.requestIdleCallback ?? setTimeout)(() => {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: [INLINE_IMAGE] }))
        void fetch(String(query.queryKey[1])).catch(() => undefined)
    })
  if (container.controller) fetchAll()
  else container.addEventListener('controllerchange', fetchAll, { once: true })
}
