// The default start's one opening: listening on loopback with no key configured, the page's keyed routes need none.

import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context.ts';

/**
 * True when hearth listens only on this machine and has no key at all (`server.api_keys` empty, no
 * `server.admin_key`): then the API asks for no key, and the page's admin and home routes ask for none either.
 */
export function isKeylessLoopback(deps: Pick<AppDeps, 'apiKeys' | 'adminKey' | 'isLoopbackListener'>): boolean {
  return deps.isLoopbackListener === true && deps.apiKeys.length === 0 && !deps.adminKey;
}

/**
 * Lets a request through without a key when `isOpen` (see {@link isKeylessLoopback}) and the request is this machine's
 * own; every other request goes through `guard`, the route's usual key check.
 */
export function orKeylessLoopback(isOpen: boolean, guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  if (!isOpen) return guard;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (isOwnLoopbackRequest(c)) return next();
    return guard(c, next);
  });
}

/**
 * A request addressed to a loopback name and not sent by another site's page. A browser can be made to reach loopback
 * from elsewhere: a page of another origin (its Origin or Sec-Fetch-Site says so) or a name an attacker points at
 * 127.0.0.1 (DNS rebinding: its Host is that name). Both are refused the opening.
 */
function isOwnLoopbackRequest(c: Context<AppEnv>): boolean {
  const url = new URL(c.req.url);
  const host = c.req.header('host');
  if (!isLoopbackName(url.hostname) || (host !== undefined && !isLoopbackName(hostNameOf(host)))) return false;
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== url.origin) return false;
  const site = c.req.header('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** The name of a Host header (`127.0.0.1:8080`, `[::1]:8080`, `localhost`), without its port. */
function hostNameOf(host: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  if (bracketed) return bracketed[1] ?? '';
  return host.replace(/:\d*$/, '');
}

// The same loopback names as the listener's (services/exposure.ts): 127.0.0.0/8, ::1 (also IPv4-mapped), localhost.
function isLoopbackName(name: string): boolean {
  const bare = name.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare) || /^::ffff:7f/.test(bare);
  return false;
}
