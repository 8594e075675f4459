// The route table: every path the server answers, in one screen.

import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context.ts';
import { apiKeyAuth } from './middleware/api-key.ts';
import { jsonBody } from './middleware/json-body.ts';
import { chatCompletions } from './routes/chat-completions.ts';
import { healthz } from './routes/healthz.ts';
import { listModels } from './routes/models.ts';

/** Registers every route on `app`. */
export function registerRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/healthz', healthz());

  app.use('/v1/*', apiKeyAuth(deps.apiKeys));
  app.get('/v1/models', listModels(deps));
  app.post('/v1/chat/completions', ...jsonBody(deps.bodyLimitBytes), chatCompletions(deps));
}
