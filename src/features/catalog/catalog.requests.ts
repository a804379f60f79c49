/**
 * The catalogue API requests that a page's first screen depends on, as plain data (a path under
 * the API base and its search params). catalog.api.ts makes them; the build evaluates them too, to
 * tell the server which request each page makes first (src/first-screens.ts), so this module
 * imports nothing that needs a browser.
 */

/** Page size for listings, load-more and search (spec §9). */
export const PAGE_SIZE = 30

/** The product cards of a grid's first row, above the fold on every layout: their images load first. */
export const PRIORITY_CARDS = 4

export interface ApiRequest {
  /** Relative to the API base: `products/1`. */
  path: string
  searchParams?: Record<string, string | number>
}

export const listPath = (category?: string) =>
  category ? `products/category/${encodeURIComponent(category)}` : 'products'

/** One page of a listing, unsorted or sorted by the API (decisions §4). */
export const productPageRequest = (
  category: string | undefined,
  skip: number,
  limit = PAGE_SIZE,
  sort?: { sortBy: string; order: string },
): ApiRequest => ({ path: listPath(category), searchParams: { limit, skip, ...sort } })

/** A product id as a page address carries it: a positive whole number, at most 9 digits. */
export const PRODUCT_ID = /^[1-9]\d{0,8}$/

export const productRequest = (id: number | string): ApiRequest => ({ path: `products/${id}` })

/** The request as a URL under the API base, its search params in the order ky sends them. */
export function requestUrl({ path, searchParams }: ApiRequest): string {
  if (!searchParams) return path
  const query = new URLSearchParams(
    Object.entries(searchParams).map(([name, value]) => [name, String(value)]),
  )
  return `${path}?${query.toString()}`
}
