import { PRODUCT_ID } from '../../src/features/catalog/catalog.requests.ts'
import {
  isServiceType,
  loadServiceContent,
} from '../../src/features/customer-service/service-content.ts'
import {
  canonicalUrl,
  documentTitle,
  listingDescription,
  PAGE_NAMES,
  PRIVATE_PAGES,
  siteDescription,
  summary,
} from '../../src/lib/page-heads.ts'
import { discountedPrice } from '../../src/lib/pricing.ts'
import { firstRequestOf, paramOf, type ApiFetch, type MatchedRoute } from '../static/route-hints.ts'
import {
  MISSING,
  readCategories,
  readList,
  readProduct,
  UNKNOWN,
  type CatalogueProduct,
} from './catalogue-reads.ts'
import type { JsonLd, PageHead } from './head.ts'
import { breadcrumbLd, itemListLd, productLd, siteLd } from './structured-data.ts'

/** What the server knows of the site when it writes a page's head. */
export interface SiteInfo {
  brand: string
  /** The site's public origin (SITE_URL, else the request's). */
  origin: string
  /** The site's own API, in-process; none when the app reads another API (VITE_API_URL). */
  api?: ApiFetch
}

export type PageAnswer = { status: 200 | 404; head: PageHead } | { status: 301; location: string }

/**
 * The page a request path is: a route of the app, `none` (no route matches) or `any` (the app's
 * shell itself, /index.html, or a build without a route manifest: any page it may turn out to be).
 */
export type PageMatch = MatchedRoute | 'none' | 'any'

/**
 * The status and head of a page, by the same rules as the app (lib/page-heads.ts): an unknown
 * address, product or category is a 404 with the not-found page's head, as the app will show.
 * Catalogue pages read the answer of the request the page itself makes first (route manifest).
 */
export async function pageAnswer(
  match: PageMatch,
  pathname: string,
  site: SiteInfo,
): Promise<PageAnswer> {
  const { brand, origin } = site
  const url = canonicalUrl(origin, pathname)
  const page = (name: string | undefined, head: Partial<PageHead> = {}): PageAnswer => ({
    status: 200,
    head: {
      title: documentTitle(brand, name),
      description: siteDescription(brand),
      canonical: url,
      openGraph: { type: 'website' },
      jsonLd: [],
      ...head,
    },
  })
  const notFound: PageAnswer = {
    status: 404,
    head: {
      title: documentTitle(brand, PAGE_NAMES.notFound),
      description: siteDescription(brand),
      noindex: true,
      openGraph: { type: 'website' },
      jsonLd: [],
    },
  }
  if (match === 'none') return notFound
  if (match === 'any') return page(undefined, { canonical: undefined })
  const home = [brand, `${origin}/`] as const
  const allProducts = [PAGE_NAMES.allProducts, `${origin}/products`] as const

  switch (match.path) {
    case '/':
      return page(undefined, { jsonLd: siteLd(brand, origin) })

    // The app redirects it too (routes/category.tsx); from the server it is a permanent move.
    case '/category':
      return { status: 301, location: '/products' }

    case '/search':
      return page(PAGE_NAMES.search, { noindex: true })

    case '/products': {
      const list = site.api && (await listLd(site.api, match, PAGE_NAMES.allProducts, origin))
      return page(PAGE_NAMES.allProducts, {
        description: summary(listingDescription(brand, PAGE_NAMES.allProducts)),
        jsonLd: [...(list ?? []), breadcrumbLd([home, allProducts])],
      })
    }

    case '/products/$category': {
      if (!site.api) return page(undefined)
      const slug = decodeParam(paramOf(match, 'category'))?.toLowerCase()
      const categories = await readCategories(site.api)
      if (categories === MISSING || categories === UNKNOWN) return page(undefined)
      const category = categories.find((each) => each.slug === slug)
      if (!category) return notFound
      const list = await listLd(site.api, match, category.name, origin)
      return page(category.name, {
        description: summary(listingDescription(brand, category.name)),
        jsonLd: [...list, breadcrumbLd([home, allProducts, [category.name, url]])],
      })
    }

    case '/product/$id': {
      if (!PRODUCT_ID.test(paramOf(match, 'id') ?? '')) return notFound
      const request = firstRequestOf(match)
      const product = site.api && request ? await readProduct(site.api, request) : UNKNOWN
      if (product === MISSING) return notFound
      if (product === UNKNOWN) return page(undefined)
      return page(product.title, productHead(product, url, await categoryTrail(site, product)))
    }

    case '/customer-service/$serviceType': {
      const type = paramOf(match, 'serviceType') ?? ''
      if (!isServiceType(type)) return notFound
      const content = await loadServiceContent(type, brand)
      return page(content.title, { description: summary(content.intro) })
    }

    default: {
      const name = PRIVATE_PAGES[match.path]
      return name ? page(name, { noindex: true }) : page(undefined)
    }
  }
}

function productHead(
  product: CatalogueProduct,
  url: string,
  trail: Parameters<typeof breadcrumbLd>[0],
): Partial<PageHead> {
  const price = discountedPrice(product.price, product.discountPercentage).toFixed(2)
  return {
    description: summary(product.description),
    openGraph: {
      type: 'product',
      image: product.images[0],
      extra: [
        ['product:price:amount', price],
        ['product:price:currency', 'USD'],
      ],
    },
    jsonLd: [productLd(product, url), breadcrumbLd([...trail, [product.title, url]])],
  }
}

/** Home, All Products and the product's category, by the API's name for it. */
async function categoryTrail(site: SiteInfo, product: CatalogueProduct) {
  const categories = site.api ? await readCategories(site.api) : UNKNOWN
  const name =
    (typeof categories === 'object' &&
      categories.find((category) => category.slug === product.category)?.name) ||
    product.category
  return [
    [site.brand, `${site.origin}/`],
    [PAGE_NAMES.allProducts, `${site.origin}/products`],
    [name, `${site.origin}/products/${encodeURIComponent(product.category)}`],
  ] as const
}

/** The listing's first page as an ItemList, read from the request the page makes first. */
async function listLd(
  api: ApiFetch,
  match: MatchedRoute,
  name: string,
  origin: string,
): Promise<JsonLd[]> {
  const request = firstRequestOf(match)
  const list = request ? await readList(api, request) : UNKNOWN
  if (typeof list !== 'object') return []
  return [itemListLd(name, list.products, (id) => `${origin}/product/${id}`)]
}

function decodeParam(value: string | undefined): string | undefined {
  try {
    return value === undefined ? undefined : decodeURIComponent(value)
  } catch {
    return undefined
  }
}
