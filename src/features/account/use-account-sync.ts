import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import type { AccountSync } from '../../domain/account-sync/account-sync.ts'
import { isSignedInAtom } from '../../domain/session/session.atoms.ts'
import { useIdleAfterPaint } from '../../lib/after-paint.ts'
import { env } from '../../lib/env.ts'
import { toastNotifier } from '../../lib/notify.ts'

/** The sync running on this page, while a shopper is signed in. */
let running: AccountSync | undefined

/**
 * A signed-in shopper's cart, saved items and address follow them to every device
 * (rules.md § Accounts on every device). On the page with a signed-in session only
 * (session-expiry.tsx loads it), and the sync's own code loads once the page has painted and the
 * browser is idle; with another API everything stays on the device.
 */
export function useAccountSync() {
  const ready = useIdleAfterPaint()
  const signedIn = useAtomValue(isSignedInAtom)
  const store = useStore()
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    if (!ready || !signedIn || !env.bundledApi) return
    let sync: AccountSync | undefined
    let cancelled = false
    void import('../../domain/account-sync/account-sync.ts').then(({ startAccountSync }) => {
      if (cancelled) return
      sync = startAccountSync({
        store,
        queryClient,
        // A new page, not a new search on the same one (typing in search changes the address).
        onRouteShown: (callback) =>
          router.subscribe('onResolved', (event) => {
            if (event.pathChanged) callback()
          }),
        // The sync's messages (a line no longer sold, a cart the account cannot keep) as toasts.
        notify: toastNotifier,
      })
      running = sync
    })
    return () => {
      cancelled = true
      sync?.stop()
      if (running === sync) running = undefined
    }
  }, [ready, signedIn, store, queryClient, router])
}

/** How long signing out waits for this device's last changes to reach the account. */
const FLUSH_MS = 3_000

/**
 * Sends what this device changed before the shopper signs out; false when some could not be sent
 * (offline), so the shopper can be told.
 */
export function flushAccountCopy(): Promise<boolean> {
  if (!running) return Promise.resolve(true)
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FLUSH_MS))
  return Promise.race([running.flush(), timeout])
}

export const accountSyncMessages = {
  // Ours (rules.md § Accounts on every device): signing out offline, with changes not yet sent.
  changesNotSent:
    'You are signed out. Changes made while offline could not reach your account and were not kept.',
} as const
