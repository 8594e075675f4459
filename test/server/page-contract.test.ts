// The page contract against the server's real JSON: one response of every endpoint the page calls, from the app wired
// as `hearth serve` wires it, has exactly the keys of a sample the compiler checked against the contract's type.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { buildApp } from '../../src/cli/wire.ts';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import type { ErrorBody } from '../../src/openai/index.ts';
import type { App, PageFile } from '../../src/server/index.ts';
import type {
  CancelResponse,
  ChatEvents,
  ConfirmResponse,
  ConnectionJson,
  ConnectionResponse,
  ConnectionsResponse,
  ConnectionTestResponse,
  ConnectionUpdateResponse,
  ErrorResponse,
  JournalResponse,
  PlaygroundResponse,
  PolicyResponse,
  PolicySavedResponse,
  ProposalJson,
  ProposalsResponse,
  RecentResponse,
  StatusResponse,
} from '../../src/server/page-contract.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../tools/add-on-harness.ts';

const API_KEY = 'contract-api-key-0123456789';
const ADMIN_KEY = 'contract-admin-key-0123456789';
const FILES = new Map<string, PageFile>([
  ['/index.html', { body: new TextEncoder().encode('<!doctype html><title>hearth</title>'), contentType: 'text/html' }],
]);

/**
 * Every key path of a JSON value (`proposals[].entities[].state`), sorted; array elements share one path. The paths in
 * `open` are maps with keys of their own (a tool's arguments, a service's data): their keys are not compared.
 */
function keyPaths(value: unknown, open: readonly string[] = [], path = ''): string[] {
  if (open.includes(path)) return [];
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keyPaths(item, open, `${path}[]`)))].sort();
  if (value === null || typeof value !== 'object') return [];
  const paths = Object.entries(value).flatMap(([key, child]) => {
    const here = path === '' ? key : `${path}.${key}`;
    return [here, ...keyPaths(child, open, here)];
  });
  return [...new Set(paths)].sort();
}

/** Asserts the real answer has exactly the sample's keys, all the way down. */
function assertKeys(actual: unknown, sample: unknown, open: readonly string[] = []): void {
  assert.deepEqual(keyPaths(actual, open), keyPaths(sample, open));
}

const CONNECTION: ConnectionJson = {
  name: 'home',
  address: 'http://127.0.0.1:8123',
  pin: null,
  enabled: true,
  write_mode: 'read-only',
  created_at: '2026-01-08T12:00:00.000Z',
};

/** A proposal as confirm, cancel and the list of closed ones send it. */
const PROPOSAL: ProposalJson = {
  id: 'prop_1',
  connection: 'home',
  tool: 'call-service',
  service: 'light.turn_on',
  entities: [{ entity_id: 'light.kitchen', name: 'Kitchen Light', state: 'off' }],
  data: {},
  class: 'confirmed',
  status: 'confirmed',
  closed_reason: null,
  operation_id: 'op_1',
  created_at: '2026-01-08T12:00:00.000Z',
  expires_at: '2026-01-08T12:15:00.000Z',
};

/** An open proposal of `GET /admin/proposals`: with the state now, and whether the limits changed since. */
const OPEN_PROPOSAL: ProposalJson = {
  ...PROPOSAL,
  status: 'open',
  operation_id: null,
  stale: false,
  entities: [{ entity_id: 'light.kitchen', name: 'Kitchen Light', state: 'off', current_state: 'off' }],
};

/** The keys a proposal's `data` and a tool call's `arguments` have are their own. */
const PROPOSAL_OPEN_PATHS = ['proposals[].data', 'proposal.data'];

describe('the page contract matches what the server sends', () => {
  let fake: FakeHomeAssistant;
  let llm: FakeOpenAiServer;
  let harness: AddOnHarness;
  let app: App;

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    llm = await startFakeOpenAiServer({ models: ['fake-model'] });
    harness = createAddOnHarness({
      startMs: Date.parse('2026-01-08T12:00:00Z'),
      openReader: (target) => createHomeAssistantReader(target),
    });
    const config = ConfigSchema.parse({
      server: { api_keys: [API_KEY], admin_key: ADMIN_KEY },
      models: {
        chat: { backend: 'openai', base_url: llm.baseUrl, upstream_model: 'fake-model', tokenizer: 'estimate' },
      },
      settings: { ha_assist_text_model: 'chat' },
    });
    const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER };
    app = buildApp(config, runtime, { tools: harness.addOn, page: { files: FILES, version: '9.9.9' } });
  });
  after(async () => {
    await harness.close();
    await llm.close();
    await fake.close();
  });

  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const response = await app.fetch(
      new Request(`http://hearth.test${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, text, json: (): unknown => JSON.parse(text) };
  };

  /** The events of a chat answer: each name with its parsed data. */
  const chat = async (question: string) => {
    const { status, text } = await call('POST', '/ui/chat', API_KEY, {
      model: 'chat',
      messages: [{ role: 'user', content: question }],
    });
    assert.equal(status, 200, text);
    return text
      .split('\n\n')
      .filter((block) => block.trim() !== '')
      .map((block) => {
        const [event, data] = block.split('\n');
        return { event: event!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as unknown };
      });
  };

  /** Has the model propose turning the kitchen light on; the chat's events. */
  const proposeKitchenLight = () => {
    llm.reset();
    const call = { instance: fake.rootUrl, domain: 'light', service: 'turn_on', entity_id: 'light.kitchen' };
    llm.script(
      { kind: 'tool-calls', calls: [{ name: 'call-service', arguments: JSON.stringify(call) }] },
      { kind: 'text', text: 'I asked for your confirmation.' },
    );
    return chat('Kitchen light on');
  };

  it('POST /admin/connections, PATCH /admin/connections/{name}, its test and GET /admin/connections', async () => {
    const added = await call('POST', '/admin/connections', ADMIN_KEY, {
      name: 'home',
      url: fake.rootUrl,
      token: ADMIN_TOKEN,
    });
    assert.equal(added.status, 201, added.text);
    assertKeys(added.json(), { connection: CONNECTION } satisfies ConnectionResponse);
    const changed = await call('PATCH', '/admin/connections/home', ADMIN_KEY, { write_mode: 'ask-first' });
    assert.equal(changed.status, 200, changed.text);
    assertKeys(changed.json(), { connection: CONNECTION } satisfies ConnectionUpdateResponse);
    const tested = await call('POST', '/admin/connections/home/test', ADMIN_KEY);
    assert.equal(tested.status, 200, tested.text);
    assertKeys(tested.json(), { ok: true, version: '2026.1.0' } satisfies ConnectionTestResponse);
    const listed = await call('GET', '/admin/connections', ADMIN_KEY);
    assertKeys(listed.json(), { connections: [CONNECTION] } satisfies ConnectionsResponse);
  });

  it('GET /ui/status', async () => {
    const status = await call('GET', '/ui/status', API_KEY);
    const sample = {
      version: '9.9.9',
      api_key_required: true,
      admin_api: true,
      keyless_loopback: false,
      tools: true,
      chat_models: ['chat'],
      homes: ['demo', 'home'],
    } satisfies StatusResponse;
    assertKeys(status.json(), sample);
  });

  it('POST /ui/playground, a direct answer and one with a prompt, and GET /ui/assist/recent', async () => {
    const direct = await call('POST', '/ui/playground', API_KEY, { sentence: 'turn on the kitchen light' });
    assert.equal(direct.status, 200, direct.text);
    const sample = {
      home: 'demo',
      route: 'direct',
      model: null,
      intent: 'HassTurnOn',
      slot_combination: 'name_only',
      slots: {},
      tool_calls: [{ name: 'HassTurnOn', arguments: {} }],
      answer: null,
      why: null,
      prompt: null,
      timings: { prep_ms: 1, recognize_ms: 1, total_ms: 1 },
      entities_cut: 0,
    } satisfies PlaygroundResponse;
    assertKeys(direct.json(), sample, ['slots', 'tool_calls[].arguments']);
    const generative = await call('POST', '/ui/playground', API_KEY, {
      sentence: 'Make the living room more comfortable',
      home: 'demo',
    });
    const withPrompt = {
      ...sample,
      route: 'llm',
      model: 'chat',
      tool_calls: [],
      prompt: { messages: [{ role: 'system', text: '…' }], tools: ['HassTurnOn'], tokens: 1, token_source: 'estimate' },
    } satisfies PlaygroundResponse;
    assertKeys(generative.json(), withPrompt, ['slots', 'tool_calls[].arguments']);
    const recent = await call('GET', '/ui/assist/recent', API_KEY);
    const turns = {
      requests: [{ at: '2026-01-08T12:00:00.000Z', route: 'direct', ms: 1, source: 'playground' }],
    } satisfies RecentResponse;
    assertKeys(recent.json(), turns);
  });

  it('POST /ui/chat: the data of each event', async () => {
    const events = await proposeKitchenLight();
    const samples = {
      tool_call: { id: 'call_1', name: 'call-service', arguments: {} },
      tool_result: { id: 'call_1', name: 'call-service', is_error: false, text: '{}' },
      delta: { content: 'I' },
      done: { finish_reason: 'stop' },
      error: { message: 'Backend failed.' },
    } satisfies ChatEvents;
    assert.deepEqual([...new Set(events.map((event) => event.event))], ['tool_call', 'tool_result', 'delta', 'done']);
    for (const { event, data } of events) assertKeys(data, samples[event as keyof ChatEvents], ['arguments']);
    llm.reset();
    llm.script({ kind: 'text', text: 'a partial answer that breaks', dropAfterFrames: 3 });
    const broken = await chat('hi');
    assert.equal(broken.at(-1)!.event, 'error');
    assertKeys(broken.at(-1)!.data, samples.error);
  });

  it('GET /admin/policy, valid and broken, and PUT /admin/policy', async () => {
    const valid = await call('GET', '/admin/policy', ADMIN_KEY);
    const sample = {
      valid: true,
      hash: 'r1',
      policy: {
        version: 1,
        services: [{ service: 'light.turn_on', class: 'quiet' }],
        exclude: { domains: [], areas: [], patterns: [], labels: [] },
        max_entities: 5,
      },
    } satisfies PolicyResponse;
    assertKeys(valid.json(), sample);
    const text = harness.addOn.limits.text();
    const saved = await call('PUT', '/admin/policy', ADMIN_KEY, text);
    assert.equal(saved.status, 200, saved.text);
    assertKeys(saved.json(), { saved: true, hash: 'r2' } satisfies PolicySavedResponse);
    writeFileSync(join(harness.dir, 'policy.json'), '{ broken');
    const broken = await call('GET', '/admin/policy', ADMIN_KEY);
    assertKeys(broken.json(), { valid: false, reason: 'not JSON', policy: '{ broken' } satisfies PolicyResponse);
    assert.equal((await call('PUT', '/admin/policy', ADMIN_KEY, text)).status, 200);
  });

  it('GET /admin/proposals, confirm, cancel, the closed ones, GET /admin/journal, and an error', async () => {
    await proposeKitchenLight();
    const open = await call('GET', '/admin/proposals', ADMIN_KEY);
    assertKeys(
      open.json(),
      { proposals: [OPEN_PROPOSAL], next: null } satisfies ProposalsResponse,
      PROPOSAL_OPEN_PATHS,
    );
    const [first] = (open.json() as ProposalsResponse).proposals;
    const confirmed = await call('POST', `/admin/proposals/${first!.id}/confirm`, ADMIN_KEY);
    assert.equal(confirmed.status, 200, confirmed.text);
    const outcome = (confirmed.json() as ConfirmResponse).outcome;
    const sample = {
      proposal: PROPOSAL,
      operation_id: 'op_1',
      outcome,
      ...(outcome === 'done' ? { changed: [{ entity_id: 'light.kitchen', state: 'on' }] } : { reason: 'why' }),
    } satisfies ConfirmResponse;
    assertKeys(confirmed.json(), sample, PROPOSAL_OPEN_PATHS);

    await proposeKitchenLight();
    const [second] = ((await call('GET', '/admin/proposals', ADMIN_KEY)).json() as ProposalsResponse).proposals;
    const cancelled = await call('POST', `/admin/proposals/${second!.id}/cancel`, ADMIN_KEY);
    assert.equal(cancelled.status, 200, cancelled.text);
    assertKeys(cancelled.json(), { proposal: PROPOSAL } satisfies CancelResponse, PROPOSAL_OPEN_PATHS);

    // A closed proposal has no state now and no staleness (`status=all` mixes both kinds).
    const closed = await call('GET', '/admin/proposals?status=cancelled', ADMIN_KEY);
    assertKeys(closed.json(), { proposals: [PROPOSAL], next: null } satisfies ProposalsResponse, PROPOSAL_OPEN_PATHS);

    const journal = await call('GET', '/admin/journal', ADMIN_KEY);
    const operations = {
      operations: [
        {
          operation_id: 'op_1',
          connection: 'home',
          service: 'light.turn_on',
          entity_ids: ['light.kitchen'],
          data: {},
          proposal_id: 'prop_1',
          state: 'done',
          detail: '',
          created_at: '2026-01-08T12:00:00.000Z',
          finished_at: '2026-01-08T12:00:00.000Z',
        },
      ],
    } satisfies JournalResponse;
    assertKeys(journal.json(), operations, ['operations[].data']);

    const refused = await call('POST', `/admin/proposals/${second!.id}/cancel`, ADMIN_KEY);
    assert.equal(refused.status, 409);
    const error = { error: { message: 'm', type: 't', param: null, code: 'c' } } satisfies ErrorResponse;
    assertKeys(refused.json(), error);
  });

  it("every error's body, openai/'s ErrorBody, is the contract's ErrorResponse both ways (checked by the compiler)", () => {
    const body: ErrorBody = { error: { message: 'm', type: 'invalid_request_error', param: 'name', code: 'C' } };
    const response: ErrorResponse = body;
    const back: ErrorBody = response;
    assert.equal(back, body);
  });

  it('DELETE /admin/connections/{name} answers 204 with no body', async () => {
    const removed = await call('DELETE', '/admin/connections/home', ADMIN_KEY);
    assert.deepEqual([removed.status, removed.text], [204, '']);
  });
});
