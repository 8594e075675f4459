// Optional bearer-key authentication for the API; off when no keys are configured.

import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';

/** Requires `Authorization: Bearer <key>` with one of `keys`; passes everything when `keys` is empty. */
export function apiKeyAuth(keys: readonly string[]) {
  // Compare digests so the comparison takes the same time whatever the key's length or content.
  const digests = keys.map(digest);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match === null) {
      throw new HearthError(
        'authentication',
        'MISSING_API_KEY',
        'An API key is required: send it as "Authorization: Bearer <key>".',
      );
    }
    const offered = digest(match[1]!);
    if (!digests.some((known) => timingSafeEqual(known, offered))) {
      throw new HearthError('authentication', 'INVALID_API_KEY', 'The API key is not valid.');
    }
    return next();
  });
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
