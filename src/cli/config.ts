// Loads the configuration: defaults, then the YAML file, then HEARTH__* environment overrides, validated once.

import yaml from 'js-yaml';
import { MODEL_SETTING_KEYS } from '../assist/index.ts';
import { HearthError, isRecord, issuePath } from '../common/index.ts';
import { ConfigSchema, type Config, type ModelConfig } from './config-schema.ts';

/** Where the configuration comes from. */
export interface ConfigSources {
  /** `--config`; an explicit file must exist. */
  explicitPath?: string;
  env: NodeJS.ProcessEnv;
  /** Reads a file, or returns undefined when it does not exist. */
  readFile(path: string): string | undefined;
}

/** The file used when neither `--config` nor `HEARTH_CONFIG` names one; it may be absent. */
export const DEFAULT_CONFIG_PATH = './hearth.yaml';

/** Prefix of the environment overrides: `HEARTH__SETTINGS__HA_ASSIST_TEXT_MODEL=gemma`. */
export const ENV_PREFIX = 'HEARTH__';

/** The validated configuration and the file it came from (if any). */
export interface LoadedConfig {
  config: Config;
  path: string | undefined;
}

/** Loads and validates; a bad value throws `CONFIG_INVALID` naming the key and the allowed range. */
export function loadConfig(sources: ConfigSources): LoadedConfig {
  const named = sources.explicitPath ?? sources.env.HEARTH_CONFIG;
  const path = named ?? DEFAULT_CONFIG_PATH;
  const text = sources.readFile(path);
  if (text === undefined && named !== undefined) {
    throw new HearthError('invalid_request', 'CONFIG_NOT_FOUND', `The configuration file ${path} does not exist.`);
  }
  const raw = text === undefined ? {} : parseYamlFile(text, path);
  applyEnvOverrides(raw, sources.env);
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issuePath(issue.path, { root: '(top level)' })}: ${describe(issue)}`,
    );
    throw configError(path, text !== undefined, lines);
  }
  const problems = crossCheck(parsed.data);
  if (problems.length > 0)
    throw configError(
      path,
      text !== undefined,
      problems.map((line) => `  ${line}`),
    );
  return { config: parsed.data, path: text === undefined ? undefined : path };
}

/** The public model name of every enabled model entry, by key. */
export function enabledModels(config: Config): Map<string, string> {
  const names = new Map<string, string>();
  for (const [key, model] of Object.entries(config.models)) {
    if (model.enabled) names.set(key, model.model ?? key);
  }
  return names;
}

function parseYamlFile(text: string, path: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: path });
  } catch (error) {
    const where =
      error instanceof yaml.YAMLException ? ` at line ${error.mark.line + 1}, column ${error.mark.column + 1}` : '';
    const reason = error instanceof yaml.YAMLException ? error.reason : String(error);
    throw new HearthError(
      'invalid_request',
      'CONFIG_INVALID',
      `The configuration file ${path} is not valid YAML${where}: ${reason}.`,
      { cause: error },
    );
  }
  if (document == null) return {};
  if (!isRecord(document)) {
    throw new HearthError(
      'invalid_request',
      'CONFIG_INVALID',
      `The configuration file ${path} must hold a mapping of keys (server, log, settings, models).`,
    );
  }
  return document;
}

/** `HEARTH__A__B=value` sets key `a.b`; the value is read as a YAML scalar or flow list (`[k1, k2]`). */
function applyEnvOverrides(raw: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || value === undefined) continue;
    const keys = name
      .slice(ENV_PREFIX.length)
      .toLowerCase()
      .split('__')
      .filter((key) => key !== '');
    if (keys.length === 0) continue;
    let target = raw;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (!isRecord(next)) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1]!] = readEnvValue(value);
  }
}

function readEnvValue(value: string): unknown {
  try {
    return yaml.load(value, { schema: yaml.CORE_SCHEMA });
  } catch {
    return value;
  }
}

function crossCheck(config: Config): string[] {
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

function configError(path: string, hasFile: boolean, lines: string[]): HearthError {
  const source = hasFile ? `The configuration in ${path}` : 'The configuration';
  return new HearthError('invalid_request', 'CONFIG_INVALID', `${source} is invalid:\n${lines.join('\n')}`);
}

function describe(issue: { code: string; message: string; keys?: readonly string[] }): string {
  if (issue.code === 'unrecognized_keys' && issue.keys)
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
  if (issue.message.includes('received undefined')) return 'is required';
  return issue.message;
}
