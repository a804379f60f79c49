import { isCancelledError, type QueryClient } from '@tanstack/react-query'
import type { createStore } from 'jotai'
import { ApiError, isOffline, isUnauthorized } from '../../lib/api-error.ts'
import { sessionAtom } from '../session/session.atoms.ts'
import { tokenCaller } from '../session/session-tokens.ts'
import type { AccountCopy } from './account-state.api.ts'
import { changedEntries, entriesOf, without, type Entries } from './device-copy.ts'
import { watchDeviceCopy } from './device-store.ts'
import { listenToPage } from './page-triggers.ts'
import { reconcile } from './reconcile.ts'
import { exchange, type SyncRequest } from './sync-exchange.ts'
import { readRecord, writeRecord } from './sync-record.ts'
import { createSyncSchedule } from './sync-schedule.ts'

type Store = ReturnType<typeof createStore>

/** The sync's requests in the query cache (each one's own key follows). */
const REQUEST_KEY = ['account-state'] as const

/** What the sync tells the shopper; the caller shows it (`notify`). */
export const syncMessages = {
  linesGone: 'Some items are no longer sold and were taken out of your cart or saved items.',
  // The account's copy refused the device's (over its limits): kept here, and said so.
  notKept:
    'Your cart and saved items could not be kept with your account: it holds at most 100 lines in the cart and 200 saved items. They stay on this device.',
} as const

/**
 * Failures the sync meets in the normal course: offline, a request given up as the connection
 * went, or a session ended elsewhere (a 401, which signs the shopper out).
 */
const isExpected = (error: unknown) =>
  isOffline(error) || isCancelledError(error) || isUnauthorized(error)

export interface AccountSync {
  /** Sends what this device changed; true when nothing is left unsent. */
  flush(): Promise<boolean>
  stop(): void
}

/**
 * Keeps this device's cart, saved items and address and the account's copy on the server as one
 * (rules.md § Accounts on every device, decisions.md § Sync). The device's copy is the one the app
 * reads, so nothing waits for the network; this reconciles it:
 * - at start, when the page is shown again (visibility, focus, navigation) and when the connection
 *   returns, it asks for the account's copy (one request; 304 when nothing changed);
 * - a change on this device is sent, entry by entry, with the time it was made;
 * - the first time for an account on this device (a sign-in), the device's guest copy is merged in.
 * One tab at a time talks to the server (Web Locks), and each reads what storage holds then, so
 * two tabs never send one change twice or put an older copy over a newer one.
 *
 * This wires the parts together and decides when to talk: device-store.ts reads, writes and
 * watches the device's copy, sync-exchange.ts makes one exchange, reconcile.ts lays its answer
 * over the device's copy, sync-schedule.ts times the sends and retries, page-triggers.ts listens
 * to the page. Messages for the shopper go to `notify`: domain/ shows nothing itself.
 */
export function startAccountSync({
  store,
  queryClient,
  onRouteShown,
  notify,
}: {
  store: Store
  queryClient: QueryClient
  /** Calls back when a page (route) is shown; returns the unsubscribe. */
  onRouteShown: (callback: () => void) => () => void
  /** Tells the shopper a message of `syncMessages`. */
  notify: { error(message: string): void }
}): AccountSync {
  const withToken = tokenCaller(store)
  const schedule = createSyncSchedule()
  let stopped = false
  let requests = 0
  const accountId = () => store.get(sessionAtom)?.id

  // Requests go through the query cache, so a 401 (the session ended) signs the shopper out as any
  // other request's does (features/account/session-expiry.tsx); their failures toast nothing.
  const request: SyncRequest = (call) => {
    schedule.requestMade()
    return queryClient.fetchQuery({
      queryKey: [...REQUEST_KEY, ++requests],
      queryFn: ({ signal }) => withToken((token) => call(token, signal)),
      retry: false,
      gcTime: 0,
    })
  }

  /** A change made on this device: when it was made, for the send that follows. */
  function noteChange(touched: readonly string[]) {
    if (stopped) return
    const record = readRecord()
    if (!record || record.accountId !== accountId()) return
    const at = Date.now()
    writeRecord({
      ...record,
      times: { ...record.times, ...Object.fromEntries(touched.map((name) => [name, at])) },
    })
    sendSoon()
  }

  const device = watchDeviceCopy(store, noteChange)

  /** The server's copy on this device (reconcile.ts): its changes since `told` stay on top. */
  function apply(copy: AccountCopy, id: number, told: Entries) {
    const reconciled = reconcile({
      record: readRecord(),
      account: copy,
      device: device.read(),
      told,
      accountId: id,
    })
    if (!reconciled) return
    // The atoms are written only when the copy differs; either way, what they hold now is seen.
    device.write(reconciled.changed ? reconciled.next : {})
    writeRecord(reconciled.record)
    if (reconciled.unsent) sendSoon()
    if (reconciled.dropped) notify.error(syncMessages.linesGone)
  }

  /** The lines of products no longer sold leave this device, and the rest is sent. */
  function drop(gone: ReadonlySet<string>) {
    const left = without(device.read(), gone)
    device.write({ cart: left.cart, saved: left.saved })
    notify.error(syncMessages.linesGone)
    sendSoon()
  }

  /** One exchange with the server (sync-exchange.ts), laid over the device's copy. */
  async function exchangeOnce(ask: boolean): Promise<void> {
    const id = accountId()
    if (stopped || id === undefined) return
    const exchanged = await exchange(request, id, device.read(), ask)
    // Signed out (or in as another) meanwhile: the answer is no longer this device's.
    if (!exchanged || accountId() !== id) return
    if ('gone' in exchanged) drop(exchanged.gone)
    else apply(exchanged.copy, id, exchanged.told)
  }

  /** One exchange at a time in the whole browser: each tab reads what the last one left. */
  function run(ask: boolean): Promise<void> {
    const work = () => exchangeOnce(ask)
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    return locks ? locks.request('meridian-account-sync', work) : work()
  }

  /** An exchange whose failure is tried again later (sync-schedule.ts), not thrown. */
  function talk(ask: boolean): Promise<void> {
    schedule.cancelRetry()
    return run(ask).then(
      () => schedule.resetBackoff(),
      (error: unknown) => {
        // Refused as it stands (over the copy's limits): tried again with the next change only.
        if (error instanceof ApiError && error.status === 400) {
          notify.error(syncMessages.notKept)
          return
        }
        // Offline or a failed request: the change stays on this device and is sent next time.
        if (stopped) return
        if (!isExpected(error)) console.warn('account sync:', error)
        schedule.retryLater(() => void talk(ask))
      },
    )
  }

  function sendSoon() {
    schedule.sendSoon(() => void talk(false))
  }

  const stopListening = listenToPage(onRouteShown, {
    // The account's copy, unless a request was made a moment ago.
    shown: () => {
      if (!schedule.askedRecently()) void talk(true)
    },
    online: () => {
      schedule.resetBackoff()
      void talk(true)
    },
    // A request the lost connection cut off may not fail until its timeout (15 s), holding the
    // lock every tab's exchange waits for: it is given up at once, and asked again when the
    // connection returns.
    offline: () => void queryClient.cancelQueries({ queryKey: REQUEST_KEY }),
  })
  void talk(true)

  return {
    async flush() {
      schedule.cancelSend()
      try {
        await run(false)
      } catch {
        return false
      }
      const record = readRecord()
      return (
        record !== undefined && changedEntries(record.agreed, entriesOf(device.read())).length === 0
      )
    },
    stop() {
      stopped = true
      schedule.stop()
      device.stop()
      stopListening()
    },
  }
}
