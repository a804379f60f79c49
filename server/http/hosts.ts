import { networkInterfaces } from 'node:os'
import type { MiddlewareHandler } from 'hono'

/**
 * Which `Host` a request may name (decisions.md § Operations, hosts). Without SITE_URL, the
 * server writes the request's own origin into what it answers: a page's canonical link, its Open
 * Graph and structured data, the API's picture URLs. Those answers may be kept by a shared cache
 * (`public, s-maxage=60`), and a cache that ignores the Host would hand a page naming an
 * attacker's host to everyone. So a request for a host the server does not serve is answered
 * 421 Misdirected Request, and nothing of it is rendered or kept.
 */

const LOOPBACK = ['localhost', '127.0.0.1', '::1']
const WILDCARDS = new Set(['0.0.0.0', '::'])

/** A host name as compared: lower case, an IPv6 address without its brackets. */
export const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')

/**
 * The hosts the server answers for when ALLOWED_HOSTS is not set: localhost, the loopback
 * addresses and the address it listens on; listening on every interface (0.0.0.0), the addresses
 * of this machine's interfaces.
 */
export function defaultAllowedHosts(listenHost: string): string[] {
  const listening = normaliseHost(listenHost)
  const hosts = new Set([...LOOPBACK, listening])
  if (WILDCARDS.has(listening))
    for (const addresses of Object.values(networkInterfaces()))
      for (const { address } of addresses ?? []) hosts.add(normaliseHost(address))
  return [...hosts]
}

/** The host name a request's URL names (its port aside). */
const hostOf = (url: string) => normaliseHost(new URL(url).hostname)

/**
 * Answers 421 to a request whose Host is not one of `allowed` (any host when undefined: SITE_URL
 * names the origin); `/api/health`, which names none, is always answered.
 */
export function allowedHostsOnly(allowed: readonly string[] | undefined): MiddlewareHandler {
  const hosts = allowed && new Set(allowed.map(normaliseHost))
  return async (c, next) => {
    if (!hosts || hosts.has(hostOf(c.req.url)) || c.req.path === '/api/health') return next()
    return c.json(
      {
        message:
          'Misdirected request: this server does not answer for that host (set SITE_URL or ALLOWED_HOSTS)',
      },
      421,
      { 'Cache-Control': 'no-store' },
    )
  }
}

/** HSTS for a site whose public origin is https: browsers then never ask for it over http. */
export function strictTransport(siteUrl: string | undefined): MiddlewareHandler {
  const https = siteUrl?.startsWith('https://') ?? false
  return async (c, next) => {
    await next()
    if (https) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000')
  }
}
