// Stands in for `use-sync-external-store/shim` (see vite.config.ts): React 19 has the hook itself.
export { useSyncExternalStore } from 'react'
