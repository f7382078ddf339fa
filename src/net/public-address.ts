/**
 * What counts as a public address, for the two places where untrusted text names a host: the
 * URLs a member types (sent to the service) and the `output.url` the service answers (fetched by
 * the bot). A non-public address would let either of them reach the bot's own network: loopback,
 * private and carrier-grade NAT ranges, link-local (with the cloud metadata address
 * 169.254.169.254), unspecified, multicast, documentation and reserved ranges.
 */
import { BlockList, isIP } from 'node:net';

/**
 * Node's BlockList also matches an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) against the
 * IPv4 rules, so the mapped forms need no rules of their own.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address that may be private
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The well-known NAT64 prefix carries an IPv4 address in its last 32 bits, checked as such. */
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** Host names that never name a public host, whatever DNS answers. */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'localdomain',
  'lan',
  'intranet',
  'corp',
  'home',
];

/** Whether an IP address (v4, or v6 with or without brackets or a zone) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !NON_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return false;
  if (NON_PUBLIC.check(bare, 'ipv6')) return false;
  if (NAT64.check(bare, 'ipv6')) {
    const embedded = embeddedIpv4(bare);
    return embedded !== undefined && !NON_PUBLIC.check(embedded, 'ipv4');
  }
  return true;
}

/** The IPv4 address in the last 32 bits of an IPv6 address such as `64:ff9b::7f00:1`. */
function embeddedIpv4(ipv6: string): string | undefined {
  const tail = ipv6.split(':').slice(-2);
  if (tail.length < 2) return undefined;
  if (tail[1]?.includes('.')) return tail[1];
  const high = Number.parseInt(tail[0] || '0', 16);
  const low = Number.parseInt(tail[1] || '0', 16);
  if (!Number.isFinite(high) || !Number.isFinite(low)) return undefined;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The IP address a URL's host is written as, or undefined when the host is a name. */
export function ipLiteralOf(url: URL): string | undefined {
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : undefined;
}

/** Why a URL cannot be given to the service: a code a member's message says in their language. */
export type NonPublicCode =
  | 'not_url'
  | 'not_http'
  | 'credentials'
  | 'private_address'
  | 'local_host'
  | 'not_full_domain';

/** The same reasons in English, for logs and what has no member's language. */
export const NON_PUBLIC_REASONS: Readonly<Record<NonPublicCode, string>> = {
  not_url: 'it is not a URL',
  not_http: 'it is not an http(s) URL',
  credentials: 'it carries a user name or password',
  private_address: 'its address is not public (local or private network)',
  local_host: 'it names a local host',
  not_full_domain: 'its host is not a full domain name',
};

/**
 * Why a URL does not name a public http(s) host, judged from its text alone (no DNS), or
 * undefined when it does. The WHATWG parser has already turned every IPv4 spelling
 * (`2130706433`, `0x7f.1`, `127.1`) into dotted decimal, so the address check sees them all.
 */
export function nonPublicUrlCode(url: URL): NonPublicCode | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not_http';
  if (url.username !== '' || url.password !== '') return 'credentials';
  const literal = ipLiteralOf(url);
  if (literal !== undefined) return isPublicAddress(literal) ? undefined : 'private_address';
  const host = url.hostname.replace(/\.$/, '');
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return 'local_host';
  if (!host.includes('.')) return 'not_full_domain';
  return undefined;
}

/**
 * Parses `text` as a URL that names a public http(s) host: the URL, or why not (its code, and the
 * reason in English).
 */
export function parsePublicHttpUrl(text: string): { url: URL } | { code: NonPublicCode; reason: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { code: 'not_url', reason: NON_PUBLIC_REASONS.not_url };
  }
  const code = nonPublicUrlCode(url);
  return code === undefined ? { url } : { code, reason: NON_PUBLIC_REASONS[code] };
}
