// Whether `hearth serve` is reachable beyond this machine with nothing asking for a key: worth a warning at start.

import { isIP } from 'node:net';

/** True for an address only this machine reaches: 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

/** The warning for listening on `host` with `apiKeys`, or undefined when there is nothing to warn about. */
export function exposureWarning(host: string, apiKeys: readonly string[]): string | undefined {
  if (apiKeys.length > 0 || isLoopbackHost(host)) return undefined;
  return `warning: listening on ${host}, beyond this machine, with no API keys: anyone who can reach it can use the models and HA-Assist; set server.api_keys (MCP and a connection's home stay closed without a key).`;
}
