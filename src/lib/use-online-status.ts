import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser believes it is online, kept current. */
export function useOnlineStatus(): boolean {
  // The server renders for a shopper who is online; the browser then says.
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}
