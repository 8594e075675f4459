// The page's endpoints in-process, wired as `hearth serve` wires them: its files and headers, the HA-Assist playground
// on the demo home and on a connection's home (read under the limits), the chart's record, the chat with the home
// (a fake OpenAI model over a real socket calling the add-on's tools against the fake Home Assistant), proposals.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SILENT_LOGGER } from '../../../src/common/index.ts';
import { ConfigSchema } from '../../../src/cli/config-schema.ts';
import { buildApp } from '../../../src/cli/wire.ts';
import { createHomeAssistantReader } from '../../../src/homeassistant/index.ts';
import type { App, PageFile } from '../../../src/server/index.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../fakes/backend/index.ts';
import { createCountingIds, createFakeClock } from '../../fakes/clock/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../../tools/add-on-harness.ts';

const API_KEY = 'page-api-key-0123456789';
const ADMIN_KEY = 'page-admin-key-0123456789';
const FILES = new Map<string, PageFile>([
  ['/index.html', { body: new TextEncoder().encode('<!doctype html><title>hearth</title>'), contentType: 'text/html' }],
  ['/assets/index-abc.js', { body: new TextEncoder().encode('export {};'), contentType: 'text/javascript' }],
]);

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))!.slice('event: '.length);
      const data = JSON.parse(lines.find((line) => line.startsWith('data: '))!.slice('data: '.length));
      return { event, data };
    });
}

describe('the page and its endpoints', () => {
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
    assert.equal(
      (await harness.addOn.connections.add({ name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN })).kind,
      'added',
    );
    assert.ok(harness.addOn.connections.setWriteMode('home', 'ask-first'));
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

  const request = (method: string, path: string, key: string | null, body?: unknown) =>
    app.fetch(
      new Request(`http://hearth.test${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  // biome-ignore lint/suspicious/noExplicitAny: the answers are checked by value, field by field.
  const json = async (response: Response): Promise<any> => await response.json();

  it('serves the built page with headers that let only its own code run, without a key', async () => {
    const index = await request('GET', '/', null);
    assert.equal(index.status, 200);
    assert.equal(await index.text(), '<!doctype html><title>hearth</title>');
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    assert.equal(index.headers.get('x-frame-options'), 'DENY');
    assert.match(
      index.headers.get('content-security-policy')!,
      /^default-src 'self'; .*script-src 'self'; .*frame-ancestors 'none'/,
    );
    const asset = await request('GET', '/assets/index-abc.js', null);
    assert.deepEqual(
      [asset.status, asset.headers.get('content-type'), asset.headers.get('cache-control')],
      [200, 'text/javascript', 'public, max-age=31536000, immutable'],
    );
    assert.equal((await request('GET', '/assets/missing.js', null)).status, 404);
    assert.equal((await request('GET', '/assets/../index.html', null)).status, 200);
  });

  it('a page that was not built says how to build it', async () => {
    const config = ConfigSchema.parse({});
    const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER };
    const bare = buildApp(config, runtime, { page: { files: undefined, version: '1' } });
    const response = await bare.fetch(new Request('http://hearth.test/'));
    assert.equal(response.status, 404);
    assert.equal((await json(response)).error.message, 'The page was not built: run "npm run build".');
  });

  it('status: the version, the keys, the chat models and the homes; an API key or the admin key opens it', async () => {
    assert.equal((await request('GET', '/ui/status', null)).status, 401);
    const expected = {
      version: '9.9.9',
      api_key_required: true,
      admin_api: true,
      keyless_loopback: false,
      tools: true,
      chat_models: ['chat'],
      homes: ['demo', 'home'],
    };
    assert.deepEqual(await json(await request('GET', '/ui/status', API_KEY)), expected);
    assert.deepEqual(await json(await request('GET', '/ui/status', ADMIN_KEY)), expected);
  });

  it('the playground on the demo home: a direct action, with its intent, slots and call, and no prompt', async () => {
    const response = await request('POST', '/ui/playground', API_KEY, { sentence: 'turn on the kitchen light' });
    const answer = await json(response);
    assert.equal(response.status, 200, JSON.stringify(answer));
    assert.deepEqual(
      [answer.home, answer.route, answer.model, answer.intent, answer.tool_calls, answer.prompt, answer.entities_cut],
      [
        'demo',
        'direct',
        null,
        'HassTurnOn',
        [{ name: 'HassTurnOn', arguments: { name: 'Kitchen Light', domain: ['light'] } }],
        null,
        0,
      ],
    );
    assert.equal(typeof answer.timings.prep_ms, 'number');
  });

  it('the playground on the demo home: a generative route shows the prompt for the model and its token count', async () => {
    const answer = await json(
      await request('POST', '/ui/playground', API_KEY, { sentence: 'Make the living room more comfortable' }),
    );
    assert.deepEqual([answer.route, answer.model, answer.prompt.token_source], ['llm', 'chat', 'estimate']);
    assert.ok(Number.isInteger(answer.prompt.tokens) && answer.prompt.tokens > 0);
    assert.equal(answer.prompt.messages[0].role, 'system');
    assert.equal(answer.prompt.messages.at(-1).text, 'Make the living room more comfortable');
    assert.equal(llm.requests.length, 0, 'the playground calls no model');
  });

  it("the playground on a connection's home reads it under the limits: excluded entities are not in the request", async () => {
    assert.equal((await request('POST', '/ui/playground', null, { sentence: 'hi', home: 'home' })).status, 401);
    const direct = await json(
      await request('POST', '/ui/playground', API_KEY, { sentence: 'turn off the kitchen light', home: 'home' }),
    );
    assert.deepEqual(
      [direct.home, direct.route, direct.intent, direct.tool_calls],
      [
        'home',
        'direct',
        'HassTurnOff',
        [{ name: 'HassTurnOff', arguments: { name: 'Kitchen Light', domain: ['light'] } }],
      ],
    );
    const generative = await json(
      await request('POST', '/ui/playground', API_KEY, {
        sentence: 'what is going on at home, anything odd?',
        home: 'home',
      }),
    );
    assert.equal(generative.route, 'llm');
    const promptText = generative.prompt.messages.map((message: { text: string }) => message.text).join('\n');
    assert.doesNotMatch(promptText, /lock\.front_door|Front Door|alarm_control_panel|camera\./);
    assert.ok(fake.log.requests.every((logged: { path: string }) => !logged.path.includes('lock.front_door')));
  });

  it('the playground refuses a bad body and an unknown home, naming the field', async () => {
    const empty = await request('POST', '/ui/playground', API_KEY, { sentence: '  ' });
    assert.deepEqual([empty.status, (await json(empty)).error.param], [400, 'sentence']);
    const extra = await request('POST', '/ui/playground', API_KEY, { sentence: 'hi', text: 'x' });
    assert.deepEqual([extra.status, (await json(extra)).error.param], [400, 'text']);
    const unknown = await request('POST', '/ui/playground', API_KEY, { sentence: 'hi', home: 'cabin' });
    const error = (await json(unknown)).error;
    assert.deepEqual(
      [unknown.status, error.param, error.message],
      [404, 'home', 'There is no enabled connection named "cabin".'],
    );
  });

  it("the chart's record holds every turn with its route and source", async () => {
    const recent = (await json(await request('GET', '/ui/assist/recent', API_KEY))).requests as {
      route: string;
      source: string;
      ms: number;
    }[];
    assert.deepEqual(
      recent.map((turn) => [turn.route, turn.source]),
      [
        ['direct', 'playground'],
        ['llm', 'playground'],
        ['direct', 'playground'],
        ['llm', 'playground'],
      ],
    );
  });

  it('the chat with the home: the model reads a state through the guard, and its answer streams', async () => {
    llm.reset();
    llm.script(
      {
        kind: 'tool-calls',
        calls: [
          { name: 'get-state', arguments: JSON.stringify({ instance: fake.rootUrl, entity_id: 'light.kitchen' }) },
        ],
      },
      { kind: 'text', text: 'The kitchen light is on.' },
    );
    const response = await request('POST', '/ui/chat', API_KEY, {
      model: 'chat',
      messages: [{ role: 'user', content: 'Is the kitchen light on?' }],
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const events = parseSse(await response.text());
    assert.deepEqual(
      events.map((event) => event.event),
      ['tool_call', 'tool_result', ...events.slice(2, -1).map(() => 'delta'), 'done'],
    );
    assert.deepEqual(events[0]!.data, {
      id: events[0]!.data.id,
      name: 'get-state',
      arguments: { instance: fake.rootUrl, entity_id: 'light.kitchen' },
    });
    const result = events[1]!.data as { is_error: boolean; text: string };
    assert.equal(result.is_error, false);
    const data = JSON.parse(result.text);
    assert.equal(data.untrusted_data.entity_id, 'light.kitchen');
    const text = events
      .filter((event) => event.event === 'delta')
      .map((event) => event.data.content)
      .join('');
    assert.equal(text, 'The kitchen light is on.');
    // The model saw the tools and, in its second call, the result as a tool message.
    assert.equal(llm.requests.length, 2);
    const first = llm.requests[0]!.body as { tools: { function: { name: string } }[] };
    assert.deepEqual(
      first.tools.map((tool) => tool.function.name),
      harness.addOn.guard.list().map((tool) => tool.name),
    );
    const second = llm.requests[1]!.body as { messages: { role: string; content: string }[] };
    assert.equal(second.messages.at(-1)!.role, 'tool');
    assert.equal(second.messages.at(-1)!.content, result.text);
  });

  it('the chat with the home: a change becomes a proposal, nothing is sent, and the proposal shows the state now', async () => {
    llm.reset();
    const before = fake.log.serviceCalls.length;
    llm.script(
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'call-service',
            arguments: JSON.stringify({
              instance: fake.rootUrl,
              domain: 'light',
              service: 'turn_on',
              entity_id: 'light.kitchen',
            }),
          },
        ],
      },
      { kind: 'text', text: 'I asked for your confirmation.' },
    );
    const events = parseSse(
      await (
        await request('POST', '/ui/chat', API_KEY, {
          model: 'chat',
          messages: [{ role: 'user', content: 'Kitchen light on' }],
        })
      ).text(),
    );
    const proposal = JSON.parse((events[1]!.data as { text: string }).text).untrusted_data;
    assert.equal(proposal.status, 'awaiting-confirmation');
    assert.equal(fake.log.serviceCalls.length, before);
    const listed = (await json(await request('GET', '/admin/proposals', ADMIN_KEY))).proposals;
    assert.deepEqual(
      listed.map((p: { id: string; status: string; stale: boolean; entities: unknown }) => [
        p.id,
        p.status,
        p.stale,
        p.entities,
      ]),
      [
        [
          proposal.proposal_id,
          'open',
          false,
          [{ entity_id: 'light.kitchen', name: 'Kitchen Light', state: 'off', current_state: 'off' }],
        ],
      ],
    );
    // Other limits make it stale: the page marks it before anyone tries to confirm.
    const limits = harness.addOn.limits.text().replace('"max_entities": 5', '"max_entities": 4');
    assert.equal(harness.addOn.limits.save(limits).kind, 'saved');
    const relisted = (await json(await request('GET', '/admin/proposals', ADMIN_KEY))).proposals;
    assert.deepEqual(
      relisted.map((p: { id: string; status: string; stale: boolean; entities: unknown }) => [p.id, p.stale]),
      [[proposal.proposal_id, true]],
    );
  });

  it('the chat refuses what it cannot run: no key, an unknown model, no question, and says a failed model in-stream', async () => {
    const question = { messages: [{ role: 'user', content: 'hi' }] };
    assert.equal((await request('POST', '/ui/chat', null, { model: 'chat', ...question })).status, 401);
    const unknown = await request('POST', '/ui/chat', API_KEY, { model: 'gpt-9', ...question });
    assert.equal(unknown.status, 404);
    const last = await request('POST', '/ui/chat', API_KEY, {
      model: 'chat',
      messages: [{ role: 'assistant', content: 'hello' }],
    });
    assert.deepEqual([last.status, (await json(last)).error.param], [400, 'messages']);
    llm.reset();
    // Before the first word: an ordinary error response; after it: an `error` event ends the stream.
    llm.script({ kind: 'text', text: 'partial', dropAfterFrames: 0 });
    const early = await request('POST', '/ui/chat', API_KEY, { model: 'chat', ...question });
    assert.deepEqual([early.status, (await json(early)).error.code], [502, 'backend_disconnected']);
    llm.script({ kind: 'text', text: 'a partial answer that breaks', dropAfterFrames: 3 });
    const dropped = parseSse(await (await request('POST', '/ui/chat', API_KEY, { model: 'chat', ...question })).text());
    assert.deepEqual(
      dropped.map((event) => event.event),
      ['delta', 'delta', 'error'],
    );
    assert.deepEqual(dropped.at(-1)!.data, {
      message: "Backend 'chat' closed the connection before its answer was complete.",
    });
  });
});
