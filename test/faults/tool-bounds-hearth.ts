// hearth as `hearth serve` builds it, its tool add-on asking first, a chat model, and the fake Home Assistant behind a
// gate that can hold or refuse state reads: what the tool bounds tests call over MCP and /ui/chat and count on.

import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { listen, type Listening } from '../../src/cli/listen.ts';
import { buildApp } from '../../src/cli/wire.ts';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../fakes/backend/index.ts';
import { createCountingIds } from '../fakes/clock/index.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../tools/add-on-harness.ts';

/** The API key of the MCP client and the page. */
export const API_KEY = 'api-tool-bounds-0123456789';

/** How long the reader waits for Home Assistant (ms). */
export const HA_TIMEOUT_MS = 600;

/** What the gate does with `GET /api/states` and `GET /api/states/<id>`: pass it on, hold it unanswered, or answer 401 itself. */
export type GateMode = 'pass' | 'stall' | 'unauthorized';

/** The running hearth and everything a test counts on. */
export interface ToolBoundsHearth {
  url: string;
  /** The connection's address as the tools' `instance` names it (the gate's). */
  instance: string;
  fake: FakeHomeAssistant;
  llm: FakeOpenAiServer;
  harness: AddOnHarness;
  /** Sets what the gate does with state reads from now on. */
  gateStates(mode: GateMode): void;
  /** An MCP client (the SDK's) connected over Streamable HTTP. */
  mcp(): Promise<Client>;
  /** The time `/healthz` takes to answer 200, in milliseconds. */
  healthzMs(): Promise<number>;
  /** Rows of SQLite's proposals and operations (the journal) tables. */
  stored(): { proposals: number; journal: number };
  close(): Promise<void>;
}

/** Starts the fake Home Assistant, its gate, a fake chat model and hearth; the connection `home` asks first. */
export async function startToolBoundsHearth(): Promise<ToolBoundsHearth> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  const gate = await startGate(fake.port);
  const llm = await startFakeOpenAiServer({ models: ['fake-model'] });
  const harness = createAddOnHarness({
    openReader: (target) => createHomeAssistantReader({ ...target, timeoutMs: HA_TIMEOUT_MS }),
  });
  const added = await harness.addOn.connections.add({ name: 'home', url: gate.url, token: ADMIN_TOKEN });
  assert.equal(added.kind, 'added', JSON.stringify(added));
  assert.ok(harness.addOn.connections.setWriteMode('home', 'ask-first'));
  const config = ConfigSchema.parse({
    server: { api_keys: [API_KEY], admin_key: 'admin-tool-bounds-0123456789' },
    models: { chat: { backend: 'openai', base_url: llm.baseUrl, upstream_model: 'fake-model', tokenizer: 'estimate' } },
  });
  const runtime = { clock: harness.clock, ids: createCountingIds(), logger: SILENT_LOGGER };
  const app = buildApp(config, runtime, { tools: harness.addOn, page: { files: undefined, version: 'test' } });
  const listening: Listening = await listen(app, '127.0.0.1', 0);
  const count = (table: string) => harness.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
  return {
    url: listening.url,
    instance: gate.url,
    fake,
    llm,
    harness,
    gateStates: (mode) => gate.setMode(mode),
    mcp: async () => {
      const client = new Client({ name: 'tool-bounds-test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${listening.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
        }),
      );
      return client;
    },
    healthzMs: async () => {
      const started = performance.now();
      const response = await fetch(`${listening.url}/healthz`);
      await response.arrayBuffer();
      assert.equal(response.status, 200);
      return performance.now() - started;
    },
    stored: () => ({ proposals: count('proposals'), journal: count('operations') }),
    close: async () => {
      await listening.close();
      await harness.close();
      await gate.close();
      await llm.close();
      await fake.close();
    },
  };
}

/** The requests Home Assistant received from `from` on, as `METHOD path`. */
export function requestsSince(fake: FakeHomeAssistant, from: number): string[] {
  return fake.log.requests.slice(from).map((request) => `${request.method} ${request.path}`);
}

/** One event of the page's chat stream. */
export interface ChatEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Asks the page's chat one question and reads its whole event stream. */
export async function askChat(url: string, question: string): Promise<{ status: number; events: ChatEvent[] }> {
  const response = await fetch(`${url}/ui/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({ model: 'chat', messages: [{ role: 'user', content: question }] }),
  });
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? '';
      const data = JSON.parse(lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? '{}');
      return { event, data };
    });
  return { status: response.status, events };
}

/** A plain HTTP proxy to the fake on `port` that can hold or refuse its state reads. */
async function startGate(port: number) {
  let mode: GateMode = 'pass';
  const sockets = new Set<Socket>();
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  };
  const server = createServer((incoming, outgoing) => {
    // The states list (what the guard's view of the home reads) and one entity's state.
    const isStateRead = incoming.method === 'GET' && /^\/api\/states(?:[/?]|$)/.test(incoming.url ?? '');
    if (!isStateRead || mode === 'pass') return forward(incoming, outgoing);
    if (mode === 'unauthorized') {
      outgoing.writeHead(401, { 'content-type': 'text/plain' });
      outgoing.end('401: Unauthorized');
    }
    // 'stall': never answered; the socket is destroyed when the gate closes.
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    setMode: (next: GateMode) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
