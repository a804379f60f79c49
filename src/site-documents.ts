import * as v from 'valibot'
import { SERVICE_TYPES } from './features/customer-service/service-content.ts'
import { requestJson } from './lib/api-client.ts'
import { env } from './lib/env.ts'
import { BACK_OFFICE, PRIVATE_PAGES } from './lib/head/rules.ts'

/**
 * The site's documents for crawlers, which the server sends beside the pages (entry-server.tsx):
 * /sitemap.xml names the pages the app has, /robots.txt the ones search engines should skip.
 */

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')

const sitemapProducts = v.object({
  products: v.array(
    v.object({ id: v.number(), category: v.string(), meta: v.object({ updatedAt: v.string() }) }),
  ),
})
const categorySlugs = v.array(v.object({ slug: v.string() }))

type SitemapProduct = v.InferOutput<typeof sitemapProducts>['products'][number]

/** The newest `meta.updatedAt` among products, or none. */
const newest = (products: readonly SitemapProduct[]) =>
  products.reduce<string | undefined>(
    (latest, { meta }) =>
      latest === undefined || meta.updatedAt > latest ? meta.updatedAt : latest,
    undefined,
  )

/** The catalogue as the sitemap names it: none when the app reads another API (its own to list). */
async function catalogue() {
  if (!env.bundledApi) return { products: [], slugs: [] }
  const [list, categories] = await Promise.all([
    requestJson(sitemapProducts, 'products', {
      searchParams: { limit: 0, select: 'id,category,meta' },
    }),
    requestJson(categorySlugs, 'products/categories'),
  ]).catch(() => [{ products: [] }, []] as const)
  return { products: list.products, slugs: categories.map(({ slug }) => slug) }
}

/**
 * /sitemap.xml: home, the listings, every category and every product (each with the date its
 * catalogue entry last changed), and the customer-service pages.
 */
export async function sitemapXml(origin: string): Promise<string> {
  const { products, slugs } = await catalogue()
  const catalogueDate = newest(products)
  const entries: [path: string, lastmod?: string][] = [
    ['/', catalogueDate],
    ['/products', catalogueDate],
    ...slugs.map((slug): [string, string | undefined] => [
      `/products/${encodeURIComponent(slug)}`,
      newest(products.filter((product) => product.category === slug)),
    ]),
    ...products.map(({ id, meta }): [string, string] => [`/product/${id}`, meta.updatedAt]),
    ...SERVICE_TYPES.map((type): [string] => [`/customer-service/${type}`]),
  ]
  const urls = entries.map(
    ([path, lastmod]) =>
      `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/**
 * /robots.txt: everything but the shopper's own pages, the operator's back office and the API,
 * and where the sitemap is.
 */
export function robotsTxt(origin: string): string {
  const disallow = [...Object.keys(PRIVATE_PAGES), BACK_OFFICE, '/api/'].map(
    (path) => `Disallow: ${path}`,
  )
  return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  )
}
