import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a notification must never reach unless WEBHOOK_ALLOW_PRIVATE=true: loopback, private, link-local,
 * carrier-grade NAT, unspecified, multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 included).
 * A user-given URL pointing there is how SSRF reaches the metadata service or the internal network.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address a notification may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(lower, 'ipv6');
}

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
      const reason = Object.assign(new Error(`refused: ${hostname} resolves to a private address (${refused?.address ?? 'none'})`), {
        code: 'EPRIVATEADDRESS',
      });
      return callback(reason, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
