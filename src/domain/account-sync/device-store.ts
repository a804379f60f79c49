import type { createStore } from 'jotai'
import { addressAtom, replaceAddressAtom } from '../address/address.atoms.ts'
import { cartAtom, replaceCartAtom } from '../cart/cart.atoms.ts'
import { replaceSavedAtom, savedAtom } from '../saved/saved.atoms.ts'
import { changedEntries, entriesOf, type Entries, type ShoppingCopy } from './device-copy.ts'
import { storedCopy } from './sync-record.ts'

type Store = ReturnType<typeof createStore>

/** The device's copy as the sync reads, writes and watches it. */
export interface DeviceStore {
  /** The copy storage holds now (sync-record.ts `storedCopy`), else this tab's store's. */
  read(): ShoppingCopy
  /**
   * Writes the parts given, which the sync arrived at: no change of this device's to report. The
   * copy then held counts as seen, so only a change made after it is reported.
   */
  write(parts: Partial<ShoppingCopy>): void
  stop(): void
}

/**
 * The device's cart, saved items and address in the store (their atoms and spec keys). A change
 * made on this device (or in another tab: its storage event) calls `onChange` with the entries it
 * touched, told from the copy as last seen.
 */
export function watchDeviceCopy(
  store: Store,
  onChange: (touched: readonly string[]) => void,
): DeviceStore {
  const read = (): ShoppingCopy =>
    storedCopy({
      cart: [...store.get(cartAtom)],
      saved: [...store.get(savedAtom)],
      address: store.get(addressAtom),
    })
  let seen: Entries = entriesOf(read())
  let writing = false

  const changed = () => {
    const now = entriesOf(read())
    const touched = changedEntries(seen, now)
    seen = now
    if (writing || touched.length === 0) return
    onChange(touched)
  }
  const unsubscribe = [
    store.sub(cartAtom, changed),
    store.sub(savedAtom, changed),
    store.sub(addressAtom, changed),
  ]

  return {
    read,
    write(parts) {
      writing = true
      try {
        if (parts.cart) store.set(replaceCartAtom, parts.cart)
        if (parts.saved) store.set(replaceSavedAtom, parts.saved)
        if (parts.address !== undefined) store.set(replaceAddressAtom, parts.address)
      } finally {
        writing = false
        seen = entriesOf(read())
      }
    },
    stop() {
      unsubscribe.forEach((stop) => stop())
    },
  }
}
