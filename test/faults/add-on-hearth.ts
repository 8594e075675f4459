// hearth as `hearth serve` builds it, with the tool add-on over a real data folder and a connection to the fake Home
// Assistant: what the add-on's bounds tests send requests to, count Home Assistant's requests on, and read SQLite of.

import assert from 'node:assert/strict';
import { Agent, fetch as undiciFetch } from 'undici';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { listen, type Listening } from '../../src/cli/listen.ts';
import { buildApp } from '../../src/cli/wire.ts';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import { createCountingIds } from '../fakes/clock/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../tools/add-on-harness.ts';

/** The API key the tests' MCP client sends. */
export const API_KEY = 'api-bounds-key-0123456789';

/** The admin key of /admin. */
export const ADMIN_KEY = 'admin-bounds-key-0123456789';

/** The running hearth, its add-on, and the fake Home Assistant its connection `home` reaches. */
export interface AddOnHearth {
  url: string;
  fake: FakeHomeAssistant;
  harness: AddOnHarness;
  /** Sends `method path` with the admin key (or `key`), a JSON body given as text. */
  admin(method: string, path: string, options?: { body?: string; key?: string | null }): Promise<Response>;
  /** The time `/healthz` takes to answer 200, in milliseconds. */
  healthzMs(): Promise<number>;
  /** The names of the connections SQLite holds. */
  storedConnections(): string[];
  close(): Promise<void>;
}

/** Starts the fake Home Assistant and hearth, and saves the connection `home` to it (read only). */
export async function startAddOnHearth(): Promise<AddOnHearth> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  const harness = createAddOnHarness({ openReader: (target) => createHomeAssistantReader(target) });
  const added = await harness.addOn.connections.add({ name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN });
  assert.equal(added.kind, 'added', JSON.stringify(added));
  const config = ConfigSchema.parse({ server: { api_keys: [API_KEY], admin_key: ADMIN_KEY } });
  // The add-on's own clock drives the app too, so a test can move past the time current states are reused.
  const runtime = { clock: harness.clock, ids: createCountingIds(), logger: SILENT_LOGGER };
  const app = buildApp(config, runtime, { tools: harness.addOn, page: { files: undefined, version: 'test' } });
  const listening: Listening = await listen(app, '127.0.0.1', 0);
  const url = listening.url;
  return {
    url,
    fake,
    harness,
    admin: async (method, path, options = {}) => {
      const key = options.key === undefined ? ADMIN_KEY : options.key;
      // A connection of its own: hearth answers an oversized body before reading it, and a client that then reuses the
      // connection may send its next request into the rest of that body (Node closes the socket after 500 ms).
      const agent = new Agent();
      try {
        const response = await undiciFetch(`${url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
          ...(options.body === undefined ? {} : { body: options.body }),
          dispatcher: agent,
        });
        const body = await response.arrayBuffer();
        return new Response(body, { status: response.status, headers: new Headers([...response.headers]) });
      } finally {
        await agent.close();
      }
    },
    healthzMs: async () => {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      assert.equal(response.status, 200);
      return performance.now() - started;
    },
    storedConnections: () => harness.db.prepare<[], string>('SELECT name FROM connections ORDER BY name').pluck().all(),
    close: async () => {
      await listening.close();
      await harness.close();
      await fake.close();
    },
  };
}

/** An error body as hearth sends it on /admin, /mcp and /ui. */
export function errorBody(message: string, options: { type?: string; param?: string | null; code: string }) {
  return {
    error: { message, type: options.type ?? 'invalid_request_error', param: options.param ?? null, code: options.code },
  };
}
