// GET /v1/models: HA-Assist and every enabled physical model.

import type { Context } from 'hono';
import { encodeModelList } from '../../openai/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';

/** The OpenAI model list. */
export function listModels(deps: AppDeps) {
  return (c: Context<AppEnv>) => c.json(encodeModelList(deps.chat.listModels(), deps.clock.now()));
}
