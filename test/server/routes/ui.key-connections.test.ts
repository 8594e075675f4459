// A key limited to named connections (`server.api_keys` entries with `connections`) reaches only their homes on the
// page too, as on /mcp: the status lists only them, the playground reads only them, and the chat's tools reach only
// them (another home hears nothing). The admin key and an unlimited key reach every enabled connection.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SILENT_LOGGER } from '../../../src/common/index.ts';
import { ConfigSchema } from '../../../src/cli/config-schema.ts';
import { buildApp } from '../../../src/cli/wire.ts';
import { createHomeAssistantReader } from '../../../src/homeassistant/index.ts';
import type { App } from '../../../src/server/index.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../fakes/backend/index.ts';
import { createCountingIds, createFakeClock } from '../../fakes/clock/index.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../../tools/add-on-harness.ts';

const API_KEY = 'page-any-key-0123456789';
const CABIN_KEY = 'page-cabin-key-0123456789';
const ADMIN_KEY = 'page-admin-key-0123456789';

describe('the page under a key limited to named connections', () => {
  let home: FakeHomeAssistant;
  let cabin: FakeHomeAssistant;
  let llm: FakeOpenAiServer;
  let harness: AddOnHarness;
  let app: App;

  before(async () => {
    home = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    cabin = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    llm = await startFakeOpenAiServer({ models: ['fake-model'] });
    harness = createAddOnHarness({
      startMs: Date.parse('2026-01-08T12:00:00Z'),
      openReader: (target) => createHomeAssistantReader(target),
    });
    for (const [name, fake] of [
      ['home', home],
      ['cabin', cabin],
    ] as const)
      assert.equal(
        (await harness.addOn.connections.add({ name, url: fake.rootUrl, token: ADMIN_TOKEN })).kind,
        'added',
      );
    const config = ConfigSchema.parse({
      server: { api_keys: [API_KEY, { key: CABIN_KEY, connections: ['cabin'] }], admin_key: ADMIN_KEY },
      models: {
        chat: { backend: 'openai', base_url: llm.baseUrl, upstream_model: 'fake-model', tokenizer: 'estimate' },
      },
      settings: { ha_assist_text_model: 'chat' },
    });
    const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER };
    app = buildApp(config, runtime, { tools: harness.addOn, page: { files: undefined, version: '1' } });
  });
  after(async () => {
    await harness.close();
    await llm.close();
    await home.close();
    await cabin.close();
  });

  const request = (path: string, key: string, body?: unknown) =>
    app.fetch(
      new Request(`http://hearth.test${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  /** The chat's answer when the model reads the kitchen light of `instance`: the tool's result and the model's tools. */
  async function chatReading(key: string, instance: string) {
    llm.reset();
    llm.script(
      {
        kind: 'tool-calls',
        calls: [{ name: 'get-state', arguments: JSON.stringify({ instance, entity_id: 'light.kitchen' }) }],
      },
      { kind: 'text', text: 'Done.' },
    );
    const response = await request('/ui/chat', key, {
      model: 'chat',
      messages: [{ role: 'user', content: 'Is the kitchen light on?' }],
    });
    assert.equal(response.status, 200);
    const text = await response.text();
    const result = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: tool_result'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { is_error: boolean; text: string })[0];
    assert.ok(result, text);
    const tools = JSON.stringify((llm.requests[0]?.body as { tools: unknown[] }).tools);
    return { result, tools };
  }

  it('status lists only the homes of the key', async () => {
    const homes = async (key: string) =>
      ((await (await request('/ui/status', key)).json()) as { homes: string[] }).homes;
    assert.deepEqual((await homes(CABIN_KEY)).sort(), ['cabin', 'demo']);
    assert.deepEqual((await homes(API_KEY)).sort(), ['cabin', 'demo', 'home']);
    assert.deepEqual((await homes(ADMIN_KEY)).sort(), ['cabin', 'demo', 'home']);
  });

  it('the playground reads only a home of the key; another answers as one that does not exist, and hears nothing', async () => {
    const before = home.log.requests.length;
    const refused = await request('/ui/playground', CABIN_KEY, {
      sentence: 'turn off the kitchen light',
      home: 'home',
    });
    const error = ((await refused.json()) as { error: { message: string } }).error;
    assert.deepEqual([refused.status, error.message], [404, 'There is no enabled connection named "home".']);
    assert.equal(home.log.requests.length, before);
    const own = await request('/ui/playground', CABIN_KEY, { sentence: 'turn off the kitchen light', home: 'cabin' });
    assert.equal(own.status, 200, await own.clone().text());
    const any = await request('/ui/playground', API_KEY, { sentence: 'turn off the kitchen light', home: 'home' });
    assert.equal(any.status, 200, await any.clone().text());
  });

  it("the chat's tools reach only the key's connections, as on /mcp; another home hears nothing", async () => {
    const before = home.log.requests.length;
    const limited = await chatReading(CABIN_KEY, home.rootUrl);
    assert.deepEqual(limited.result, {
      id: (limited.result as { id?: string }).id,
      name: 'get-state',
      is_error: true,
      text: `instance must be the address of an enabled Home Assistant connection: ${cabin.rootUrl}`,
    });
    assert.ok(limited.tools.includes(cabin.rootUrl) && !limited.tools.includes(home.rootUrl), limited.tools);
    assert.equal(home.log.requests.length, before, 'the other home is not asked anything');
    const own = await chatReading(CABIN_KEY, cabin.rootUrl);
    assert.equal(own.result.is_error, false, own.result.text);
    for (const key of [API_KEY, ADMIN_KEY]) {
      const every = await chatReading(key, home.rootUrl);
      assert.equal(every.result.is_error, false, every.result.text);
      assert.ok(every.tools.includes(cabin.rootUrl) && every.tools.includes(home.rootUrl));
    }
  });
});
