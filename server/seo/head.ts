import type { Thing, WithContext } from 'schema-dts'

/** Structured data for one page: schema.org objects, each a JSON-LD document of its own. */
export type JsonLd = WithContext<Thing>

/** What the HTML head of a page says, before it is written out (`renderHead`). */
export interface PageHead {
  title: string
  description: string
  /** The page's one address for search engines; none for a page that does not exist. */
  canonical?: string
  noindex?: boolean
  openGraph: {
    type: 'website' | 'product'
    /** An absolute URL. */
    image?: string
    /** `product:price:amount` and the like. */
    extra?: readonly (readonly [property: string, content: string])[]
  }
  jsonLd: readonly JsonLd[]
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')

const escapeAttribute = (text: string) =>
  escapeText(text).replaceAll('"', '&quot;').replaceAll('>', '&gt;')

/**
 * JSON inside <script>: `<`, `>` and `&` as \u escapes, so no text in it (a product title holding
 * `</script>` or `<!--`) can close or confuse the element; U+2028/9 too, for old parsers.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')

/**
 * The head's tags. Each carries `data-page-head` (structured data `data-page-ld`): the app
 * replaces them with its own once it renders (components/page-head.tsx).
 */
export function renderHead(head: PageHead, siteName: string): string {
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeAttribute(content)}" data-page-head>`
  const { openGraph: og } = head
  return [
    `<title data-page-head>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical &&
      `<link rel="canonical" href="${escapeAttribute(head.canonical)}" data-page-head>`,
    head.noindex && meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', og.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical && meta('property', 'og:url', head.canonical),
    og.image && meta('property', 'og:image', og.image),
    ...(og.extra ?? []).map(([property, content]) => meta('property', property, content)),
    meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
    ...head.jsonLd.map(
      (data) => `<script type="application/ld+json" data-page-ld>${scriptJson(data)}</script>`,
    ),
  ]
    .filter(Boolean)
    .join('')
}
