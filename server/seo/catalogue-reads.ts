import * as v from 'valibot'
import { productSchema as apiProductSchema } from '../catalogue/product.schema.ts'
import type { ApiFetch } from '../static/route-hints.ts'

/**
 * What the heads and the sitemap read from the catalogue, asked of the site's own API in-process
 * (the answers the pages themselves will ask for, already cached by the API) and checked at the
 * edge like any other answer.
 */

// A product as the API answers it (the contract's schema), as far as heads read it.
const productSchema = v.object(
  v.pick(apiProductSchema, [
    'id',
    'title',
    'description',
    'category',
    'price',
    'discountPercentage',
    'rating',
    'stock',
    'availabilityStatus',
    'brand',
    'sku',
    'images',
    'reviews',
    'meta',
  ]).entries,
)

export type CatalogueProduct = v.InferOutput<typeof productSchema>

const listSchema = v.object({
  products: v.array(v.object({ id: v.number(), title: v.string() })),
  total: v.number(),
})

const categoriesSchema = v.array(v.object({ slug: v.string(), name: v.string() }))

const sitemapSchema = v.object({
  products: v.array(
    v.object({ id: v.number(), category: v.string(), meta: v.object({ updatedAt: v.string() }) }),
  ),
})

export type SitemapProduct = v.InferOutput<typeof sitemapSchema>['products'][number]

/** Not there (the API answered 404); `unknown` when it could not be read (another error). */
export const MISSING = Symbol('missing')
export const UNKNOWN = Symbol('unknown')

/** `path`: the site's own, such as `/api/products/1`. */
async function read<T>(
  api: ApiFetch,
  path: string,
  schema: v.GenericSchema<unknown, T>,
): Promise<T | typeof MISSING | typeof UNKNOWN> {
  try {
    const response = await api(path)
    if (response.status === 404) return MISSING
    if (!response.ok) return UNKNOWN
    const result = v.safeParse(schema, await response.json())
    return result.success ? result.output : UNKNOWN
  } catch {
    return UNKNOWN
  }
}

export const readProduct = (api: ApiFetch, path: string) => read(api, path, productSchema)
export const readList = (api: ApiFetch, path: string) => read(api, path, listSchema)
export const readCategories = (api: ApiFetch) =>
  read(api, '/api/products/categories', categoriesSchema)
export const readSitemapProducts = (api: ApiFetch) =>
  read(api, '/api/products?limit=0&select=id,category,meta', sitemapSchema)
