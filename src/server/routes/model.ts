// GET /v1/models/{id}: one model of the list, or 404 `model_not_found` naming those that exist.

import type { Context } from 'hono';
import { modelNotFound } from '../../common/index.ts';
import { encodeModel } from '../../openai/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';

/** The OpenAI model object for the id in the path. */
export function retrieveModel(deps: AppDeps) {
  return (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    const models = deps.chat.listModels();
    const model = models.find((candidate) => candidate.id === id);
    if (model === undefined) throw modelNotFound(id, { available: models.map((candidate) => candidate.id) });
    return c.json(encodeModel(model, deps.clock.now()));
  };
}
