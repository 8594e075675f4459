// Gives every request an id and a logger bound to it, echoes the id, and logs (one line) and counts it when it ends.

import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from '../context.ts';
import { surfaceOf } from '../surface.ts';
import { createRequestLogger } from './request-logger.ts';

/** A client-supplied id is kept only if it is short and plain, so it cannot inject into logs. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The request-context middleware. */
export function requestContext(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const offered = c.req.header('x-request-id');
    const requestId = offered !== undefined && SAFE_REQUEST_ID.test(offered) ? offered : deps.ids.next('req_');
    const logger = createRequestLogger(deps.logger, { reqId: requestId });
    c.set('requestId', requestId);
    c.set('logger', logger);
    const started = deps.clock.monotonic();
    // Set before the handler runs, so every response made through the context carries it. Setting it on a
    // finished response instead would turn the Node adapter's lightweight response into a full web one.
    c.header('x-request-id', requestId);
    await next();
    const ms = deps.clock.monotonic() - started;
    // The request's one line at info, with what its handler noted (HA-Assist's route and plan).
    logger.end({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) }, 'request');
    // Labelled by the registered route (`/admin/proposals/:id/confirm`), never the raw path, so labels stay few.
    deps.metrics?.request(
      { surface: surfaceOf(c.req.path), route: routePath(c, -1), method: c.req.method, status: c.res.status },
      ms / 1000,
    );
  });
}
