import { isIPv4, isIPv6 } from 'node:net'
import type { Socket } from 'node:net'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * Who sent a request, for the limits that count per client (decisions.md § Operations, client
 * addresses): the login throttle, registrations, account checks, telemetry and order lookups.
 * Every such limit keys on one client's own address, never on a pool: an address that cannot be
 * found refuses the request loudly rather than counting it with everyone else's.
 */

/** What @hono/node-server hands a request beside it (`serve`, `getRequestListener`). */
export interface NodeBindings {
  incoming?: { socket?: Pick<Socket, 'remoteAddress' | 'localPort'> }
}

/**
 * The key a client's address is counted under: an IPv4 address as it is (also one written as
 * IPv6, `::ffff:192.0.2.1`), an IPv6 address by its /64, which one subscriber usually holds whole
 * (a limit per single IPv6 address would give each of them 2^64 tries).
 */
export function clientKey(address: string): string | undefined {
  const plain = address.trim().replace(/^\[(.*)\]$/, '$1')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv4(plain)) return plain
  const withoutZone = plain.replace(/%.*$/, '')
  if (!isIPv6(withoutZone)) return undefined
  return `${ipv6Groups(withoutZone).slice(0, 4).join(':')}::/64`
}

/** An IPv6 address's eight groups, written out without leading zeros (`2001:db8:0:0:…`). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::')
  const split = (part: string) => (part === '' ? [] : part.split(':'))
  let left = split(head)
  let right = tail === undefined ? [] : split(tail)
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups.
  const last = right.at(-1) ?? left.at(-1)
  if (last?.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number)
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
    if (right.length > 0) right = [...right.slice(0, -1), ...groups]
    else left = [...left.slice(0, -1), ...groups]
  }
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0')
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  )
}

/**
 * The address a trusted proxy saw: the last entry of X-Forwarded-For, the one the proxy nearest
 * this server added. Entries before it were sent by the client, which may write anything there.
 */
export function forwardedAddress(header: string | undefined): string | undefined {
  const last = header?.split(',').at(-1)?.trim()
  return last || undefined
}

/** The socket's address: the client itself, or the proxy in front of the server. */
export const socketAddress = (bindings: NodeBindings | undefined) =>
  bindings?.incoming?.socket?.remoteAddress

/** The port the request's connection came in on: the server's own. */
export const localPort = (bindings: NodeBindings | undefined) =>
  bindings?.incoming?.socket?.localPort

/**
 * The request's client key (`clientKey`): behind a trusted proxy (TRUST_PROXY) the address it
 * forwarded, else the socket's; undefined when neither can be read.
 */
export function clientOfRequest(
  c: Context,
  trustProxy: boolean,
  bindings: NodeBindings | undefined,
): string | undefined {
  const forwarded = trustProxy ? forwardedAddress(c.req.header('X-Forwarded-For')) : undefined
  const address = forwarded ?? socketAddress(bindings)
  return address === undefined ? undefined : clientKey(address)
}

/** A request whose client could not be told: a fault of the server's set-up, not of the request. */
export class UnknownClientError extends HTTPException {
  constructor() {
    super(500, { message: 'The server could not tell where this request came from' })
  }
}

/** The client a limited route counts the request under; throws UnknownClientError without one. */
export function requireClient(c: { env: { client?: string } | undefined }): string {
  const client = c.env?.client
  if (!client) throw new UnknownClientError()
  return client
}
