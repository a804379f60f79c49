import { queryOptions } from '@tanstack/react-query'
import { catalogueKeys } from '../../domain/catalogue/catalogue.queries.ts'
import { searchProducts } from '../../domain/catalogue/catalogue.api.ts'

/** How many products the header's search suggests as the shopper types (rules.md § Search). */
export const SUGGESTION_COUNT = 5

/**
 * The first few results of a search, for the header's suggestions. Kept with the catalogue, so
 * they also count among the products saved on this device.
 */
export function suggestionsQuery(query: string) {
  return queryOptions({
    // Under the search's own key: what invalidates a search invalidates its suggestions.
    queryKey: [...catalogueKeys.search(query), 'suggestions'],
    queryFn: ({ signal }) => searchProducts(query, 0, SUGGESTION_COUNT, signal),
  })
}
