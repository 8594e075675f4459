// The HTTP application as one function from a Request to a Response; listening is cli/'s job.

import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context.ts';
import { requestContext } from './middleware/request-context.ts';
import { onError, onNotFound } from './on-error.ts';
import { registerRoutes } from './routes.ts';

/** The app: `fetch(request)` answers one request. */
export interface App {
  fetch(request: Request): Promise<Response>;
}

/** Builds the app from its dependencies. */
export function createApp(deps: AppDeps): App {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps));
  registerRoutes(app, deps);
  app.notFound(onNotFound);
  app.onError(onError);
  return { fetch: async (request) => app.fetch(request) };
}
