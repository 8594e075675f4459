#!/usr/bin/env node
// The add-on's options (what a Home Assistant user sets, saved in /data/options.json) as hearth's configuration file.
//
//   node options-to-config.mjs [OPTIONS.json [CONFIG.yaml]]   writes the configuration (default /data/options.json →
//                                                             /data/hearth.yaml), mode 0600: it holds the keys
//   node options-to-config.mjs --ollama-host [OPTIONS.json]   prints ollama_url, for OLLAMA_HOST (hearth's discovery
//                                                             of Ollama's models reads the address from there only)
//
// Node only, no dependencies: it runs before hearth, in hearth's image. A bad option stops the add-on with a message
// that names the option and never shows a key.

import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isMain } from './is-main.mjs';

/** The levels hearth's `log.level` takes that the add-on offers (hearth's `silent` is left out: logs are the add-on's only voice). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** hearth's shortest accepted API key and admin key (`server.api_keys`, `server.admin_key`). */
const MIN_KEY_LENGTH = 16;

/** The virtual model's name, which no physical model may take. */
const VIRTUAL_MODEL = 'HA-Assist';

/** An option Home Assistant passed that hearth cannot use; the message names the option, never a key's value. */
export class OptionsError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'OptionsError';
    this.code = 'ADDON_OPTIONS_INVALID';
  }
}

/**
 * hearth's configuration (a plain object, in the configuration file's snake_case keys) for the add-on's options.
 * Options absent, null or empty take hearth's defaults; options hearth does not know are ignored.
 * @param {unknown} options the parsed /data/options.json
 * @returns {Record<string, unknown>}
 */
export function configFromOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new OptionsError('the add-on options must be a mapping of option names to values');
  const given = /** @type {Record<string, unknown>} */ (options);
  /** @type {string[]} */
  const problems = [];
  // Every option is read, so that one start reports every bad option.
  /** @type {<T>(read: () => T) => T | null} */
  const attempt = (read) => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof OptionsError)) throw error;
      problems.push(error.message);
      return null;
    }
  };
  const apiKeys = attempt(() => readApiKeys(given.api_keys));
  const adminKey = attempt(() => readAdminKey(given.admin_key));
  const logLevel = attempt(() => readLogLevel(given.log_level));
  const ollamaUrl = attempt(() => readOllamaUrl(given.ollama_url));
  const textModel = attempt(() => readTextModel(given.text_model, isGiven(given.ollama_url)));
  if (problems.length > 0) throw new OptionsError(problems.join('; '));
  /** @type {Record<string, unknown>} */
  const config = {
    server: { api_keys: apiKeys, admin_key: adminKey },
    log: { level: logLevel },
    // hearth asks Ollama for its models only when no model is configured; without an address there is none to ask
    // (the add-on's own 127.0.0.1 has no Ollama).
    ollama: ollamaUrl !== null,
  };
  if (textModel !== null && ollamaUrl !== null) {
    config.models = {
      [modelKey(textModel)]: { backend: 'ollama', base_url: ollamaUrl, model: textModel },
    };
    config.settings = { ha_assist_text_model: textModel };
  }
  return config;
}

/**
 * The value for OLLAMA_HOST: the add-on's `ollama_url`, or '' when it has none.
 * @param {unknown} options the parsed /data/options.json
 * @returns {string}
 */
export function ollamaHostFromOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return '';
  return readOllamaUrl(/** @type {Record<string, unknown>} */ (options).ollama_url) ?? '';
}

/**
 * The configuration file's text. JSON is YAML (1.2), so no YAML library is needed and every string is quoted.
 * @param {Record<string, unknown>} config
 * @returns {string}
 */
export function renderConfig(config) {
  const header = [
    '# hearth configuration, written by the add-on from its options (/data/options.json) at every start.',
    "# Change the add-on's options in Home Assistant instead: this file is replaced.",
  ];
  return `${header.join('\n')}\n${JSON.stringify(config, null, 2)}\n`;
}

/** @param {unknown} value */
function readApiKeys(value) {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new OptionsError('api_keys: must be a list of keys');
  value.forEach((key, index) => {
    if (typeof key !== 'string') throw new OptionsError(`api_keys: entry ${index + 1} is not text`);
    if (key.length < MIN_KEY_LENGTH)
      throw new OptionsError(`api_keys: entry ${index + 1} has fewer than ${MIN_KEY_LENGTH} characters`);
  });
  return [...value];
}

/** @param {unknown} value */
function readAdminKey(value) {
  if (!isGiven(value)) return null;
  if (typeof value !== 'string') throw new OptionsError('admin_key: must be text');
  if (value.length < MIN_KEY_LENGTH) throw new OptionsError(`admin_key: has fewer than ${MIN_KEY_LENGTH} characters`);
  return value;
}

/** @param {unknown} value */
function readLogLevel(value) {
  if (value === undefined || value === null) return 'info';
  if (typeof value !== 'string' || !LOG_LEVELS.includes(value))
    throw new OptionsError(`log_level: ${JSON.stringify(value)} is not one of ${LOG_LEVELS.join(', ')}`);
  return value;
}

/**
 * An http(s) address without its trailing slashes (hearth appends /api/… to it); the address is not repeated in the
 * message, since it may carry a password.
 * @param {unknown} value
 * @returns {string | null}
 */
function readOllamaUrl(value) {
  if (!isGiven(value)) return null;
  const problem = 'ollama_url: must be an http:// or https:// address, such as http://192.168.1.20:11434';
  if (typeof value !== 'string') throw new OptionsError(problem);
  let protocol;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new OptionsError(problem);
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new OptionsError(problem);
  return value.replace(/\/+$/u, '');
}

/**
 * @param {unknown} value
 * @param {boolean} hasOllamaUrl
 * @returns {string | null}
 */
function readTextModel(value, hasOllamaUrl) {
  if (!isGiven(value)) return null;
  if (typeof value !== 'string' || value.trim() === '') throw new OptionsError('text_model: must be a model name');
  if (value === VIRTUAL_MODEL)
    throw new OptionsError(`text_model: '${VIRTUAL_MODEL}' is hearth's virtual model; name an Ollama model`);
  if (!hasOllamaUrl) throw new OptionsError('text_model: needs ollama_url, the address of the Ollama that serves it');
  return value;
}

/**
 * An optional option counts as unset when absent, null or empty (the Supervisor's UI may save a cleared field as '').
 * @param {unknown} value
 */
function isGiven(value) {
  return value !== undefined && value !== null && value !== '';
}

/**
 * A configuration key for a model name ("qwen3:4b" → "qwen3_4b"): keys take only letters, digits, "_", "." and "-".
 * @param {string} name
 */
function modelKey(name) {
  return name.replace(/[^\w.-]/gu, '_');
}

/**
 * Writes `text` to `path` readable by its owner only: a temporary file made 0600 before the keys go in, then renamed,
 * so the file is never briefly open to others, even when an older one had a wider mode.
 * @param {string} path
 * @param {string} text
 */
function writePrivateFile(path, text) {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, '', { mode: 0o600 });
  chmodSync(temporary, 0o600);
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** @param {string[]} argv */
function main(argv) {
  const printHost = argv[0] === '--ollama-host';
  const [optionsPath = '/data/options.json', configPath = '/data/hearth.yaml'] = printHost ? argv.slice(1) : argv;
  const options = readOptions(optionsPath);
  if (printHost) {
    process.stdout.write(ollamaHostFromOptions(options));
    return;
  }
  writePrivateFile(configPath, renderConfig(configFromOptions(options)));
}

/**
 * The parsed options file. JSON.parse's own message quotes the text around a mistake, which may be a key, so it is
 * replaced.
 * @param {string} path
 * @returns {unknown}
 */
function readOptions(path) {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new OptionsError(`${path} is not valid JSON`);
  }
}

if (isMain(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    // Only the message: an OptionsError never holds a key; anything else (an unreadable file) is about paths.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`hearth add-on: the options cannot be used: ${message}\n`);
    process.exitCode = 1;
  }
}
