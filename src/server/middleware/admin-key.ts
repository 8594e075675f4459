// The admin key guard of /admin: every route needs `Authorization: Bearer <server.admin_key>`, and none is open without it.

import { createMiddleware } from 'hono/factory';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';
import { bearerKey, isKnownKey, keyDigests } from './bearer-key.ts';

const ADMIN_API_OFF = 'The admin API is off: set server.admin_key to use it.';

/** Requires the admin key; with no key configured the admin API is off (403), never open. */
export function adminKeyAuth(adminKey: string | null) {
  const digests = keyDigests(adminKey === null ? [] : [adminKey]);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0) throw new HearthError('ADMIN_API_OFF', ADMIN_API_OFF);
    const key = bearerKey(c.req.header('authorization'));
    if (key === undefined)
      throw new HearthError(
        'MISSING_ADMIN_KEY',
        'The admin key (server.admin_key) is required: "Authorization: Bearer <key>".',
      );
    if (!isKnownKey(digests, key)) throw new HearthError('INVALID_ADMIN_KEY', 'The admin key is not valid.');
    return next();
  });
}

/**
 * Requires the admin key or one of the API keys (reading the limits, a connection's home); with no key configured at
 * all it is closed (403), and its messages name exactly the keys that would open it.
 */
export function anyKeyAuth(apiKeys: readonly string[], adminKey: string | null) {
  const digests = keyDigests([...apiKeys, ...(adminKey === null ? [] : [adminKey])]);
  const accepted = acceptedKeys(apiKeys.length > 0, adminKey !== null);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0)
      throw new HearthError(
        'KEY_NOT_CONFIGURED',
        'This needs a key and hearth has none: set server.api_keys or server.admin_key.',
      );
    const key = bearerKey(c.req.header('authorization'));
    if (key === undefined)
      throw new HearthError('MISSING_API_KEY', `This needs ${accepted}: send "Authorization: Bearer <key>".`);
    if (!isKnownKey(digests, key))
      throw new HearthError('INVALID_API_KEY', `The key is not valid: this needs ${accepted}.`);
    return next();
  });
}

// The keys that open a route checked by anyKeyAuth, as the refusal names them.
function acceptedKeys(hasApiKeys: boolean, hasAdminKey: boolean): string {
  if (hasApiKeys && hasAdminKey) return 'an API key (server.api_keys) or the admin key (server.admin_key)';
  return hasApiKeys ? 'an API key (server.api_keys)' : 'the admin key (server.admin_key)';
}
