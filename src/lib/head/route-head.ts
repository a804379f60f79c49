import type { AnyRouteMatch } from '@tanstack/react-router'
import { pwaAssetsHead } from 'virtual:pwa-assets/head'
import { env } from '../env.ts'
import type { RouterContext } from '../router-context.ts'
import { VITALS_SAMPLE_RATE_META } from '../telemetry/start-telemetry.ts'
import { canonicalUrl, documentTitle, PAGE_NAMES, siteDescription, summary } from './rules.ts'

/**
 * What a page's HTML head says: its title, its description, its canonical address, its link
 * previews, its structured data and whether search engines may index it. Each route's `head()`
 * builds its own with `pageHead`; the server renders them into the page's first HTML and the app
 * keeps them after each navigation (HeadContent, in app/layout/components/document.tsx).
 */

type Meta = NonNullable<AnyRouteMatch['meta']>[number]
type Link = NonNullable<AnyRouteMatch['links']>[number]
export interface RouteHead {
  meta: Meta[]
  links?: Link[]
}

/** What a page says of itself in its head. */
export interface PageInfo {
  /** The page's name; none for home. */
  name?: string
  /** Defaults to the site's description; shortened to what a search result shows. */
  description?: string
  /** The picture link previews show; the site's own (previewImage) by default. */
  image?: PreviewImage
  /** A page about one shopper's session, or a search: search engines skip it. */
  noindex?: boolean
  type?: 'website' | 'product'
  /** More link-preview properties: `product:price:amount` and the like. */
  properties?: readonly (readonly [property: string, content: string])[]
  /**
   * schema.org objects (structured-data.ts), for crawlers: they read the server's HTML, so the
   * browser's build leaves them out (`import.meta.env.SSR`), and the page's own stay in the document
   * the server sent until the shopper moves on (Document removes them then).
   */
  jsonLd?: readonly object[]
}

/** A picture for link previews: an absolute URL, its size when known, and what it shows. */
export interface PreviewImage {
  url: string
  width?: number
  height?: number
  alt: string
}

/**
 * The bundled server's link previews (server/images/link-preview.ts): PNG, 1200 × 630, which every
 * previewer shows (none shows our SVG pictures). The site's for any page; a category's and a
 * product's while the catalogue is the bundled one. Another API's own photos are raster already.
 */
export function previewImage(
  origin: string,
  of: { product: { id: number; title: string } } | { category: string; name: string } | 'site',
): PreviewImage {
  const path =
    of === 'site'
      ? 'site.png'
      : 'product' in of
        ? `products/${of.product.id}.png`
        : `categories/${encodeURIComponent(of.category)}.png`
  const alt = of === 'site' ? env.brand : 'product' in of ? of.product.title : of.name
  return { url: `${origin}/api/images/previews/${path}`, width: 1200, height: 630, alt }
}

/** The match a route's head() is given, as far as a head reads it. */
export type HeadMatch = Pick<AnyRouteMatch, 'pathname' | 'status' | 'context' | 'search'>

/** What link previewers read beside the title: the picture, and the language (server only). */
const previewProperties = (image: PreviewImage): (readonly [string, string])[] => [
  ['og:locale', 'en_US'],
  ['og:image', image.url],
  ...(image.width && image.height
    ? ([
        ['og:image:width', String(image.width)],
        ['og:image:height', String(image.height)],
      ] as const)
    : []),
  ['og:image:alt', image.alt],
]

function tags(page: PageInfo, origin?: string, url?: string): RouteHead {
  const title = documentTitle(env.brand, page.name)
  const description = summary(page.description ?? siteDescription(env.brand))
  const meta: Meta[] = [{ title }, { name: 'description', content: description }]
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex' })
  // Link previewers read the server's HTML only: the browser's build leaves the picture out.
  const image = import.meta.env.SSR
    ? (page.image ?? (origin ? previewImage(origin, 'site') : undefined))
    : undefined
  const properties: (readonly [string, string])[] = [
    ['og:type', page.type ?? 'website'],
    ['og:title', title],
    ['og:description', description],
    ...(url ? [['og:url', url] as const] : []),
    ...(image ? previewProperties(image) : []),
    ...(page.properties ?? []),
  ]
  for (const [property, content] of properties) meta.push({ property, content })
  // Every page of the site has a picture (the browser's render names the same card, unseen).
  meta.push({ name: 'twitter:card', content: origin ? 'summary_large_image' : 'summary' })
  // X reads the Open Graph title and description too, but other tools ask for its own.
  if (import.meta.env.SSR)
    meta.push(
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
    )
  if (image)
    meta.push(
      { name: 'twitter:image', content: image.url },
      { name: 'twitter:image:alt', content: image.alt },
    )
  // HeadContent writes each as <script type="application/ld+json">, its text escaped for HTML.
  for (const data of page.jsonLd ?? []) meta.push({ 'script:ld+json': data } as Meta)
  return { meta, links: url ? [{ rel: 'canonical', href: url }] : [] }
}

const notFoundHead = () => tags({ name: PAGE_NAMES.notFound, noindex: true })

/**
 * A page's head, for its route's `head()`: the not-found page's for a page that does not exist,
 * and an error page's for one that failed to load; the canonical address is the match's path on
 * the site's origin (router context).
 */
export function pageHead(match: HeadMatch, page: PageInfo): RouteHead {
  if (match.status === 'notFound') return notFoundHead()
  if (match.status === 'error') return tags({ name: PAGE_NAMES.error, noindex: true })
  const { origin } = match.context as RouterContext
  return tags(page, origin, canonicalUrl(origin, match.pathname))
}

/**
 * The head of a page of the shopper's own (the cart, checkout, the orders…): named, never indexed.
 * The server renders such a page's heading and a loading state (components/personal-page.tsx), or,
 * where the heading is the shopper's too (the account, the confirmation), the route says `ssr:
 * false` (the server sends its frame only, in its loading state: decisions.md § Server rendering)
 * and `pendingMinMs: 0`: that loading state is already on screen when the app takes over, so the
 * page replaces it as soon as it can instead of the router keeping it up another 500 ms.
 */
export const personalHead =
  (name: string) =>
  ({ match }: { match: HeadMatch }) =>
    pageHead(match, { name, noindex: true })

/**
 * The root's head: the site's name, icons, colour and build on every page, and the not-found page's head
 * when no route matches or a route found nothing to show (the root's not-found page then renders).
 * A page's own head() overrides its title, description and link previews.
 */
export function siteHead(
  matches: readonly Pick<AnyRouteMatch, 'status' | '_notFound'>[],
  vitalsSampleRate?: number,
) {
  const notFound = matches.some((match) => match._notFound || match.status === 'notFound')
  const { meta } = notFound ? notFoundHead() : tags({})
  // Which build made the page: what a support request, or a test of a new release, asks first.
  meta.push({ name: 'build', content: __BUILD_ID__ })
  if (!import.meta.env.SSR) return { meta }
  // The same on every page, so written once, in the server's HTML: the browser's build leaves them
  // out and they stay in the document as they are.
  const { links, themeColor } = pwaAssetsHead
  return {
    meta: [
      ...meta,
      // The share of page loads that send their field data (lib/telemetry), as the server is set.
      ...(vitalsSampleRate === undefined
        ? []
        : [{ name: VITALS_SAMPLE_RATE_META, content: String(vitalsSampleRate) }]),
      { property: 'og:site_name', content: env.brand },
      ...(themeColor ? [themeColor] : []),
    ],
    links: [{ rel: 'manifest', href: '/manifest.webmanifest' }, ...links],
  }
}
