/**
 * The local storage keys of what a shopper keeps on the device and the account's copy follows
 * (rules.md § Data and reference lists). They are the spec's: a device that kept its cart before
 * this build must find it under the same key, so they never change. The atoms store under them,
 * and the account sync reads them back past this tab's store (account-sync/sync-record.ts).
 */
export const STORAGE_KEYS = {
  cart: 'cart',
  saved: 'savedItems',
  address: 'address',
} as const
