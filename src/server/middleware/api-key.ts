// Bearer-key authentication: optional for the model APIs (off when no keys are configured), required for MCP.

import { createMiddleware } from 'hono/factory';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';
import { bearerKey, isKnownKey, keyDigests } from './bearer-key.ts';

/**
 * Requires `Authorization: Bearer <key>` with one of `keys`. With no keys it passes everything, unless `required`
 * names a surface that is never open (MCP reads a home, so it answers 403 until a key is configured).
 */
export function apiKeyAuth(keys: readonly string[], options: { required?: string } = {}) {
  const digests = keyDigests(keys);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0 && options.required !== undefined)
      throw new HearthError(
        'permission',
        'API_KEY_NOT_CONFIGURED',
        `${options.required} needs an API key: set server.api_keys, then send "Authorization: Bearer <key>".`,
      );
    if (digests.length === 0) return next();
    const key = bearerKey(c.req.header('authorization'));
    if (key === undefined) {
      throw new HearthError(
        'authentication',
        'MISSING_API_KEY',
        'An API key is required: send it as "Authorization: Bearer <key>".',
      );
    }
    if (!isKnownKey(digests, key))
      throw new HearthError('authentication', 'INVALID_API_KEY', 'The API key is not valid.');
    return next();
  });
}
