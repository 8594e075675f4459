// The address rules of a Home Assistant connection: which URLs hearth may send a token to.

import { isIP } from 'node:net';
import { isPrivateIp } from './private-ip.ts';

/** The outcome of {@link checkAddress}: the normalised origin, or why the address is refused. */
export type AddressCheck = { ok: true; origin: string } | { ok: false; reason: string };

/** Looks up the IP addresses of a host name (injected; the DNS lookup is wired at the edge). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** Name suffixes that are on the user's own network by convention, so plain http may reach them. */
export const LOCAL_NAME_SUFFIXES = ['.local', '.lan', '.home', '.internal', '.home.arpa'] as const;

const HTTP_RULE =
  'plain http is allowed only for a private IP address, a single-label name or a name ending in .local, .lan, .home, .internal or .home.arpa';

/**
 * Checks a Home Assistant address: https always; plain http only for a host on the user's own network, and an
 * http name only when every address it resolves to is private. Without `resolve`, an http name is refused.
 */
export async function checkAddress(url: string, resolve?: ResolveHost): Promise<AddressCheck> {
  const parsed = parseAddress(url);
  if (!parsed.ok) return parsed;
  const address = parsed.url;
  if (address.protocol === 'https:') return { ok: true, origin: address.origin };
  const host = address.hostname;
  if (isIP(unbracket(host)) !== 0) {
    return isPrivateIp(host)
      ? { ok: true, origin: address.origin }
      : { ok: false, reason: `${HTTP_RULE}; ${host} is a public address, use https` };
  }
  if (!isLocalName(host)) return { ok: false, reason: `${HTTP_RULE}; use https for ${host}` };
  return checkResolvedName(host, address.origin, resolve);
}

/** True when the `instance` argument of a tool call names the same Home Assistant as the connection's address. */
export function sameInstance(argument: string, connectionAddress: string): boolean {
  const given = parseAddress(argument);
  const expected = parseAddress(connectionAddress);
  return given.ok && expected.ok && given.url.origin === expected.url.origin;
}

/** Parses an address and applies the shape rules shared by every scheme. */
function parseAddress(text: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    // The text is not echoed: it may hold a password.
    return { ok: false, reason: 'the address is not a valid URL, e.g. https://homeassistant.local:8123' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `the address must start with https:// or http://, not ${url.protocol}//` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'the address must not contain a user name or password; the token is sent separately' };
  }
  if (url.pathname !== '/') return { ok: false, reason: `the address must not have a path (${url.pathname})` };
  if (url.search !== '') return { ok: false, reason: 'the address must not have a query (?…)' };
  if (url.hash !== '') return { ok: false, reason: 'the address must not have a fragment (#…)' };
  return { ok: true, url };
}

/** A single-label name, or one ending in a local suffix (a trailing root dot is ignored). */
function isLocalName(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return !name.includes('.') || LOCAL_NAME_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

async function checkResolvedName(host: string, origin: string, resolve?: ResolveHost): Promise<AddressCheck> {
  if (!resolve) return { ok: false, reason: `plain http to ${host} needs a DNS check, and none is available` };
  let ips: string[];
  try {
    ips = await resolve(host);
  } catch {
    return { ok: false, reason: `${host} could not be resolved` };
  }
  if (ips.length === 0) return { ok: false, reason: `${host} could not be resolved` };
  const publicIp = ips.find((ip) => !isPrivateIp(ip));
  if (publicIp !== undefined) {
    return {
      ok: false,
      reason: `${host} resolves to the public address ${publicIp}; plain http is refused, use https`,
    };
  }
  return { ok: true, origin };
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
