// GET /api/tags, GET /api/ps and POST /api/show: the models, as Ollama lists and describes them.

import type { Context } from 'hono';
import { HearthError } from '../../common/index.ts';
import {
  encodePs,
  encodeShow,
  encodeTags,
  modelNotFoundMessage,
  OllamaShowRequestSchema,
  parseOllamaRequest,
  resolveOllamaModel,
} from '../../ollama/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';

/** How long `/api/ps` says a model stays loaded: Ollama's default `keep_alive`. */
const KEEP_ALIVE_MS = 5 * 60 * 1000;

/** `GET /api/tags`: HA-Assist and every enabled model. */
export function ollamaTags(deps: AppDeps) {
  return (c: Context<AppEnv>) => c.json(encodeTags(deps.chat.listModels(), deps.clock.now()));
}

/** `GET /api/ps`: the same models, as running ones. */
export function ollamaPs(deps: AppDeps) {
  return (c: Context<AppEnv>) =>
    c.json(encodePs(deps.chat.listModels(), { nowMs: deps.clock.now(), keepMs: KEEP_ALIVE_MS }));
}

/** `POST /api/show`: one model's details, or Ollama's 404. */
export function ollamaShow(deps: AppDeps) {
  return (c: Context<AppEnv>) => {
    const request = parseOllamaRequest(OllamaShowRequestSchema, c.var.body);
    const requested = request.model ?? request.name;
    if (requested === undefined) {
      throw new HearthError('INVALID_REQUEST', "'model' is required", { param: 'model' });
    }
    const models = deps.chat.listModels();
    const id = resolveOllamaModel(
      requested,
      models.map((model) => model.id),
    );
    const model = models.find((candidate) => candidate.id === id);
    if (model === undefined) {
      throw new HearthError('MODEL_NOT_FOUND', modelNotFoundMessage(requested), { param: 'model' });
    }
    return c.json(encodeShow(model, deps.clock.now()));
  };
}
