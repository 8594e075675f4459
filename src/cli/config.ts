// Loads the configuration: defaults, then the YAML file, then HEARTH__* environment overrides, validated once.

import yaml from 'js-yaml';
import { HearthError, isRecord, issuePath, safeParseJson } from '../common/index.ts';
import { configProblems } from './config-checks.ts';
import { ConfigSchema, type Config } from './config-schema.ts';

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
    throw new HearthError('CONFIG_NOT_FOUND', `The configuration file ${path} does not exist.`);
  }
  const raw = text === undefined ? {} : parseYamlFile(text, path);
  applyEnvOverrides(raw, sources.env);
  const parsed = safeParseJson(ConfigSchema, raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issuePath(issue.path, { root: '(top level)' })}: ${describe(issue)}`,
    );
    throw configError(path, text !== undefined, lines);
  }
  const problems = configProblems(parsed.data);
  if (problems.length > 0)
    throw configError(
      path,
      text !== undefined,
      problems.map((line) => `  ${line}`),
    );
  return { config: parsed.data, path: text === undefined ? undefined : path };
}

function parseYamlFile(text: string, path: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: path });
  } catch (error) {
    const where =
      error instanceof yaml.YAMLException ? ` at line ${error.mark.line + 1}, column ${error.mark.column + 1}` : '';
    const reason = error instanceof yaml.YAMLException ? error.reason : String(error);
    throw new HearthError('CONFIG_INVALID', `The configuration file ${path} is not valid YAML${where}: ${reason}.`, {
      cause: error,
    });
  }
  if (document == null) return {};
  if (!isRecord(document)) {
    throw new HearthError(
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

function configError(path: string, hasFile: boolean, lines: string[]): HearthError {
  const source = hasFile ? `The configuration in ${path}` : 'The configuration';
  return new HearthError('CONFIG_INVALID', `${source} is invalid:\n${lines.join('\n')}`);
}

function describe(issue: { code: string; message: string; keys?: readonly string[] }): string {
  if (issue.code === 'unrecognized_keys' && issue.keys)
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
  if (issue.message.includes('received undefined')) return 'is required';
  return issue.message;
}
