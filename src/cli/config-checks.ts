// The configuration's cross-checks, past what each key's schema checks alone, and the models it enables.

import { MODEL_SETTING_KEYS } from '../assist/index.ts';
import type { Config, ModelConfig } from './config-schema.ts';

/** The public model name of every enabled model entry, by key. */
export function enabledModels(config: Config): Map<string, string> {
  const names = new Map<string, string>();
  for (const [key, model] of Object.entries(config.models)) {
    if (model.enabled) names.set(key, model.model ?? key);
  }
  return names;
}

/**
 * What the schema cannot see alone: model names that collide or take HA-Assist's, entries missing what their backend
 * needs, and settings naming a model that is not enabled. Each problem names its key.
 */
export function configProblems(config: Config): string[] {
  const problems: string[] = [];
  const enabled = enabledModels(config);
  const seen = new Map<string, string>();
  for (const [key, name] of enabled) {
    if (name === 'HA-Assist')
      problems.push(`models.${key}.model: 'HA-Assist' is the virtual model's name and cannot name a physical model`);
    const other = seen.get(name);
    if (other !== undefined) problems.push(`models.${key}.model: '${name}' is already the name of models.${other}`);
    seen.set(name, key);
  }
  for (const [key, model] of Object.entries(config.models)) problems.push(...backendProblems(`models.${key}`, model));
  if (config.embeddings !== null) problems.push(...backendProblems('embeddings', config.embeddings));
  const available = [...seen.keys()].map((name) => `'${name}'`).join(', ') || 'none';
  for (const setting of MODEL_SETTING_KEYS) {
    const name = config.settings[setting];
    if (name !== null && !seen.has(name))
      problems.push(`settings.${setting}: '${name}' is not an enabled model (enabled models: ${available})`);
  }
  return problems;
}

/** The tokenizer that counts a model's prompts: the one named, else the GGUF's own for llama-cpp, else the estimate. */
export function tokenizerOf(entry: ModelConfig): NonNullable<ModelConfig['tokenizer']> {
  return entry.tokenizer ?? (entry.backend === 'llama-cpp' ? 'model' : 'estimate');
}

/**
 * What a backend entry needs for its kind: a URL for HTTP, a local file for llama-cpp, a tokenizer it can use.
 * A disabled model is never reached, so it needs neither URL nor file (a half-configured entry can be kept off).
 */
function backendProblems(
  where: string,
  entry: {
    backend: string;
    base_url?: string | undefined;
    model_path?: string | undefined;
    tokenizer?: unknown;
    enabled?: boolean;
  },
): string[] {
  const problems: string[] = [];
  const isUsed = entry.enabled !== false;
  if (entry.backend === 'llama-cpp') {
    if (entry.model_path === undefined && isUsed)
      problems.push(`${where}.model_path: is required for backend 'llama-cpp' (a local GGUF file)`);
    if (entry.base_url !== undefined) problems.push(`${where}.base_url: is not used by backend 'llama-cpp'; remove it`);
  } else {
    if (entry.base_url === undefined && isUsed)
      problems.push(`${where}.base_url: is required for backend '${entry.backend}'`);
    if (entry.model_path !== undefined) problems.push(`${where}.model_path: is only for backend 'llama-cpp'`);
  }
  const tokenizer = entry.tokenizer;
  if (tokenizer === 'model' && entry.backend !== 'llama-cpp')
    problems.push(
      `${where}.tokenizer: 'model' needs backend 'llama-cpp'; use 'llama.cpp' or 'vllm' for a server's /tokenize, 'qwen3', 'gemma3', { file: PATH } or 'estimate'`,
    );
  if ((tokenizer === 'llama.cpp' || tokenizer === 'vllm') && entry.backend !== 'openai')
    problems.push(
      `${where}.tokenizer: '${tokenizer}' reads /tokenize of an OpenAI-compatible server (backend 'openai')`,
    );
  return problems;
}
