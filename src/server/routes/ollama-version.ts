// GET /api/version: the Ollama API version hearth's answers follow.

import type { Context } from 'hono';
import { OLLAMA_API_VERSION } from '../../ollama/index.ts';
import type { AppEnv } from '../context.ts';

/** Answers `{"version": …}`. */
export function ollamaVersion() {
  return (c: Context<AppEnv>) => c.json({ version: OLLAMA_API_VERSION });
}
