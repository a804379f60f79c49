/** The product page's address: `?variant={sku}` keeps the variant chosen (rules.md § Options and variants). */
export interface ProductSearch {
  variant?: string
}

/**
 * validateSearch for /product/{id}: a text, or nothing. It is only ever compared with the
 * product's own SKUs (a SKU it does not have opens the default variant) and never shown, so it
 * needs no more checking, and the entry, which holds every route's validateSearch, no more code.
 */
export function parseProductSearch({ variant }: Record<string, unknown>): ProductSearch {
  return { variant: typeof variant === 'string' ? variant : undefined }
}
