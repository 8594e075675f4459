// Whether an IP address belongs to a private, loopback, link-local or shared (CGNAT) range.

import { isIP } from 'node:net';

/** True when `ip` (a literal IPv4 or IPv6 address, IPv6 with or without brackets) is not on the public internet. */
export function isPrivateIp(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const version = isIP(bare);
  if (version === 4) return isPrivateIpv4(ipv4Octets(bare));
  if (version === 6) return isPrivateIpv6(bare);
  return false;
}

function ipv4Octets(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 10/8, 172.16/12, 192.168/16 (RFC 1918), 127/8, 169.254/16 and 100.64/10 (RFC 6598). */
function isPrivateIpv4(octets: readonly number[]): boolean {
  const [a = -1, b = -1] = octets;
  return (
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** ::1, fc00::/7, fe80::/10, and an IPv4-mapped address (::ffff:a.b.c.d) by its IPv4 part. */
function isPrivateIpv6(ip: string): boolean {
  const groups = ipv6Groups(ip);
  const [first = 0] = groups;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return true;
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return true;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (!isMapped) return false;
  const [high = 0, low = 0] = groups.slice(6);
  return isPrivateIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part becomes two groups). */
function ipv6Groups(ip: string): number[] {
  const withoutZone = ip.split('%')[0] ?? ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(withoutZone);
  let text = withoutZone;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Octets(dotted[1]!);
    text = `${withoutZone.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
