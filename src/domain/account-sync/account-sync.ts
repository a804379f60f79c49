import { isCancelledError, type QueryClient } from '@tanstack/react-query'
import type { createStore } from 'jotai'
import { ApiError, isOffline, isUnauthorized } from '../../lib/api-error.ts'
import { toastNotifier } from '../../lib/notify.ts'
import { addressAtom, replaceAddressAtom } from '../address/address.atoms.ts'
import { cartAtom, replaceCartAtom } from '../cart/cart.atoms.ts'
import { replaceSavedAtom, savedAtom } from '../saved/saved.atoms.ts'
import { sessionAtom } from '../session/session.atoms.ts'
import { tokenCaller } from '../session/session-tokens.ts'
import type { AccountCopy } from './account-state.api.ts'
import {
  changedEntries,
  entriesOf,
  overlay,
  without,
  type Entries,
  type ShoppingCopy,
} from './device-copy.ts'
import { exchange, type SyncRequest } from './sync-exchange.ts'
import { readRecord, storedCopy, writeRecord } from './sync-record.ts'

type Store = ReturnType<typeof createStore>

/** A change is sent this long after the last one, so a run of taps is one request. */
const SEND_AFTER_MS = 300
/** The page shown again within this long of the last request asks nothing new (focus and visibility come together). */
const PULL_GAP_MS = 300

/** The sync's requests in the query cache (each one's own key follows). */
const REQUEST_KEY = ['account-state'] as const

/** A failed exchange is tried again after 1 s, then 2, 4… up to every 30 s. */
const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 30_000

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
 */
export function startAccountSync({
  store,
  queryClient,
  onRouteShown,
}: {
  store: Store
  queryClient: QueryClient
  /** Calls back when a page (route) is shown; returns the unsubscribe. */
  onRouteShown: (callback: () => void) => () => void
}): AccountSync {
  const withToken = tokenCaller(store)
  let stopped = false
  let lastRequestAt = -Infinity
  let applying = false
  let sendTimer: ReturnType<typeof setTimeout> | undefined
  let requests = 0

  const device = (): ShoppingCopy =>
    storedCopy({
      cart: [...store.get(cartAtom)],
      saved: [...store.get(savedAtom)],
      address: store.get(addressAtom),
    })
  const accountId = () => store.get(sessionAtom)?.id

  // Requests go through the query cache, so a 401 (the session ended) signs the shopper out as any
  // other request's does (features/account/session-expiry.tsx); their failures toast nothing.
  const request: SyncRequest = (call) => {
    lastRequestAt = Date.now()
    return queryClient.fetchQuery({
      queryKey: [...REQUEST_KEY, ++requests],
      queryFn: ({ signal }) => withToken((token) => call(token, signal)),
      retry: false,
      gcTime: 0,
    })
  }

  /** The server's copy on this device: the device's changes since `told` stay on top. */
  function apply(copy: AccountCopy, id: number, told: Entries) {
    const record = readRecord()
    // Another tab already has a newer copy from the server: this older answer changes nothing.
    if (record?.accountId === id && record.version > copy.version) return
    const mine = device()
    const next = overlay(copy, mine, told)
    applying = true
    try {
      const entries = entriesOf(next)
      if (changedEntries(entriesOf(mine), entries).length > 0) {
        store.set(replaceCartAtom, next.cart)
        store.set(replaceSavedAtom, next.saved)
        store.set(replaceAddressAtom, next.address)
      }
    } finally {
      applying = false
      seen = entriesOf(device())
    }
    const agreed = entriesOf(copy)
    const unsent = changedEntries(agreed, entriesOf(next))
    const times = Object.fromEntries(
      unsent.flatMap((name) => {
        const at = record?.times[name]
        return at === undefined ? [] : [[name, at]]
      }),
    )
    writeRecord({ accountId: id, version: copy.version, agreed, times })
    if (unsent.length > 0) scheduleSend()
    if (copy.dropped?.length) toastNotifier.error(syncMessages.linesGone)
  }

  /** The lines of products no longer sold leave this device, and the rest is sent. */
  function drop(gone: ReadonlySet<string>) {
    const left = without(device(), gone)
    applying = true
    store.set(replaceCartAtom, left.cart)
    store.set(replaceSavedAtom, left.saved)
    applying = false
    seen = entriesOf(device())
    toastNotifier.error(syncMessages.linesGone)
    scheduleSend()
  }

  /** One exchange with the server (sync-exchange.ts), laid over the device's copy. */
  async function exchangeOnce(ask: boolean): Promise<void> {
    const id = accountId()
    if (stopped || id === undefined) return
    const exchanged = await exchange(request, id, device(), ask)
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

  // A failed exchange is tried again, less and less often, until one succeeds: the connection
  // may come back without the browser saying so, or the server may have been restarting.
  let retryMs = FIRST_RETRY_MS
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  const quietly = (ask: boolean) => {
    clearTimeout(retryTimer)
    return run(ask).then(
      () => {
        retryMs = FIRST_RETRY_MS
      },
      (error: unknown) => {
        // Refused as it stands (over the copy's limits): tried again with the next change only.
        if (error instanceof ApiError && error.status === 400) {
          toastNotifier.error(syncMessages.notKept)
          return
        }
        // Offline or a failed request: the change stays on this device and is sent next time.
        if (stopped) return
        if (!isExpected(error)) console.warn('account sync:', error)
        retryTimer = setTimeout(() => void quietly(ask), retryMs)
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
      },
    )
  }

  function scheduleSend() {
    clearTimeout(sendTimer)
    sendTimer = setTimeout(() => void quietly(false), SEND_AFTER_MS)
  }

  /** The page is shown again: the account's copy, unless a request was made a moment ago. */
  const shown = () => {
    if (document.visibilityState !== 'visible') return
    if (Date.now() - lastRequestAt < PULL_GAP_MS) return
    void quietly(true)
  }
  const online = () => {
    retryMs = FIRST_RETRY_MS
    void quietly(true)
  }
  // A request the lost connection cut off may not fail until its timeout (15 s), holding the lock
  // every tab's exchange waits for: it is given up at once, and asked again when the connection
  // returns.
  const offline = () => void queryClient.cancelQueries({ queryKey: REQUEST_KEY })

  // A change made on this device (or in another tab: its storage event): when it was made. The
  // device's copy as last seen tells which entries the change touched.
  let seen = entriesOf(device())
  const changed = () => {
    const now = entriesOf(device())
    const touched = changedEntries(seen, now)
    seen = now
    if (applying || stopped || touched.length === 0) return
    const record = readRecord()
    if (!record || record.accountId !== accountId()) return
    const at = Date.now()
    writeRecord({
      ...record,
      times: { ...record.times, ...Object.fromEntries(touched.map((name) => [name, at])) },
    })
    scheduleSend()
  }

  const unsubscribe = [
    store.sub(cartAtom, changed),
    store.sub(savedAtom, changed),
    store.sub(addressAtom, changed),
    onRouteShown(shown),
    listen(document, { visibilitychange: shown }),
    listen(window, { focus: shown, pageshow: shown, online, offline }),
  ]
  void quietly(true)

  return {
    async flush() {
      clearTimeout(sendTimer)
      try {
        await run(false)
      } catch {
        return false
      }
      const record = readRecord()
      return record !== undefined && changedEntries(record.agreed, entriesOf(device())).length === 0
    },
    stop() {
      stopped = true
      clearTimeout(sendTimer)
      clearTimeout(retryTimer)
      unsubscribe.forEach((stop) => stop())
    },
  }
}

/** Listens to the target's events; returns what stops it. */
function listen(target: EventTarget, listeners: Record<string, () => void>): () => void {
  const each = Object.entries(listeners)
  for (const [type, listener] of each) target.addEventListener(type, listener)
  return () => {
    for (const [type, listener] of each) target.removeEventListener(type, listener)
  }
}
