import { BlockList, isIP } from 'node:net';

/**
 * Where deliveries may go (docs/platforms.md, "Safe by default"): never to loopback, link-local,
 * private, shared (CGNAT), multicast or unspecified addresses, the usual targets of server-side
 * request forgery, unless PLATFORM_ALLOWED_ADDRESSES lists the address (or its range).
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
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
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/**
 * IPv4 inside IPv6, refused when written as IPv6: IPv4-compatible `::/96` (deprecated; `::7f00:1`
 * reaches 127.0.0.1 on some stacks) and IPv4-mapped `::ffff:0:0/96` in hex (`::ffff:7f00:1`, the
 * form a URL literal takes). A list of its own: node's BlockList also matches IPv4 addresses
 * against an IPv6 rule for `::ffff:0:0/96`, which would refuse every IPv4 address.
 */
const IPV4_IN_IPV6 = new BlockList();
IPV4_IN_IPV6.addSubnet('::', 96, 'ipv6');
IPV4_IN_IPV6.addSubnet('::ffff:0:0', 96, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export class AddressPolicy {
  private readonly allowed = new BlockList();
  private readonly entries: string[];

  /** `allowList`: addresses or CIDR ranges (127.0.0.1, 10.1.0.0/16, ::1), comma or space separated. */
  constructor(allowList = '') {
    this.entries = allowList.split(/[\s,]+/).filter(Boolean);
    for (const entry of this.entries) {
      const [address, prefixText] = entry.split('/');
      const family = isIP(address ?? '');
      if (!address || family === 0) throw new Error(`not an address or range: ${entry}`);
      if (prefixText === undefined) this.allowed.addAddress(address, family === 6 ? 'ipv6' : 'ipv4');
      else this.allowed.addSubnet(address, Number(prefixText), family === 6 ? 'ipv6' : 'ipv4');
    }
  }

  /** True when a delivery may connect to this (resolved) address. */
  permits(address: string): boolean {
    const { address: ip, family } = plain(address);
    if (this.allowed.check(ip, family)) return true;
    if (family === 'ipv6' && IPV4_IN_IPV6.check(ip, 'ipv6')) return false;
    return !FORBIDDEN.check(ip, family);
  }

  /** Plain http is for allow-listed addresses only (a receiver on the test bench); the internet gets https. */
  allowsPlainHttp(address: string): boolean {
    const { address: ip, family } = plain(address);
    return this.allowed.check(ip, family);
  }
}
