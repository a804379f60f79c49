// Apart from the form's code: the route's search is read by every page's router, in the entry, so
// it is a few lines of its own rather than a schema.

/** The number as it came, at most this long (the server reads no more). */
const MAX_NUMBER_LENGTH = 40

/**
 * validateSearch for /orders/find: `?number=`, which the confirmation mail and page link with, fills
 * the form's Order Number; anything else is dropped.
 */
export function parseFindOrderSearch(search: Record<string, unknown>): { number?: string } {
  const raw = search.number
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : ''
  return { number: text.trim().slice(0, MAX_NUMBER_LENGTH) || undefined }
}
