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
    if (digests.length === 0) throw new HearthError('permission', 'ADMIN_API_OFF', ADMIN_API_OFF);
    const key = bearerKey(c.req.header('authorization'));
    if (key === undefined)
      throw new HearthError(
        'authentication',
        'MISSING_ADMIN_KEY',
        'The admin key is required: "Authorization: Bearer <key>".',
      );
    if (!isKnownKey(digests, key))
      throw new HearthError('authentication', 'INVALID_ADMIN_KEY', 'The admin key is not valid.');
    return next();
  });
}

/** Requires the admin key or one of the API keys: reading the limits is open to every authenticated caller. */
export function anyKeyAuth(apiKeys: readonly string[], adminKey: string | null) {
  const digests = keyDigests([...apiKeys, ...(adminKey === null ? [] : [adminKey])]);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0) throw new HearthError('permission', 'ADMIN_API_OFF', ADMIN_API_OFF);
    const key = bearerKey(c.req.header('authorization'));
    if (key === undefined)
      throw new HearthError('authentication', 'MISSING_API_KEY', 'A key is required: "Authorization: Bearer <key>".');
    if (!isKnownKey(digests, key)) throw new HearthError('authentication', 'INVALID_API_KEY', 'The key is not valid.');
    return next();
  });
}
