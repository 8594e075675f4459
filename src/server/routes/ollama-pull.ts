// POST /api/pull: refused, since hearth serves configured models and downloads nothing.

import type { Context } from 'hono';
import { HearthError } from '../../common/index.ts';
import type { AppEnv } from '../context.ts';

/** Always a 400 in Ollama's error form that says where models come from instead. */
export function ollamaPull() {
  return (_c: Context<AppEnv>) => {
    throw new HearthError(
      'PULL_UNSUPPORTED',
      "hearth does not download models: add the model to hearth's configuration (or pull it into the Ollama server hearth uses), then restart hearth",
    );
  };
}
