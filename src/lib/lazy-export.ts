import { lazy, type ComponentType } from 'react'

/**
 * React.lazy for a module's named export: `lazyExport(() => import('./footer.tsx'), 'Footer')`.
 * The module loads the first time the component renders (inside a Suspense boundary).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy accepts
export function lazyExport<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}
