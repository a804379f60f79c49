import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ApiApp } from '../app.ts'
import type { RequestRecord } from '../observability/request-log.ts'
import type { FetchApi, FindOrderSent, RenderOptions } from '../../shared/pages/app-server.ts'

/**
 * The most a browser sends Find an order's form in: its two fields (a number of at most 40
 * characters, an email of at most 254), percent-encoded, fit many times over.
 */
export const FIND_ORDER_BODY_BYTES = 2048

/** The API's lookup (docs/api.md § Orders): the only request a sent form makes as its sender. */
const LOOKUP_PATH = '/api/orders/lookup'

const FORM_TYPE = 'application/x-www-form-urlencoded'

interface FindOrderFormOptions {
  api: ApiApp
  /** The page for this shopper alone (page-handler.ts: `ownPage`). */
  ownPage: (c: Context, own: RenderOptions, status: () => number) => Promise<Response>
  /** SITE_URL: the origin the form's page is served from; else each request's own host. */
  siteUrl?: string
}

/**
 * POST /orders/find: Find an order's form as a browser without JavaScript sends it (decisions.md
 * § Orders). The email comes in the body, never in an address. The order is asked of the API's own
 * lookup, in-process, as the shopper who sent it (the API counts a failed lookup against their
 * address, exactly as it counts the app's request, TRUSTED_CLIENTS as ever), and the page is
 * rendered with what it found, for them alone: no-store, never kept. Its status is the lookup's
 * (200 found, 404 not, 429 with Retry-After), 400 for fields the form refuses (nothing looked up),
 * 403 for a form another site's page sent, 413 past the body's bound and 415 for another type;
 * each of these pages says what to do.
 */
export function findOrderForm({ api, ownPage, siteUrl }: FindOrderFormOptions) {
  /** The page with the form and what was made of it: a lookup, or a message (no fields). */
  async function answer(c: Context, fields: FindOrderSent['fields'], refused?: number) {
    let looked: Response | undefined
    const lookup: FetchApi = async (request, origin) => {
      const { pathname } = new URL(request.url)
      if (pathname !== LOOKUP_PATH || request.method !== 'POST')
        throw new Error(`A sent form asks the API for ${LOOKUP_PATH} alone, not ${pathname}`)
      const record = c.get('record') as RequestRecord | undefined
      looked = await api.fetch(new Request(`${origin}${pathname}`, request), record)
      return looked
    }
    // The status is the outcome's, known once the page (which looks the order up) is rendered.
    const response = await ownPage(
      c,
      { findOrder: { fields, lookup } },
      () => refused ?? looked?.status ?? 400,
    )
    const retryAfter = looked?.headers.get('Retry-After')
    if (retryAfter) response.headers.set('Retry-After', retryAfter)
    return response
  }

  const limited = bodyLimit({
    maxSize: FIND_ORDER_BODY_BYTES,
    onError: (c) => answer(c, undefined, 413),
  })

  return [
    async (c: Context, next: () => Promise<void>) => {
      if (!fromThisSite(c, siteUrl)) return answer(c, undefined, 403)
      const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== FORM_TYPE) return answer(c, undefined, 415)
      await next()
    },
    limited,
    async (c: Context) => {
      const form = new URLSearchParams(await c.req.text())
      const field = (name: string) => form.get(name) ?? ''
      return answer(c, { number: field('number'), email: field('email') })
    },
  ] as const
}

/**
 * Whether the form was sent from this site's own page. A page on another site can post a form
 * here unasked (SECURITY.md § The server's defences), and each lookup it made would count against
 * its visitor's address: refused, by the browser's Sec-Fetch-Site, or else its Origin. A request
 * that names neither (a browser of before 2023, a script) is no visitor's browser made to send it.
 */
export function fromThisSite(c: Context, siteUrl: string | undefined): boolean {
  const site = c.req.header('Sec-Fetch-Site')
  if (site) return site === 'same-origin' || site === 'none'
  const origin = c.req.header('Origin')
  if (!origin || origin === 'null') return origin === undefined
  return hostOf(origin) === hostOf(siteUrl ?? c.req.url)
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}
