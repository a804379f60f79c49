import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AssetBase, Catalogue, StoredProduct } from '../catalogue/catalogue.ts'
import { publish } from '../catalogue/catalogue.ts'
import { SearchBusyError, type CatalogueSearch } from '../catalogue/search-service.ts'
import { nameFromSlug } from '../../shared/catalogue/categories.ts'
import { jsonRepresentation, type Representation } from '../http/representation.ts'
import type { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_CATALOGUE, respond } from '../http/respond.ts'
import type { Metrics } from '../observability/metrics.ts'
import { shownPrice } from '../../shared/pricing/pricing.ts'
import { listEnvelope, parseListQuery, type SortKeys } from './list-query.ts'

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
  metrics?: Pick<Metrics, 'searchDuration'>
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

  /**
   * The catalogue is read-only while the server runs, so each distinct URL is computed once and then
   * served from the cache (with its ETag and compressed variants). Errors are thrown, never cached.
   */
  const cachedJson = (c: Context, build: (base: AssetBase) => unknown) =>
    kept(
      c,
      cache.getOrCreate(keyOf(c), () => jsonRepresentation(build(assetBase(c)))),
    )

  /** An answer is the same for the same origin it names and the same address (path and query). */
  const keyOf = (c: Context) => {
    const { pathname, search } = new URL(c.req.url)
    return `${originOf(c)}${pathname}${search}`
  }

  /** A kept answer sent; answering may have added a compressed form, which the cache counts. */
  const kept = (c: Context, rep: Representation) => {
    const response = respond(c, rep, { cacheControl: CACHE_CATALOGUE })
    cache.remeasure(keyOf(c))
    return response
  }

  const envelope = (c: Context, products: readonly StoredProduct[], base: AssetBase) =>
    listEnvelope(
      'products',
      products,
      parseListQuery((name) => c.req.query(name)),
      (product) => publish(product, base),
      PRODUCT_SORT_KEYS,
    )
  const list = (c: Context, products: readonly StoredProduct[]) =>
    cachedJson(c, (base) => envelope(c, products, base))

  /**
   * A search's answer: from the cache when this URL was answered before, so a repeated query costs
   * no search; the list's parameters are checked before the search runs.
   */
  const searched = async (c: Context) => {
    const answered = cache.get(keyOf(c))
    if (answered) return kept(c, answered)
    parseListQuery((name) => c.req.query(name))
    const found = await search(c.req.query('q') ?? '')
    return cachedJson(c, (base) => envelope(c, found, base))
  }

  return new Hono()
    .get('/', (c) => list(c, catalogue.products))
    .get('/search', searched)
    .get('/categories', (c) =>
      cachedJson(c, ({ origin }) =>
        catalogue.categories.map((slug) => ({
          slug,
          name: nameFromSlug(slug),
          url: `${origin}${apiBase}/products/category/${slug}`,
          // ours: the category's picture (the public API has none; the storefront then shows a product's).
          image: `${origin}${apiBase}/images/categories/${slug}.svg`,
        })),
      ),
    )
    .get('/category-list', (c) => cachedJson(c, () => catalogue.categories))
    .get('/category/:slug', (c) => list(c, catalogue.inCategory(c.req.param('slug'))))
    .get('/:id', (c) =>
      cachedJson(c, (base) => {
        const raw = c.req.param('id')
        const product = /^\d+$/.test(raw) ? catalogue.byId(Number(raw)) : undefined
        if (!product)
          throw new HTTPException(404, { message: `Product with id '${raw}' not found` })
        return publish(product, base)
      }),
    )
}
