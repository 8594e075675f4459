// Direct tests of the fake OpenAI server: its record, its script queue and default step, its wire output.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEFAULT_TEXT, startFakeOpenAiServer, type FakeOpenAiServer } from './index.ts';

const GUARD = { timeout: 10_000 };

/** Posts a chat request to the fake and returns the response. */
function postChat(server: FakeOpenAiServer, body: Record<string, unknown>, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify({ model: 'echo-me', messages: [{ role: 'user', content: 'Hi' }], ...body }),
    ...init,
  });
}

/** The `data:` payloads of an SSE body, JSON-parsed except for `[DONE]`. */
async function eventsOf(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => {
      const data = event.replace(/^data: /, '');
      return data === '[DONE]' ? data : (JSON.parse(data) as unknown);
    });
}

/** The first choice of a parsed chunk or completion. */
function choiceOf(json: unknown): Record<string, unknown> | undefined {
  return (json as { choices: Record<string, unknown>[] }).choices[0];
}

describe('fake OpenAI server', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await startFakeOpenAiServer({ models: ['alpha', 'beta'] });
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it('records every request with its method, path, headers and parsed body', GUARD, async () => {
    await (await postChat(server, { temperature: 0.5 })).text();
    await (await fetch(`${server.baseUrl}/models`)).text();
    const [chat, models] = server.requests;
    assert.equal(server.requests.length, 2);
    assert.deepEqual(
      [chat?.method, chat?.path, models?.method, models?.path],
      ['POST', '/v1/chat/completions', 'GET', '/v1/models'],
    );
    assert.equal(chat?.headers.authorization, 'Bearer sk-test');
    assert.deepEqual(chat?.body, { model: 'echo-me', messages: [{ role: 'user', content: 'Hi' }], temperature: 0.5 });
    assert.equal(typeof chat?.receivedAt, 'number');
  });

  it('lists the configured model ids', GUARD, async () => {
    const list = (await (await fetch(`${server.baseUrl}/models`)).json()) as { data: { id: string }[] };
    assert.deepEqual(
      list.data.map((model) => model.id),
      ['alpha', 'beta'],
    );
  });

  it('answers scripted steps in order, then the default step', GUARD, async () => {
    server.script(
      { kind: 'text', text: 'first' },
      { kind: 'http-error', status: 503, body: { error: { message: 'busy' } } },
      { kind: 'text', text: 'third' },
    );
    assert.equal(server.pendingSteps, 3);
    const first = await (await postChat(server, {})).json();
    const second = await postChat(server, {});
    const third = await (await postChat(server, {})).json();
    const fourth = await (await postChat(server, {})).json();
    assert.equal((choiceOf(first)?.message as { content: string }).content, 'first');
    assert.deepEqual([second.status, await second.json()], [503, { error: { message: 'busy' } }]);
    assert.equal((choiceOf(third)?.message as { content: string }).content, 'third');
    assert.equal((choiceOf(fourth)?.message as { content: string }).content, DEFAULT_TEXT);
    assert.equal(server.pendingSteps, 0);
  });

  it('uses the step given to setDefault when the queue is empty, until reset', GUARD, async () => {
    server.setDefault({ kind: 'http-error', status: 418, body: 'teapot' });
    assert.equal((await postChat(server, {})).status, 418);
    assert.equal((await postChat(server, {})).status, 418);
    server.reset();
    assert.equal((await postChat(server, {})).status, 200);
  });

  it('answers a plain completion echoing the model, with counter ids and usage', GUARD, async () => {
    server.script({
      kind: 'tool-calls',
      calls: [
        { name: 'a', arguments: '{"x":1}' },
        { id: 'given', name: 'b', arguments: '{}' },
        { id: null, name: 'c', arguments: '{}' },
      ],
    });
    const json = (await (await postChat(server, {})).json()) as Record<string, unknown>;
    assert.equal(json.object, 'chat.completion');
    assert.equal(json.model, 'echo-me');
    assert.match(String(json.id), /^chatcmpl-fake-\d+$/);
    const message = choiceOf(json)?.message as {
      content: unknown;
      tool_calls: { id?: string; function: { name: string; arguments: string } }[];
    };
    assert.equal(message.content, null);
    const [counted, given, omitted] = message.tool_calls.map((call) => call.id);
    assert.match(String(counted), /^call_fake_\d+$/);
    assert.deepEqual([given, omitted], ['given', undefined]);
    assert.ok(message.tool_calls[2] && !('id' in message.tool_calls[2]), 'an id set to null is left out of the wire');
    assert.equal(choiceOf(json)?.finish_reason, 'tool_calls');
    assert.ok(json.usage, 'usage is reported');
  });

  it('streams chunks and [DONE], with a usage chunk only when include_usage is asked for', GUARD, async () => {
    const withUsage = await eventsOf(await postChat(server, { stream: true, stream_options: { include_usage: true } }));
    const withoutUsage = await eventsOf(await postChat(server, { stream: true }));
    assert.equal(withUsage.at(-1), '[DONE]');
    assert.deepEqual((withUsage.at(-2) as { choices: unknown[] }).choices, []);
    assert.ok((withUsage.at(-2) as { usage?: unknown }).usage, 'the usage chunk has usage');
    assert.equal(withoutUsage.at(-1), '[DONE]');
    assert.ok(
      withoutUsage.slice(0, -1).every((chunk) => (chunk as { choices: unknown[] }).choices.length === 1),
      'every chunk has a choice',
    );
    const text = withoutUsage
      .slice(0, -1)
      .map((chunk) => (choiceOf(chunk)?.delta as { content?: string }).content ?? '')
      .join('');
    assert.equal(text, DEFAULT_TEXT);
    assert.equal((withoutUsage.at(-2) as { model: string }).model, 'echo-me');
  });

  it('streams each tool call with id and name only in its first fragment', GUARD, async () => {
    server.script({
      kind: 'tool-calls',
      calls: [{ id: 'call_1', name: 'turn_on', arguments: '{"name":"kitchen"}' }],
      argumentFragments: 3,
    });
    const events = await eventsOf(await postChat(server, { stream: true }));
    const fragments = events.flatMap((event) =>
      event === '[DONE]'
        ? []
        : ((
            choiceOf(event)?.delta as { tool_calls?: { id?: string; function: { name?: string; arguments: string } }[] }
          ).tool_calls ?? []),
    );
    assert.deepEqual([fragments[0]?.id, fragments[0]?.function.name], ['call_1', 'turn_on']);
    assert.ok(
      fragments.slice(1).every((fragment) => fragment.id === undefined && fragment.function.name === undefined),
      'later fragments carry neither',
    );
    assert.equal(fragments.length, 4);
    assert.equal(fragments.map((fragment) => fragment.function.arguments).join(''), '{"name":"kitchen"}');
  });

  it('streams when the step forces it, whatever the request says', GUARD, async () => {
    server.script({ kind: 'text', text: 'forced', stream: true });
    const response = await postChat(server, { stream: false });
    assert.match(String(response.headers.get('content-type')), /^text\/event-stream/);
    assert.equal((await eventsOf(response)).at(-1), '[DONE]');
  });

  it('sends raw stream data exactly as scripted, without adding [DONE]', GUARD, async () => {
    server.script({ kind: 'raw-stream', data: ['not json', { error: { message: 'boom' } }] });
    const text = await (await postChat(server, { stream: true })).text();
    assert.equal(text, 'data: not json\n\ndata: {"error":{"message":"boom"}}\n\n');
  });

  it('drops the connection when told to', GUARD, async () => {
    server.script({ kind: 'drop' });
    await assert.rejects(postChat(server, {}));
  });

  it('resolves waitForRequests once enough requests arrived', GUARD, async () => {
    const waiting = server.waitForRequests(2);
    await (await postChat(server, {})).text();
    await (await postChat(server, { stream: true })).text();
    assert.equal((await waiting).length, 2);
  });
});

describe('fake OpenAI server close()', () => {
  it('ends a hanging response and a stalled stream so their clients see an error', GUARD, async () => {
    const server = await startFakeOpenAiServer();
    server.script({ kind: 'hang' }, { kind: 'text', text: 'a b c', hangAfterFrames: 1 });
    const hanging = postChat(server, {});
    await server.waitForRequests(1);
    const stalled = await postChat(server, { stream: true });
    const stalledBody = stalled.text();
    await server.close();
    await assert.rejects(hanging);
    await assert.rejects(stalledBody);
  });
});
