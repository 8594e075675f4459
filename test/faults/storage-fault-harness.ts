// The real program on a data folder a test breaks: `hearth serve` and the command line as child processes, the key
// file and the database read straight from disk, and the files made unwritable (as root) with chattr +i.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Database from 'better-sqlite3';
import { type RunningHearth, runHearthCommand, spawnHearth } from '../e2e/spawn-hearth.ts';
import { ADMIN_TOKEN } from '../fakes/home-assistant/index.ts';

/** The API key of the configuration (for /readyz and /mcp). */
export const API_KEY = 'storage-fault-key-0123456789';
/** The admin key of the configuration (for /admin). */
export const ADMIN_KEY = 'storage-fault-admin-0123456789';

/** Whether this process may make files immutable; permission bits do not stop root. */
export const IS_ROOT = process.getuid?.() === 0;
/** Why the tests that need chattr are skipped otherwise. */
export const NOT_ROOT = 'needs root: chattr +i is the one way to make a file unwritable to root, who ignores mode bits';

/** A data folder with its configuration, and the ways in: the command line and `hearth serve`. */
export interface StorageSpace {
  dataDir: string;
  keyFile: string;
  databaseFile: string;
  /** Runs `hearth ARGS --config …` and waits for it to end. */
  cli(args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Starts `hearth serve` on the data folder. */
  serve(): Promise<RunningHearth>;
  /** The sealed tokens as stored, by connection name (read with a read-only connection of the test's own). */
  sealedTokens(): Record<string, string>;
  /** Runs `work` on a connection of the test's own to the database, then closes it. */
  writeDatabase(work: (db: Database.Database) => void): void;
}

/** A new, empty data folder and a configuration with an API key, an admin key and info logs. */
export function createStorageSpace(): StorageSpace {
  const workDir = mkdtempSync(join(tmpdir(), 'hearth-storage-faults-'));
  const dataDir = join(workDir, 'data');
  const configYaml = `server:\n  api_keys: [${API_KEY}]\n  admin_key: ${ADMIN_KEY}\nlog:\n  level: info\n`;
  const configPath = join(workDir, 'hearth.yaml');
  writeFileSync(configPath, configYaml);
  const env = { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: dataDir };
  return {
    dataDir,
    keyFile: join(dataDir, 'secret.key'),
    databaseFile: join(dataDir, 'hearth.db'),
    cli: (args, stdin = '') => runHearthCommand([...args, '--config', configPath], env, stdin),
    serve: () => spawnHearth(configYaml, env),
    sealedTokens: () => readSealedTokens(join(dataDir, 'hearth.db')),
    writeDatabase(work) {
      const db = new Database(join(dataDir, 'hearth.db'), { fileMustExist: true });
      try {
        work(db);
      } finally {
        db.close();
      }
    },
  };
}

/** Adds the connection `home` to `homeUrl` with the command line, its token on stdin; asserts it was saved. */
export async function addHome(space: StorageSpace, homeUrl: string): Promise<void> {
  const added = await space.cli(['connections', 'add', 'home', '--url', homeUrl], `${ADMIN_TOKEN}\n`);
  assert.equal(added.code, 0, added.stderr);
}

/** `GET /readyz`: its status and JSON body. */
export async function readyz(url: string): Promise<{ status: number; body: { status: string; reason?: string } }> {
  const response = await fetch(`${url}/readyz`, { headers: { authorization: `Bearer ${API_KEY}` } });
  return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
}

/** `GET /healthz`: its status and how long it took, in milliseconds. */
export async function healthz(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** An admin request with the admin key: its status and JSON body. */
export async function admin(
  url: string,
  request: { method: string; path: string; body?: unknown },
): Promise<{ status: number; body: { error?: { message: string; code?: string } } & Record<string, unknown> }> {
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** Calls one tool over `/mcp` (unattended, as a client of the API key). */
export async function callTool(
  url: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string }> {
  const client = new Client({ name: 'storage-fault-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
    }),
  );
  try {
    const result = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    return { isError: result.isError ?? false, text: result.content[0]?.text ?? '' };
  } finally {
    await client.close();
  }
}

/** Sets or clears the immutable attribute of `file` (root only). */
export function setImmutable(file: string, on: boolean): void {
  execFileSync('chattr', [on ? '+i' : '-i', file]);
}

function readSealedTokens(databaseFile: string): Record<string, string> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[], { name: string; token: Buffer }>('SELECT name, token FROM connections').all();
    return Object.fromEntries(rows.map((row) => [row.name, row.token.toString('hex')]));
  } finally {
    db.close();
  }
}
