import { DEFAULT_BRAND } from '../../src/lib/page-heads.ts'
import { createRepresentation, type Representation } from '../http/representation.ts'
import { renderHead } from '../seo/head.ts'
import { pageAnswer } from '../seo/page-heads.ts'
import { hintsFor, inProcessApi, loadRouteHints, matchRoute } from './route-hints.ts'

/** A page as the server sends it: the app's HTML with the page's head, or a redirect. */
export type Page =
  { status: 200 | 404; representation: Representation } | { status: 301; location: string }

export interface PageOptions {
  /** The site's API, asked in-process for what a page's head and first screen show. */
  fetchApi?: (request: Request) => Response | Promise<Response>
  /**
   * Whether the built app reads this site's own API (/api): only then do heads and hints carry
   * catalogue data. An app built for another API (VITE_API_URL) gets generic heads and code hints.
   */
  ownApi?: boolean
  /** The brand the app was built with (VITE_BRAND_NAME). */
  brand?: string
  /** The site's public origin for canonical and link-preview URLs; default: the request's. */
  siteUrl?: string
}

/**
 * index.html without its generic title and description: each page gets its own in their place
 * (`<!--page-head-->`), its route's preload hints before </head>.
 */
function pageTemplate(html: string): string {
  const withoutGeneric = html
    .replace(/<title>[\s\S]*?<\/title>/i, '<!--page-head-->')
    .replace(/<meta\s+name="description"[^>]*>/i, '')
  return withoutGeneric.includes('<!--page-head-->')
    ? withoutGeneric
    : withoutGeneric.replace(/^(<!doctype html>)?/i, '$1<!--page-head-->')
}

/** Builds each page of the app from its index.html, the build's route manifest and the API. */
export function createPageBuilder(
  distDir: string,
  html: string,
  { fetchApi, ownApi = true, brand = DEFAULT_BRAND, siteUrl }: PageOptions = {},
) {
  const hints = loadRouteHints(distDir)
  const template = pageTemplate(html)

  return async (url: URL): Promise<Page> => {
    const api = fetchApi && inProcessApi(fetchApi, url)
    const match = matchRoute(hints, url.pathname)
    const shell = url.pathname === '/index.html' || hints.length === 0
    const origin = siteUrl ?? url.origin
    const answer = await pageAnswer(shell ? 'any' : (match ?? 'none'), url.pathname, {
      brand,
      origin,
      api: ownApi ? api : undefined,
    })
    if (answer.status === 301) return answer
    // With search params (filters, sort) the first request differs: no data hint then either.
    const dataHints = ownApi && url.search.length <= 1 && answer.status === 200
    const links = await hintsFor(match, !dataHints, api)
    const head = renderHead(answer.head, brand)
    const page = template.includes('</head>')
      ? template.replace('<!--page-head-->', () => head).replace('</head>', () => `${links}</head>`)
      : template.replace('<!--page-head-->', () => `${head}${links}`)
    return {
      status: answer.status,
      representation: createRepresentation(page, 'text/html; charset=utf-8'),
    }
  }
}
