import { describe, expect, it } from 'vitest'
import { clientKey, forwardedAddress } from './client-address.ts'

describe('the key a client is counted under', () => {
  it('is an IPv4 address as it is, also one written as IPv6', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9')
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(clientKey('::FFFF:127.0.0.3')).toBe('127.0.0.3')
  })

  it('is an IPv6 address’s /64, however it is written', () => {
    const key = '2001:db8:1:2::/64'
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::9]',
      '2001:DB8:1:2:0:0:0:7',
      '2001:db8:1:2::1.2.3.4',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::5'),
    ])
      expect(clientKey(address), address).toBe(key)
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })

  it('is nothing for text that is no address, so nothing is pooled under it', () => {
    for (const text of ['', 'unknown', '10.1.7', '1.2.3.4.5', 'evil.example', '::g'])
      expect(clientKey(text), text).toBeUndefined()
  })
})

describe('the address a trusted proxy forwards', () => {
  it('is the last of X-Forwarded-For: the one the proxy added, not what the client wrote', () => {
    expect(forwardedAddress('203.0.113.9')).toBe('203.0.113.9')
    expect(forwardedAddress('1.1.1.1, 2.2.2.2,  198.51.100.7 ')).toBe('198.51.100.7')
    expect(forwardedAddress(undefined)).toBeUndefined()
    expect(forwardedAddress(' ')).toBeUndefined()
  })
})
