// The running server that owns the data folder, recorded in `server.json`: its address and process id.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HearthError, isRecord } from '../common/index.ts';
import { createFileExclusively, temporaryPath } from './exclusive-file.ts';
import { isProcessAlive } from './process-alive.ts';

/** The ownership file's name in the data folder. */
export const SERVER_FILE = 'server.json';

/** The ownership file's permission bits: the user alone may read and write it. */
const SERVER_FILE_MODE = 0o600;

/** How often a claim looks again while another process is replacing a stale file, and how long it waits between. */
const CLAIM_ATTEMPTS = 20;
const CLAIM_PAUSE_MS = 10;

/** The server that owns a data folder. */
export interface ServerOwner {
  /** Where it listens, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** Its process id. */
  pid: number;
}

/**
 * Records `owner` as the server of the data folder `dataDir` in `server.json` (mode 0600). Throws `SERVER_RUNNING`
 * when another live process owns it; a file left by a process that is gone (or that cannot be parsed) is replaced.
 */
export function claimOwnership(dataDir: string, owner: ServerOwner): void {
  assert.ok(isProcessId(owner.pid), 'a server owner is a process id');
  const path = join(dataDir, SERVER_FILE);
  const text = `${JSON.stringify({ url: owner.url, pid: owner.pid })}\n`;
  let marker = '';
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    if (attempt > 0) pause(CLAIM_PAUSE_MS);
    if (createExclusive(path, text)) return;
    const current = readIfPresent(path);
    if (current === undefined) continue;
    const holder = parseOwner(current);
    if (holder !== undefined && holder.pid !== owner.pid && isProcessAlive(holder.pid))
      throw serverRunning(dataDir, holder);
    marker = `${path}.${createHash('sha256').update(current).digest('hex').slice(0, 16)}.replacing`;
    if (replaceUnchanged({ path, marker, expected: current, text })) return;
  }
  // Only a marker left behind by a process that died while replacing the file keeps every attempt from succeeding.
  const message =
    `hearth cannot claim its data folder ${dataDir}: another hearth seems to be starting with it` +
    (marker === '' ? '' : `; if none is, remove ${marker} and start again`);
  throw new HearthError('SERVER_FILE_BUSY', message);
}

/** The live server that owns `dataDir`; undefined when there is no `server.json`, it is unreadable or its process is gone. */
export function readOwner(dataDir: string): ServerOwner | undefined {
  let text: string | undefined;
  try {
    text = readIfPresent(join(dataDir, SERVER_FILE));
  } catch {
    return undefined;
  }
  const owner = text === undefined ? undefined : parseOwner(text);
  return owner !== undefined && isProcessAlive(owner.pid) ? owner : undefined;
}

/** Removes `server.json` from `dataDir` if it names process `pid`; false when it was absent or another's. */
export function releaseOwnership(dataDir: string, pid: number): boolean {
  const path = join(dataDir, SERVER_FILE);
  let text: string | undefined;
  try {
    text = readIfPresent(path);
  } catch {
    return false;
  }
  if (text === undefined || parseOwner(text)?.pid !== pid) return false;
  try {
    rmSync(path, { force: true });
  } catch (error) {
    throw new HearthError('SERVER_FILE_UNWRITABLE', `hearth cannot remove ${path}`, { cause: error });
  }
  return true;
}

/** Creates `path` holding `text`, whole or not at all; false when it already exists. */
function createExclusive(path: string, text: string): boolean {
  try {
    return createFileExclusively(path, text, SERVER_FILE_MODE);
  } catch (error) {
    throw unwritable(path, error);
  }
}

/** What {@link replaceUnchanged} replaces, and with what. */
interface Replacement {
  path: string;
  /** The lock file for replacing exactly `expected`; named after its hash. */
  marker: string;
  expected: string;
  text: string;
}

/**
 * Replaces the file with `text` if it still holds `expected`; false when another process is replacing it or it changed.
 * Files have no compare-and-swap: two processes that both found the same stale file could each delete what the other
 * just wrote. So the check and the rename run while holding a marker file named after the content being replaced:
 * only one process holds it, and after its rename the content, and so the marker, is a different one.
 */
function replaceUnchanged(replacement: Replacement): boolean {
  const { path, marker, expected, text } = replacement;
  try {
    closeSync(openSync(marker, 'wx', SERVER_FILE_MODE));
  } catch (error) {
    if (isRecord(error) && error.code === 'EEXIST') return false;
    throw unwritable(path, error);
  }
  const temporary = temporaryPath(path);
  try {
    if (readIfPresent(path) !== expected) return false;
    writeFileSync(temporary, text, { flag: 'wx', mode: SERVER_FILE_MODE });
    renameSync(temporary, path);
    return true;
  } catch (error) {
    throw error instanceof HearthError ? error : unwritable(path, error);
  } finally {
    rmSync(temporary, { force: true });
    rmSync(marker, { force: true });
  }
}

/** The file's text, or undefined when it does not exist; other failures throw `SERVER_FILE_UNREADABLE`. */
function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isRecord(error) && error.code === 'ENOENT') return undefined;
    throw new HearthError('SERVER_FILE_UNREADABLE', `hearth cannot read ${path}`, { cause: error });
  }
}

/** The owner a file's text names, or undefined when it is not `{ "url": string, "pid": process id }`. */
function parseOwner(text: string): ServerOwner | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.url !== 'string' || !isProcessId(value.pid)) return undefined;
  return { url: value.url, pid: value.pid };
}

/** A positive whole number: `process.kill(0)` and negative ids would signal a whole process group. */
function isProcessId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Blocks for `ms` milliseconds; claiming runs once, at start, before the server listens. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function serverRunning(dataDir: string, holder: ServerOwner): HearthError {
  const message = `Another hearth server (process ${holder.pid}, ${holder.url}) already uses the data folder ${dataDir}`;
  return new HearthError('SERVER_RUNNING', message);
}

function unwritable(path: string, cause: unknown): HearthError {
  return new HearthError('SERVER_FILE_UNWRITABLE', `hearth cannot write ${path}`, { cause });
}
