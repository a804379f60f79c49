import { useState, useSyncExternalStore } from 'react'
import { OnDemand } from '../../../components/on-demand.tsx'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { applyUpdate, onUpdateWaiting, updateWaiting } from '../../../lib/service-worker.ts'

// The bar's code loads when there is a new version to offer (from the precache, like the rest).
const UpdateBar = lazyComponent(() => import('./update-bar.tsx'), 'UpdateBar')

/**
 * Offers a new version of the app once it is installed (rules.md § Added features), never swapping it in
 * silently: Reload activates it. The cart and a half-typed address are kept in storage, so the
 * reload loses nothing.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting, () => false)
  const [reloading, setReloading] = useState(false)
  if (!waiting) return null
  return (
    <OnDemand>
      <UpdateBar
        reloading={reloading}
        onReload={() => {
          setReloading(true)
          applyUpdate()
        }}
      />
    </OnDemand>
  )
}
