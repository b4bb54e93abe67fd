import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * True for an address a notification may not reach (unless WEBHOOK_ALLOW_PRIVATE=true): anything but a global
 * unicast address, as ipaddr.js classifies it (its range table follows the IANA special-purpose registries).
 * So loopback, private, link-local, carrier-grade NAT, unspecified, broadcast, multicast, reserved and
 * documentation ranges are refused, and so is every IPv6 form that carries an IPv4 address or a special use:
 * IPv4-mapped and -compatible (`::ffff:7f00:1`, `::127.0.0.1`), SIIT (`::ffff:0:…`), NAT64, 6to4 (2002::/16),
 * Teredo, site-local (fec0::/10) and discard (100::/64). The hand-made list this replaced missed five of them.
 * A user-given URL pointing there is how SSRF reaches the metadata service or the internal network.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!isIP(bare)) return true; // not an address at all: refuse rather than guess
  const parsed = ipaddr.parse(bare);
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(IPV4_COMPATIBLE);
}

/**
 * The fix, in every refusal: the operator of a test setup or a private network who meant it needs the variable's
 * name, not a hunt through the docs (issue 24, item 14).
 */
export const ALLOW_PRIVATE_HINT = 'set WEBHOOK_ALLOW_PRIVATE=true on the service to allow private receivers';

/** ::/96, the deprecated IPv4-compatible form (`[::127.0.0.1]` is `::7f00:1`): ipaddr.js calls it unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

/** Resolves `host` to every address it has (an IP literal resolves to itself). */
export function resolveAll(host: string): Promise<string[]> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(bare)) return Promise.resolve([bare]);
  return new Promise((resolve, reject) => {
    dnsLookup(bare, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address))));
  });
}

/**
 * A `lookup` for the socket that refuses private addresses: the check sits on the address the connection is
 * actually made to, so a name that resolved to a public address at post time and to 127.0.0.1 now (DNS
 * rebinding) is still refused.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || list.length === 0) {
      const reason = Object.assign(new Error(`refused: ${hostname} resolves to a private address (${refused?.address ?? 'none'}); ${ALLOW_PRIVATE_HINT}`), {
        code: 'EPRIVATEADDRESS',
      });
      return callback(reason, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
