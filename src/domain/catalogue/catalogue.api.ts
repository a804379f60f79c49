import * as v from 'valibot'
import { requestJson } from '../../lib/api-client.ts'
import {
  categoryListSchema,
  PRODUCT_FIELDS,
  productListSchema,
  productSchema,
  thumbnailListSchema,
  type Category,
  type Product,
  type ProductList,
} from './catalogue.schemas.ts'
import { sortOption, type SortValue } from './sorting.ts'

/** Page size for listings, load-more and search (rules.md § Constants and formulas). */
export const PAGE_SIZE = 30

/** A product id as a page address carries it: a positive whole number, at most 9 digits. */
const PRODUCT_ID = /^[1-9]\d{0,8}$/

const listPath = (category?: string) =>
  category ? `products/category/${encodeURIComponent(category)}` : 'products'

export interface ListScope {
  /** A category slug; none for the whole catalogue. */
  category?: string
  sort?: SortValue
}

/** One page of a listing, sorted by the API (decisions.md § Data fetching and caching). */
export function fetchProductPage(
  scope: ListScope,
  skip: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ProductList> {
  const option = sortOption(scope.sort)
  const sort = option && { sortBy: option.sortBy, order: option.order }
  return requestJson(productListSchema, listPath(scope.category), {
    searchParams: { limit, skip, ...sort },
    signal,
  })
}

/** The whole category (or catalogue) at once, with only the fields the storefront uses: for filtering. */
export async function fetchProductScope(
  category: string | undefined,
  signal?: AbortSignal,
): Promise<Product[]> {
  const list = await requestJson(productListSchema, listPath(category), {
    searchParams: { limit: 0, select: PRODUCT_FIELDS.join(',') },
    signal,
  })
  return list.products
}

/** The categories of the API in use, in its order (decisions.md § Catalogue API). */
export function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return requestJson(categoryListSchema, 'products/categories', { signal })
}

/**
 * A picture for each category, for an API whose categories have none: the thumbnail of its first
 * product, all categories in one request.
 */
export async function fetchCategoryThumbnails(
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const list = await requestJson(thumbnailListSchema, 'products', {
    searchParams: { limit: 0, select: 'category,thumbnail' },
    signal,
  })
  // A plain object, not a Map: the answer is persisted as JSON with the catalogue cache.
  const thumbnails: Record<string, string> = {}
  for (const { category, thumbnail } of list.products) thumbnails[category] ??= thumbnail
  return thumbnails
}

export function fetchProduct(
  id: number,
  signal?: AbortSignal,
  { fresh = false } = {},
): Promise<Product> {
  // Fresh: asked of the server past every cache (the browser's, the service worker's), for the
  // stock an order is about to take (decisions.md § Orders).
  return requestJson(productSchema, `products/${id}`, {
    signal,
    ...(fresh && { cache: 'no-cache' as const }),
  })
}

export function searchProducts(
  query: string,
  skip: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ProductList> {
  return requestJson(productListSchema, 'products/search', {
    searchParams: { q: query, limit, skip },
    signal,
  })
}

/**
 * 'You Might Also Like' (decisions.md § Data fetching and caching): `products?limit=3&skip=N` with N in 0–99 derived from the
 * product id, so the answer is cacheable, and chosen so the window never holds the product itself.
 */
export function relatedOffset(id: number): number {
  const own = id - 1
  let offset = (Math.imul(id, 2654435761) >>> 0) % 98
  if (own >= offset && own <= offset + 2) offset = (own + 3) % 98
  return offset
}

export async function fetchRelated(id: number, signal?: AbortSignal): Promise<Product[]> {
  const list = await requestJson(productListSchema, 'products', {
    searchParams: { limit: 3, skip: relatedOffset(id) },
    signal,
  })
  return list.products.filter((product) => product.id !== id)
}

export const productIdSchema = v.pipe(v.string(), v.regex(PRODUCT_ID), v.transform(Number))
