// The one place errors become responses: coded errors map by kind, anything else is a logged 500.

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isHearthError, type Logger } from '../common/index.ts';
import { toWireError, type WireError } from '../openai/index.ts';
import type { AppEnv } from './context.ts';

/** The status and OpenAI error body for any thrown value; internal errors are logged, never described. */
export function wireErrorOf(error: unknown, logger: Logger): WireError {
  if (isHearthError(error)) {
    const options = error.param === undefined ? { code: error.code } : { code: error.code, param: error.param };
    if (error.kind === 'internal') logger.error({ err: error }, 'internal error');
    else if (error.kind === 'upstream_failure' || error.kind === 'upstream_timeout')
      logger.warn({ code: error.code, message: error.message }, 'backend failed');
    return toWireError(error.kind, error.message, options);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return toWireError('invalid_request', error.message || 'The request is invalid.');
  }
  logger.error({ err: error }, 'unexpected error');
  return toWireError('internal', 'The server failed to answer this request; the error is in its log.', {
    code: 'INTERNAL_ERROR',
  });
}

/** Hono's error handler. */
export function onError(error: Error, c: Context<AppEnv>): Response {
  const wire = wireErrorOf(error, c.var.logger);
  return c.json(wire.body, wire.status as 400);
}

/** Hono's handler for paths that do not exist. */
export function onNotFound(c: Context<AppEnv>): Response {
  const wire = toWireError('not_found', `There is no ${c.req.method} ${c.req.path}.`, { code: 'UNKNOWN_URL' });
  return c.json(wire.body, 404);
}
