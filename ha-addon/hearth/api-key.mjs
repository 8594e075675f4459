#!/usr/bin/env node
// The add-on's API key, so that hearth's API is never open on the network without one.
//
//   node api-key.mjs OPTIONS.json KEY-FILE OUT.json
//
// With `api_keys` set in the add-on's options, OUT is the options as they are. With none, the add-on uses the key kept
// in KEY-FILE, generated on the first start (mode 0600, in /data: kept across updates and in backups), and OUT is the
// options with that key as `api_keys`. That key is printed in the add-on's log, and put into the add-on's options
// through the Supervisor's API (POST /addons/self/options, which every add-on may call with its SUPERVISOR_TOKEN), so
// the Configuration tab shows it from then on and later starts no longer print it. Node only, no dependencies.

import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isMain } from './is-main.mjs';

/** hearth's shortest accepted API key (`server.api_keys`). */
const MIN_KEY_LENGTH = 16;

/** Where the Supervisor's API answers an add-on. */
const SUPERVISOR = 'http://supervisor';

/** A new key: 24 random bytes, URL-safe (32 characters after the prefix), which no log or URL mangles. */
export function generateKey() {
  return `hearth-${randomBytes(24).toString('base64url')}`;
}

/**
 * The options' API keys, when they are a list of text (the Supervisor has checked their length against the schema).
 * @param {Record<string, unknown>} options
 * @returns {string[]}
 */
export function configuredKeys(options) {
  const keys = options.api_keys;
  return Array.isArray(keys) ? keys.filter((key) => typeof key === 'string' && key !== '') : [];
}

/**
 * The key in KEY-FILE, or null when there is none (or it is too short to be one hearth accepts).
 * @param {string} path
 * @returns {string | null}
 */
export function readKeyFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  const key = text.trim();
  return key.length >= MIN_KEY_LENGTH ? key : null;
}

/**
 * The options hearth runs with, and what the start should say about the key.
 * @param {Record<string, unknown>} options the add-on's options (/data/options.json)
 * @param {{ keyFile: () => string | null, createKey: () => string }} store
 * @returns {{ options: Record<string, unknown>, key: string | null, generated: boolean }}
 *   `key` is the key taken from KEY-FILE (null when the options have keys of their own)
 */
export function withApiKey(options, store) {
  if (configuredKeys(options).length > 0) return { options, key: null, generated: false };
  const kept = store.keyFile();
  const key = kept ?? store.createKey();
  return { options: { ...options, api_keys: [key] }, key, generated: kept === null };
}

/**
 * Saves `options` as the add-on's options through the Supervisor; resolves to null, or the reason it could not.
 * @param {Record<string, unknown>} options
 * @param {{ token: string | undefined, fetch?: typeof fetch, timeoutMs?: number }} supervisor
 * @returns {Promise<string | null>}
 */
export async function saveOptions(options, { token, fetch: send = fetch, timeoutMs = 5000 }) {
  if (token === undefined || token === '') return 'no SUPERVISOR_TOKEN (not running under the Supervisor)';
  try {
    const response = await send(`${SUPERVISOR}/addons/self/options`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ options }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok ? null : `the Supervisor answered ${response.status}`;
  } catch (error) {
    return `the Supervisor did not answer (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * Writes `text` to `path` readable by its owner only (a 0600 temporary file, then renamed).
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
async function main(argv) {
  const [optionsPath, keyPath, outPath] = argv;
  if (optionsPath === undefined || keyPath === undefined || outPath === undefined)
    throw new Error('usage: api-key.mjs OPTIONS.json KEY-FILE OUT.json');
  let options;
  try {
    options = JSON.parse(readFileSync(optionsPath, 'utf8'));
  } catch {
    throw new Error(`${optionsPath} cannot be read as JSON`);
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new Error('the add-on options must be a mapping of option names to values');
  const result = withApiKey(options, {
    keyFile: () => readKeyFile(keyPath),
    createKey: () => {
      const key = generateKey();
      writePrivateFile(keyPath, `${key}\n`);
      return key;
    },
  });
  writePrivateFile(outPath, `${JSON.stringify(result.options)}\n`);
  if (result.key === null) return;
  const say = (/** @type {string} */ line) => process.stdout.write(`hearth add-on: ${line}\n`);
  say(
    result.generated
      ? `no api_keys were set, so this first start generated hearth's API key: ${result.key}`
      : `no api_keys are set, so hearth uses the key generated on the first start: ${result.key}`,
  );
  say('clients send it as "Authorization: Bearer <key>" (Home Assistant\'s Ollama integration: its API key field).');
  const problem = await saveOptions(result.options, { token: process.env.SUPERVISOR_TOKEN });
  say(
    problem === null
      ? "it is now in the add-on's options (Configuration → api_keys), where you can replace it."
      : `it could not be put into the add-on's options: ${problem}; it stays in ${keyPath}.`,
  );
}

if (isMain(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`hearth add-on: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
