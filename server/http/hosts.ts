import { networkInterfaces } from 'node:os'
import type { MiddlewareHandler } from 'hono'
import { localPort, type NodeBindings } from './client-address.ts'

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

/** An ALLOWED_HOSTS entry: a host, and the one port it may be named with, if it says. */
interface AllowedHost {
  host: string
  /** As a URL writes it: '' for the scheme's default, undefined when the entry names none. */
  port?: string
}

/** `shop.example`, `shop.example:8080`, `10.0.0.11`, `::1`, `[::1]:4173`. */
function parseAllowedHost(entry: string): AllowedHost {
  const text = entry.trim()
  // A bare IPv6 address (two colons or more, no brackets) names no port.
  const bareIpv6 = !text.startsWith('[') && text.split(':').length > 2
  // Through the URL parser, as a request's own host is: the same address compares equal.
  const url = URL.parse(`http://${bareIpv6 ? `[${text}]` : text}`)
  if (!url || bareIpv6) return { host: normaliseHost(url?.hostname ?? text) }
  const named = /:\d+$/.test(text)
  return { host: normaliseHost(url.hostname), port: named ? url.port : undefined }
}

/**
 * Answers 421 to a request whose Host is not one of `allowed` (any host when undefined: SITE_URL
 * names the origin). An entry with a port allows that port only; one without allows no port (the
 * scheme's default, as a proxy passes the public host on) or the port the request's connection
 * came in on, the server's own: `127.0.0.1:6666` would otherwise write port 6666 into cached
 * pages. `/api/health`, which names no URL, is always answered.
 */
export function allowedHostsOnly(allowed: readonly string[] | undefined): MiddlewareHandler {
  const entries = allowed?.map(parseAllowedHost)
  return async (c, next) => {
    if (!entries || c.req.path === '/api/health') return next()
    const url = new URL(c.req.url)
    const host = normaliseHost(url.hostname)
    const own = localPort(c.env as NodeBindings | undefined)
    const served = entries.some(
      (entry) =>
        entry.host === host &&
        (entry.port === undefined
          ? url.port === '' || url.port === String(own)
          : entry.port === url.port),
    )
    if (served) return next()
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
