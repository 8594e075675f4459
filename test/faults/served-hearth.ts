// The real program (`hearth serve`) over a data folder a test chooses, with an ask-first home on the fake Home
// Assistant: proposals made over MCP, confirmed through the admin API, and the journal read straight from SQLite.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Database from 'better-sqlite3';
import { ADMIN_TOKEN } from '../fakes/home-assistant/index.ts';
import { type RunningHearth, runHearthCommand, spawnHearth } from '../e2e/spawn-hearth.ts';

const API_KEY = 'served-fault-key-0123456789';
const ADMIN_KEY = 'served-admin-key-0123456789';

/** A journal row as the test reads it. */
export interface OperationRow {
  operation_id: string;
  state: string;
  detail: string;
  pid: number | null;
}

/** hearth serving an ask-first home. */
export interface ServedHearth {
  hearth: RunningHearth;
  /** The API key of `/v1` and `/mcp`. */
  apiKey: string;
  /** Makes a proposal to turn the kitchen light on (over `/mcp`, so unattended); returns its id. */
  proposeKitchenOn(): Promise<string>;
  /** `POST /admin/proposals/:id/confirm`. */
  confirm(id: string): Promise<Response>;
  /** The journal's rows, read from the database file (a connection of the test's own, read only). */
  operations(): OperationRow[];
  stop(): Promise<void>;
}

/** Where and how to run hearth. */
export interface ServedHearthOptions {
  /** The folder for the configuration; the data folder is `dataDir`. */
  workDir: string;
  dataDir: string;
  /** The fake Home Assistant's address. */
  homeUrl: string;
  /** `server.workers`. */
  workers: number;
}

/** Adds the home (ask-first) with the command line, then starts `hearth serve` on that data folder. */
export async function startServedHearth(options: ServedHearthOptions): Promise<ServedHearth> {
  const config = [
    'server:',
    `  api_keys: [${API_KEY}]`,
    `  admin_key: ${ADMIN_KEY}`,
    `  workers: ${options.workers}`,
    'log:',
    '  level: info',
    '',
  ].join('\n');
  const configPath = join(options.workDir, 'hearth.yaml');
  writeFileSync(configPath, config);
  const env = { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: options.dataDir };
  const run = (args: string[], stdin = '') => runHearthCommand([...args, '--config', configPath], env, stdin);
  assert.equal((await run(['connections', 'add', 'home', '--url', options.homeUrl], `${ADMIN_TOKEN}\n`)).code, 0);
  assert.equal((await run(['connections', 'mode', 'home', 'ask-first'])).code, 0);
  const hearth = await spawnHearth(config, env);
  return {
    hearth,
    apiKey: API_KEY,
    proposeKitchenOn: () => proposeKitchenOn(hearth.url, options.homeUrl),
    confirm: (id) =>
      fetch(`${hearth.url}/admin/proposals/${id}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
      }),
    operations: () => readOperations(join(options.dataDir, 'hearth.db')),
    stop: () => hearth.stop(),
  };
}

/** Polls `read` every 25 ms until `isDone` holds of its value or `withinMs` passed; returns the last value. */
export async function pollUntil<T>(read: () => T, isDone: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = read();
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = read();
  }
  return value;
}

async function proposeKitchenOn(url: string, homeUrl: string): Promise<string> {
  const client = new Client({ name: 'fault-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
    }),
  );
  try {
    const result = (await client.callTool({
      name: 'call-service',
      arguments: { instance: homeUrl, domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: {} },
    })) as { isError?: boolean; content: { text: string }[] };
    const text = result.content[0]?.text ?? '';
    assert.equal(result.isError ?? false, false, text);
    return JSON.parse(text).untrusted_data.proposal_id as string;
  } finally {
    await client.close();
  }
}

function readOperations(databasePath: string): OperationRow[] {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], OperationRow>('SELECT operation_id, state, detail, pid FROM operations ORDER BY rowid').all();
  } finally {
    db.close();
  }
}
