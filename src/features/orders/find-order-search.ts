import * as v from 'valibot'

// Apart from the form's code: the route's search is read by every page's router, in the entry.

/** The number as it came, at most this long (the server reads no more). */
const MAX_NUMBER_LENGTH = 40

const searchSchema = v.object({
  number: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((number) => number.slice(0, MAX_NUMBER_LENGTH)),
      ),
    ),
    undefined,
  ),
})

/**
 * validateSearch for /orders/find: `?number=`, which the confirmation mail and page link with, fills
 * the form's Order Number; anything else is dropped.
 */
export function parseFindOrderSearch(search: Record<string, unknown>): { number?: string } {
  const { number } = v.parse(searchSchema, search)
  return { number: number || undefined }
}
