import { SERVICE_TYPES } from '../../src/features/customer-service/service-content.ts'
import { PRIVATE_PAGES } from '../../src/lib/page-heads.ts'
import type { ApiFetch } from '../static/route-hints.ts'
import { readCategories, readSitemapProducts, type SitemapProduct } from './catalogue-reads.ts'

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')

/** The newest `meta.updatedAt` among products, or none. */
const newest = (products: readonly SitemapProduct[]) =>
  products.reduce<string | undefined>(
    (latest, { meta }) =>
      latest === undefined || meta.updatedAt > latest ? meta.updatedAt : latest,
    undefined,
  )

/**
 * /sitemap.xml: home, the listings, every category and every product (each with the date its
 * catalogue entry last changed), and the customer-service pages. Without the site's own API (the
 * app reads another one), only the pages that do not depend on the catalogue.
 */
export async function sitemapXml(origin: string, api?: ApiFetch): Promise<string> {
  const answer = api ? await readSitemapProducts(api) : undefined
  const products = typeof answer === 'object' ? answer.products : []
  const categories = api ? await readCategories(api) : undefined
  const slugs = typeof categories === 'object' ? categories.map(({ slug }) => slug) : []
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

/** /robots.txt: everything but the shopper's own pages and the API, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  const disallow = [...Object.keys(PRIVATE_PAGES), '/api/'].map((path) => `Disallow: ${path}`)
  return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  )
}
