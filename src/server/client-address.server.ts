import net from 'node:net'

/**
 * Who is calling, for rate limits and loopback-only answers. Behind a proxy the socket's peer
 * is the proxy, and X-Forwarded-For lists the hops before it, each appended by the hop that
 * received the request: only the right-most entries, written by proxies we run, can be
 * trusted. With `trustedProxies` hops of our own (the socket's peer being the last of them),
 * the client is the address right before them; anything further left is the client's to write.
 */
export function clientAddress(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number): string {
  const remote = normalise(remoteAddress ?? '') || 'unknown'
  if (trustedProxies < 1) return remote
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
  const hops = header
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean)
  const chain = [...hops, remote]
  // The socket's peer is the last trusted proxy; each further trusted proxy is one more hop left.
  const index = chain.length - 1 - trustedProxies
  const candidate = chain[Math.max(index, 0)]!
  return net.isIP(candidate) ? candidate : remote
}

/** '::ffff:1.2.3.4' (IPv4 on an IPv6 socket) as '1.2.3.4'; brackets and a zone id dropped. */
function normalise(address: string): string {
  let value = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(value)) value = value.slice(7)
  return value
}

/**
 * The key a rate limit counts under: an IPv4 address as is, an IPv6 address by its /64 (one
 * customer network gets a whole /64, so counting single addresses would let it rotate freely).
 */
export function networkKey(address: string): string {
  if (net.isIPv6(address)) return `${expandIpv6(address).slice(0, 4).join(':')}::/64`
  return address
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail !== undefined && tail !== '' ? tail.split(':') : []
  // An embedded IPv4 tail ('::1.2.3.4') counts as two groups.
  const last = right.length ? right[right.length - 1]! : left[left.length - 1]
  const ipv4Groups = last && last.includes('.') ? 1 : 0
  const missing = tail === undefined ? 0 : 8 - left.length - right.length - ipv4Groups
  return [...left, ...Array(Math.max(missing, 0)).fill('0'), ...right].map((group) =>
    group.includes('.') ? group : group.toLowerCase().replace(/^0+(?=.)/, ''),
  )
}

/** This machine: 127.0.0.0/8 and ::1 (also as IPv4-mapped). */
export function isLoopbackAddress(address: string): boolean {
  const value = normalise(address)
  return value === '::1' || (net.isIPv4(value) && value.startsWith('127.'))
}
