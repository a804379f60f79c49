import { BlockList, isIP } from 'node:net'

/**
 * TRUSTED_CLIENTS (docs/operating.md § Limits): addresses or CIDR ranges (`203.0.113.7`,
 * `10.0.0.0/8`, `2001:db8::/48`) whose requests the limits keyed on an address or a recipient do
 * not count (a test runner, an office's shared address). Those keyed on an account still do.
 */

/** Whether `entry` is an address or a CIDR range TRUSTED_CLIENTS may hold. */
export function isClientRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * Whether a client (its key, server/http/client-address.ts: an IPv4 address, or an IPv6 /64 as
 * `2001:db8:0:1::/64`) is one of `ranges`. An IPv6 client is its /64: trusted when a range holds
 * its first address.
 */
export function trustedClients(ranges: readonly string[]): (client: string) => boolean {
  if (ranges.length === 0) return () => false
  const list = new BlockList()
  for (const range of ranges) {
    const [address = '', bits] = range.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return (client) => {
    const address = client.replace(/\/64$/, '')
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
  }
}
