// Bearer-key authentication: optional for the model APIs (off when no keys are configured), required for MCP.

import { createMiddleware } from 'hono/factory';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';
import { bearerKey, isKnownKey, keyDigests } from './bearer-key.ts';

/** What {@link apiKeyAuth} checks besides the keys. */
export interface ApiKeyOptions {
  /** A surface that is never open (MCP reads a home, so it answers 403 until a key is configured). */
  required?: string;
  /**
   * The connections each limited key may use (`server.api_keys` entries with `connections`): the request's key's are
   * put on the context as `keyConnections`; a key not in it may use every enabled connection.
   */
  connectionsOf?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Requires `Authorization: Bearer <key>` with one of `keys`. With no keys it passes everything, unless `required`
 * names a surface that is never open.
 */
export function apiKeyAuth(keys: readonly string[], options: ApiKeyOptions = {}) {
  const digests = keyDigests(keys);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (digests.length === 0 && options.required !== undefined)
      throw new HearthError(
        'API_KEY_NOT_CONFIGURED',
        `${options.required} needs an API key: set server.api_keys, then send "Authorization: Bearer <key>".`,
      );
    if (digests.length === 0) return next();
    const key = bearerKey(c.req.header('authorization'));
    if (key === undefined) {
      throw new HearthError('MISSING_API_KEY', 'An API key is required: send it as "Authorization: Bearer <key>".');
    }
    if (!isKnownKey(digests, key)) throw new HearthError('INVALID_API_KEY', 'The API key is not valid.');
    // Looked up only once the key is known to be valid: the map is never probed with a guess.
    const connections = options.connectionsOf?.get(key);
    if (connections !== undefined) c.set('keyConnections', connections);
    return next();
  });
}
