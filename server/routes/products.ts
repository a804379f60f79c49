import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AssetBase, Catalogue, StoredProduct } from '../catalogue/catalogue.ts'
import { publish } from '../catalogue/catalogue.ts'
import { nameFromSlug } from '../../shared/catalogue/categories.ts'
import { jsonRepresentation } from '../http/representation.ts'
import type { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_CATALOGUE, respond } from '../http/respond.ts'
import type { Metrics } from '../observability/metrics.ts'
import { listEnvelope, parseListQuery } from './list-query.ts'

interface ProductRoutesDeps {
  catalogue: Catalogue
  cache: RepresentationCache
  /** The API's mount path, for the absolute image URLs in product records. */
  apiBase: string
  /** Adds the content version to an image path, so its URL can be cached as immutable. */
  versionedImage: (path: string) => string
  metrics?: Pick<Metrics, 'searchDuration'>
}

export function productRoutes({
  catalogue,
  cache,
  apiBase,
  versionedImage,
  metrics,
}: ProductRoutesDeps) {
  const search = (query: string) => {
    const stop = metrics?.searchDuration.startTimer()
    const found = catalogue.search(query)
    stop?.()
    return found
  }
  const assetBase = (c: Context): AssetBase => ({
    origin: new URL(c.req.url).origin,
    apiBase,
    versionedImage,
  })

  /**
   * The catalogue is read-only while the server runs, so each distinct URL is computed once and then
   * served from the cache (with its ETag and compressed variants). Errors are thrown, never cached.
   */
  const cachedJson = (c: Context, build: (base: AssetBase) => unknown) =>
    respond(
      c,
      cache.getOrCreate(c.req.url, () => jsonRepresentation(build(assetBase(c)))),
      { cacheControl: CACHE_CATALOGUE },
    )

  const list = (c: Context, products: readonly StoredProduct[]) =>
    cachedJson(c, (base) =>
      listEnvelope(
        'products',
        products,
        parseListQuery((name) => c.req.query(name)),
        (product) => publish(product, base),
      ),
    )

  return new Hono()
    .get('/', (c) => list(c, catalogue.products))
    .get('/search', (c) => list(c, search(c.req.query('q') ?? '')))
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
