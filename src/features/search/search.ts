import * as v from 'valibot'
import { QUERY_LIMITS } from '../../../shared/search/limits.ts'

/** rules.md § Validation rules / § Constants and formulas: input is debounced by 300 ms and a query needs at least 3 characters. */
export const SEARCH_DEBOUNCE_MS = 300
export const SEARCH_MIN_LENGTH = 3
/** The search's own limit (decisions.md § Search limits): the box holds what a search reads. */
export const MAX_QUERY_LENGTH = QUERY_LIMITS.characters

const searchSchema = v.object({
  q: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.transform((q) => q.slice(0, MAX_QUERY_LENGTH)),
      ),
    ),
    undefined,
  ),
})

export type SearchParams = { q?: string }

/**
 * validateSearch for /search: `q` is text (a number is read as text); anything else becomes
 * undefined, explicitly, so the router's merge over the raw search cannot let it through.
 */
export function parseSearchParams(search: Record<string, unknown>): SearchParams {
  const { q } = v.parse(searchSchema, search)
  return { q: q || undefined }
}

/** The text a query is made from; case and outer spaces do not make a new request. */
export const searchTerm = (text: string) => text.trim().toLowerCase()
