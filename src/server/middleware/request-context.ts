// Gives every request an id and a logger bound to it, echoes the id, and logs one line when it ends.

import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context.ts';

/** A client-supplied id is kept only if it is short and plain, so it cannot inject into logs. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The request-context middleware. */
export function requestContext(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const offered = c.req.header('x-request-id');
    const requestId = offered !== undefined && SAFE_REQUEST_ID.test(offered) ? offered : deps.ids.next('req_');
    const logger = deps.logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('logger', logger);
    const started = deps.clock.monotonic();
    // Set before the handler runs, so every response made through the context carries it. Setting it on a
    // finished response instead would turn the Node adapter's lightweight response into a full web one.
    c.header('x-request-id', requestId);
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(deps.clock.monotonic() - started),
      },
      'request',
    );
  });
}
