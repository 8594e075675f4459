// The admin key guard of /admin: every route needs `Authorization: Bearer <server.admin_key>`, and none is open without it.

import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';

/** Requires the admin key; with no key configured the admin API is off (403), never open. */
export function adminKeyAuth(adminKey: string | null) {
  const expected = adminKey === null ? null : digest(adminKey);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (expected === null)
      throw new HearthError('permission', 'ADMIN_API_OFF', 'The admin API is off: set server.admin_key to use it.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (match === null)
      throw new HearthError(
        'authentication',
        'MISSING_ADMIN_KEY',
        'The admin key is required: "Authorization: Bearer <key>".',
      );
    if (!timingSafeEqual(expected, digest(match[1]!)))
      throw new HearthError('authentication', 'INVALID_ADMIN_KEY', 'The admin key is not valid.');
    return next();
  });
}

/** Requires the admin key or one of the API keys: reading the limits is open to every authenticated caller. */
export function anyKeyAuth(apiKeys: readonly string[], adminKey: string | null) {
  const keys = [...apiKeys, ...(adminKey === null ? [] : [adminKey])].map(digest);
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (keys.length === 0)
      throw new HearthError('permission', 'ADMIN_API_OFF', 'The admin API is off: set server.admin_key to use it.');
    if (match === null)
      throw new HearthError('authentication', 'MISSING_API_KEY', 'A key is required: "Authorization: Bearer <key>".');
    const offered = digest(match[1]!);
    if (!keys.some((known) => timingSafeEqual(known, offered)))
      throw new HearthError('authentication', 'INVALID_API_KEY', 'The key is not valid.');
    return next();
  });
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
