// Bearer-key authentication: optional for the model APIs (off when no keys are configured), required for MCP.

import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';

/**
 * Requires `Authorization: Bearer <key>` with one of `keys`. With no keys it passes everything, unless `required`
 * names a surface that is never open (MCP reads a home, so it answers 403 until a key is configured).
 */
export function apiKeyAuth(keys: readonly string[], options: { required?: string } = {}) {
  // Compare digests so the comparison takes the same time whatever the key's length or content.
  const digests = keys.map(digest);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0 && options.required !== undefined)
      throw new HearthError(
        'permission',
        'API_KEY_NOT_CONFIGURED',
        `${options.required} needs an API key: set server.api_keys, then send "Authorization: Bearer <key>".`,
      );
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
