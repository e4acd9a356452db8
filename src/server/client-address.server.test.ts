import { describe, expect, it } from 'vitest'

import { clientAddress, isLoopbackAddress, networkKey } from './client-address.server'

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7')
    expect(clientAddress('::ffff:203.0.113.7', undefined, 0)).toBe('203.0.113.7')
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown')
  })

  it('behind one proxy, takes the right-most forwarded hop, not the left-most the client wrote', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; our proxy appended the real peer.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 198.51.100.9', 1)).toBe('198.51.100.9')
    expect(clientAddress('10.0.0.2', '198.51.100.9', 1)).toBe('198.51.100.9')
  })

  it('behind two proxies (a CDN and a load balancer), skips both', () => {
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.9, 172.16.0.5', 2)).toBe('198.51.100.9')
    expect(clientAddress('10.0.0.2', ['6.6.6.6, 198.51.100.9', '172.16.0.5'], 2)).toBe('198.51.100.9')
  })

  it('with fewer hops than trusted proxies, or garbage, falls back safely', () => {
    expect(clientAddress('10.0.0.2', '', 1)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '198.51.100.9', 3)).toBe('198.51.100.9')
    expect(clientAddress('10.0.0.2', 'not-an-address', 1)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '[2001:db8::1]', 1)).toBe('2001:db8::1')
  })
})

describe('networkKey', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(networkKey('198.51.100.9')).toBe('198.51.100.9')
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(networkKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(networkKey('2001:0DB8:0001:0002::9')).toBe('2001:db8:1:2::/64')
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(networkKey('::1')).toBe('0:0:0:0::/64')
    expect(networkKey('unknown')).toBe('unknown')
  })
})

describe('isLoopbackAddress', () => {
  it('knows this machine from the network', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]'])
      expect([address, isLoopbackAddress(address)]).toEqual([address, true])
    for (const address of ['10.0.0.1', '192.168.1.1', '::', '2001:db8::1', 'unknown', ''])
      expect([address, isLoopbackAddress(address)]).toEqual([address, false])
  })
})
