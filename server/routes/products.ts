import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AssetBase, Catalogue, StoredProduct } from '../catalogue/catalogue.ts'
import { publish, searchKey } from '../catalogue/catalogue.ts'
import { SearchBusyError, type CatalogueSearch } from '../catalogue/search-service.ts'
import { nameFromSlug } from '../../shared/catalogue/categories.ts'
import { jsonRepresentation } from '../http/representation.ts'
import type { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_CATALOGUE, respond } from '../http/respond.ts'
import type { Metrics } from '../observability/metrics.ts'
import { shownPrice } from '../../shared/pricing/pricing.ts'
import {
  listEnvelope,
  listQueryKey,
  parseListQuery,
  type ListQuery,
  type SortKeys,
} from './list-query.ts'

/**
 * Ours (docs/api.md § Sorting): `sortBy=discountedPrice` orders by the price a shopper sees, after
 * the discount, to the cent (for a product with options, its lowest: the "From" price), as
 * rules.md § Data and reference lists sorts; `sortBy=price` keeps DummyJSON's list price.
 */
const PRODUCT_SORT_KEYS: SortKeys<StoredProduct> = {
  discountedPrice: shownPrice,
}

interface ProductRoutesDeps {
  catalogue: Catalogue
  /** The catalogue's search, on this thread or in workers (catalogue/search-service.ts). */
  searcher: CatalogueSearch
  cache: RepresentationCache
  /** The origin the answers' absolute URLs name: SITE_URL, or the request's own. */
  originOf: (c: Context) => string
  /** The API's mount path, for the absolute image URLs in product records. */
  apiBase: string
  /** Adds the content version to an image path, so its URL can be cached as immutable. */
  versionedImage: (path: string) => string
  metrics?: Pick<Metrics, 'searchDuration' | 'cacheLookups'>
}

/** The products an answer shows: a list's, or the one product. */
function productIdsIn(body: unknown): number[] {
  if (typeof body !== 'object' || body === null) return []
  if ('products' in body && Array.isArray(body.products))
    return body.products.map((product: { id: number }) => product.id)
  return 'id' in body && typeof body.id === 'number' ? [body.id] : []
}

export function productRoutes({
  catalogue,
  searcher,
  cache,
  originOf,
  apiBase,
  versionedImage,
  metrics,
}: ProductRoutesDeps) {
  const search = async (query: string) => {
    const stop = metrics?.searchDuration.startTimer()
    try {
      return await searcher.search(query)
    } catch (error) {
      if (error instanceof SearchBusyError)
        throw new HTTPException(503, {
          message: error.message,
          res: new Response(null, { headers: { 'Retry-After': '1' } }),
        })
      throw error
    } finally {
      stop?.()
    }
  }
  const assetBase = (c: Context): AssetBase => ({
    origin: originOf(c),
    apiBase,
    versionedImage,
  })

  /** Every field a product has: what a list may be sorted by or select (list-query.ts). */
  // The fields a sort or a select can name: the products' own, and our sort keys.
  const fields = new Set([
    ...catalogue.products.flatMap((product) => Object.keys(product)),
    ...Object.keys(PRODUCT_SORT_KEYS),
  ])
  const listQuery = (c: Context) => parseListQuery((name) => c.req.query(name), fields)

  /**
   * Each distinct answer is computed once and then served from the cache (with its ETag and
   * compressed variants) until a product it shows changes (its stock: the cache forgets it),
   * under `key`: the origin it names and what the endpoint reads, never the raw address
   * (decisions.md § Operations, caches), so a parameter it does not read computes nothing again
   * and pushes no answer out. Errors are thrown, never cached.
   */
  const cachedJson = (c: Context, key: string, build: (base: AssetBase) => unknown) => {
    const keyed = `${originOf(c)}${apiBase}/products${key}`
    let rep = cache.get(keyed)
    metrics?.cacheLookups.inc({ cache: 'api', result: rep ? 'hit' : 'miss' })
    if (!rep) {
      const body = build(assetBase(c))
      rep = jsonRepresentation(body)
      cache.set(keyed, rep)
      cache.showsProducts(keyed, productIdsIn(body))
    }
    const response = respond(c, rep, { cacheControl: CACHE_CATALOGUE })
    // Answering may have added a compressed form, which the cache counts.
    cache.remeasure(keyed)
    return response
  }

  /** An answer made for this request alone: kept by no one's memory here (a CDN still may). */
  const uncachedJson = (c: Context, build: (base: AssetBase) => unknown) =>
    respond(c, jsonRepresentation(build(assetBase(c))), { cacheControl: CACHE_CATALOGUE })

  const envelope = (query: ListQuery, products: readonly StoredProduct[], base: AssetBase) =>
    listEnvelope(
      'products',
      products,
      query,
      (product) => publish(product, base),
      PRODUCT_SORT_KEYS,
    )

  /**
   * A list: kept under its path and canonical query. A page past the end, or a category that
   * does not exist, is an empty list, cheap to make and as many as there are addresses: not kept.
   */
  const list = (c: Context, path: string, products: readonly StoredProduct[]) => {
    const query = listQuery(c)
    if (products.length === 0 || query.skip >= products.length)
      return uncachedJson(c, (base) => envelope(query, products, base))
    return cachedJson(c, `${path}?${listQueryKey(query)}`, (base) =>
      envelope(query, products, base),
    )
  }

  /**
   * A search's answer: from the cache when the same search was answered before (its query as the
   * search reads it), so a repeated query costs no search; the list's parameters are checked
   * before the search runs.
   */
  const searched = async (c: Context) => {
    const query = listQuery(c)
    // The search runs on the query as its key says, so the kept answer is the search's by design.
    const text = searchKey(c.req.query('q') ?? '')
    const key = `/search?q=${encodeURIComponent(text)}&${listQueryKey(query)}`
    if (cache.has(`${originOf(c)}${apiBase}/products${key}`))
      return cachedJson(c, key, () => undefined)
    // The search's products, with their stock as it stands now.
    const found = (await search(text)).map((product) => catalogue.byId(product.id) ?? product)
    if (query.skip >= found.length) return uncachedJson(c, (base) => envelope(query, found, base))
    return cachedJson(c, key, (base) => envelope(query, found, base))
  }

  return new Hono()
    .get('/', (c) => list(c, '', catalogue.products))
    .get('/search', searched)
    .get('/categories', (c) =>
      cachedJson(c, '/categories', ({ origin }) =>
        catalogue.categories.map((slug) => ({
          slug,
          name: nameFromSlug(slug),
          url: `${origin}${apiBase}/products/category/${slug}`,
          // ours: the category's picture (the public API has none; the storefront then shows a product's).
          image: `${origin}${apiBase}/images/categories/${slug}.svg`,
        })),
      ),
    )
    .get('/category-list', (c) => cachedJson(c, '/category-list', () => catalogue.categories))
    .get('/category/:slug', (c) => {
      const slug = c.req.param('slug').toLowerCase()
      return list(c, `/category/${slug}`, catalogue.inCategory(slug))
    })
    .get('/:id', (c) => {
      const raw = c.req.param('id')
      const product = /^\d{1,15}$/.test(raw) ? catalogue.byId(Number(raw)) : undefined
      if (!product) throw new HTTPException(404, { message: `Product with id '${raw}' not found` })
      return cachedJson(c, `/${product.id}`, (base) => publish(product, base))
    })
}
