// The tool add-on under attack and failure, through hearth as `hearth serve` builds it (MCP and the page's chat): each
// input over its limit is refused naming the limit before Home Assistant hears of it and before anything is stored,
// cheap checks come before reads, one model round runs at most 16 tool calls, a failed read names its cause, and
// /healthz answers meanwhile.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { INPUT_LIMITS, refusalText } from '../../src/tools/index.ts';
import {
  askChat,
  HA_TIMEOUT_MS,
  requestsSince,
  startToolBoundsHearth,
  type ToolBoundsHearth,
} from './tool-bounds-hearth.ts';

/** A call's text and whether it was refused, as the MCP client received it. */
async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: Array<{ type: string; text: string }>;
  };
  return { isError: result.isError === true, text: result.content[0]?.text ?? '' };
}

describe('tool calls: bounded work per request', () => {
  let hearth: ToolBoundsHearth;
  let client: Client;
  before(async () => {
    hearth = await startToolBoundsHearth();
    client = await hearth.mcp();
  });
  after(async () => {
    await client?.close();
    await hearth?.close();
  });
  beforeEach(() => {
    hearth.gateStates('pass');
    hearth.llm.reset();
  });

  /** Runs `work` while /healthz is asked, and returns its answer with the time /healthz took. */
  async function whileHealthz<T>(work: Promise<T>): Promise<{ answer: T }> {
    const [answer] = await Promise.all([work, hearth.healthzMs()]);
    return { answer };
  }

  it('every input over its limit is refused naming it, quoted cut; Home Assistant hears nothing, nothing is stored', async () => {
    const from = hearth.fake.log.requests.length;
    const call = (args: Record<string, unknown>) =>
      callTool(client, 'call-service', {
        instance: hearth.instance,
        domain: 'light',
        service: 'turn_on',
        entity_id: 'light.kitchen',
        ...args,
      });
    let nested: unknown = 1;
    for (let level = 0; level < INPUT_LIMITS.dataDepth; level++) nested = { deeper: nested };
    const longId = `light.${'k'.repeat(300)}`;
    const rows: Array<[string, Record<string, unknown>, string]> = [
      ['20 KB of data', { data: { note: 'x'.repeat(20_000) } }, 'data is over 16384 bytes; ask for less'],
      ['data 9 levels deep', { data: { top: nested } }, 'data is nested more than 8 levels deep; ask for less'],
      [
        'a 306-character entity id',
        { entity_id: longId },
        `entity_id is 306 characters, over the limit of 255: "${longId.slice(0, 120)}"… (306 characters)`,
      ],
      [
        'one long id in a list',
        { entity_id: ['light.kitchen', longId] },
        `entity_id is 306 characters, over the limit of 255: "${longId.slice(0, 120)}"… (306 characters)`,
      ],
      [
        'an id Home Assistant would not accept',
        { entity_id: 'light.__kitchen' },
        'invalid arguments: entity_id: must be an entity id such as light.kitchen, as Home Assistant writes them (got "light.__kitchen")',
      ],
      [
        'a 65-character domain',
        { domain: 'd'.repeat(65) },
        `domain is 65 characters, over the limit of 64: "${'d'.repeat(65)}"`,
      ],
      [
        'a 200-character service',
        { service: 's'.repeat(200) },
        `service is 200 characters, over the limit of 64: "${'s'.repeat(120)}"… (200 characters)`,
      ],
      [
        '70 KB of arguments',
        { pad: 'p'.repeat(70_000) },
        `the arguments are over ${INPUT_LIMITS.toolArgumentsBytes} bytes; ask for less`,
      ],
    ];
    for (const [what, args, text] of rows) {
      const { answer } = await whileHealthz(call(args));
      assert.deepEqual(answer, { isError: true, text }, what);
    }
    assert.deepEqual(requestsSince(hearth.fake, from), [], 'Home Assistant received nothing');
    assert.deepEqual(hearth.stored(), { proposals: 0, journal: 0 });
  });

  it('100 calls of 20 entities over max_entities: refused before any read (0 requests, not 2,100), nothing stored', async () => {
    const from = hearth.fake.log.requests.length;
    const entityIds = Array.from({ length: 20 }, (_, n) => `light.lamp_${n + 1}`);
    const calls = Array.from({ length: 100 }, () =>
      callTool(client, 'call-service', {
        instance: hearth.instance,
        domain: 'light',
        service: 'turn_on',
        entity_id: entityIds,
      }),
    );
    const { answer } = await whileHealthz(Promise.all(calls));
    const refusal = { isError: true, text: 'The call names 20 entities; at most 5 may be in one call.' };
    assert.deepEqual(
      answer,
      Array.from({ length: 100 }, () => refusal),
    );
    // The other checks that need no Home Assistant come first too: a service off the list, a name twice.
    const offList = await callTool(client, 'call-service', {
      instance: hearth.instance,
      domain: 'light',
      service: 'flash_everything',
      entity_id: 'light.kitchen',
    });
    assert.deepEqual(offList, {
      isError: true,
      text: 'light.flash_everything is not on the list of services a model may call.',
    });
    const twice = await callTool(client, 'call-service', {
      instance: hearth.instance,
      domain: 'light',
      service: 'turn_on',
      entity_id: ['light.kitchen', 'light.kitchen'],
    });
    assert.deepEqual(twice, { isError: true, text: 'The call names light.kitchen twice.' });
    assert.deepEqual(requestsSince(hearth.fake, from), []);
    assert.deepEqual(hearth.stored(), { proposals: 0, journal: 0 });
  });

  it('/ui/chat: a model round of 500 tool calls runs the first 16; the rest are answered unrun and the model sees it', async () => {
    const from = hearth.fake.log.requests.length;
    const args = JSON.stringify({
      instance: hearth.instance,
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
    });
    hearth.llm.script(
      { kind: 'tool-calls', calls: Array.from({ length: 500 }, () => ({ name: 'call-service', arguments: args })) },
      { kind: 'text', text: 'Asked for 16.' },
    );
    const { answer } = await whileHealthz(askChat(hearth.url, 'Turn on the kitchen light 500 times'));
    assert.equal(answer.status, 200);
    const results = answer.events.filter((event) => event.event === 'tool_result');
    assert.equal(results.length, 500);
    const unrun =
      'not run: the model asked for 500 tool calls in one round, and at most 16 run per round; ask again for the rest';
    const run = results.slice(0, INPUT_LIMITS.toolCallsPerRound);
    for (const result of run) {
      assert.equal(result.data.is_error, false, String(result.data.text));
      assert.equal(JSON.parse(String(result.data.text)).untrusted_data.status, 'awaiting-confirmation');
    }
    assert.deepEqual(
      results.slice(INPUT_LIMITS.toolCallsPerRound).map((result) => [result.data.is_error, result.data.text]),
      Array.from({ length: 484 }, () => [true, unrun]),
    );
    // Each call that ran read its view of the home once, the labels (the exclusion) and the states, and its result was
    // filtered at the guard's boundary against that same view; nothing was sent. The calls run at once, so their
    // requests interleave: counted, not ordered.
    // (The connection's registry mirror opens its one WebSocket in the background at the first call; the 16 calls all
    // started before it was ready, so each read the labels template.)
    const counts: Record<string, number> = {};
    for (const request of requestsSince(hearth.fake, from))
      if (request !== 'GET /api/websocket') counts[request] = (counts[request] ?? 0) + 1;
    assert.deepEqual(counts, { 'GET /api/states': 16, 'POST /api/template': 16 });
    assert.deepEqual(hearth.stored(), { proposals: 16, journal: 0 });
    // The model's next turn holds all 500 answers, the unrun ones saying so.
    const next = hearth.llm.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    const toolMessages = next.messages.filter((message) => message.role === 'tool');
    assert.deepEqual(
      toolMessages.slice(16).map((message) => message.content),
      Array.from({ length: 484 }, () => unrun),
    );
    hearth.harness.db.prepare('DELETE FROM proposals').run();
  });

  it('/ui/chat: a tool call with 3 MB of data is refused naming the limit; Home Assistant hears nothing, nothing is stored', async () => {
    const from = hearth.fake.log.requests.length;
    const args = JSON.stringify({
      instance: hearth.instance,
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
      data: { brightness_pct: 40, note: 'x'.repeat(3 * 1024 * 1024) },
    });
    hearth.llm.script(
      { kind: 'tool-calls', calls: [{ name: 'call-service', arguments: args }] },
      { kind: 'text', text: 'Refused.' },
    );
    const { answer } = await whileHealthz(askChat(hearth.url, 'Turn on the kitchen light, verbosely'));
    assert.equal(answer.status, 200);
    const result = answer.events.find((event) => event.event === 'tool_result');
    assert.deepEqual(
      [result?.data.is_error, result?.data.text],
      [true, `the arguments are over ${INPUT_LIMITS.toolArgumentsBytes} bytes; ask for less`],
    );
    assert.deepEqual(requestsSince(hearth.fake, from), []);
    assert.deepEqual(hearth.stored(), { proposals: 0, journal: 0 });
  });

  it('a state read that fails names its cause; a missing and an excluded entity keep the one neutral answer', async () => {
    const call = (entityId: string, domain = 'light') =>
      callTool(client, 'call-service', {
        instance: hearth.instance,
        domain,
        service: 'turn_on',
        entity_id: entityId,
      });
    hearth.gateStates('stall');
    const started = performance.now();
    const { answer: timedOut } = await whileHealthz(call('light.kitchen'));
    const timeout = `Home Assistant at ${hearth.instance} did not answer within ${HA_TIMEOUT_MS} ms`;
    const statesUnread = (said: string) =>
      refusalText({ reason: 'the states could not be read from Home Assistant', said });
    assert.deepEqual(timedOut, { isError: true, text: statesUnread(timeout) });
    assert.ok(performance.now() - started < HA_TIMEOUT_MS + 1000, 'refused within the reader timeout');
    const read = await callTool(client, 'get-state', { instance: hearth.instance, entity_id: 'light.kitchen' });
    assert.deepEqual(read, { isError: true, text: statesUnread(timeout) });
    hearth.gateStates('unauthorized');
    assert.deepEqual(await call('light.kitchen'), { isError: true, text: statesUnread('the token was refused') });
    hearth.gateStates('pass');
    assert.deepEqual(await call('light.nowhere'), {
      isError: true,
      text: 'No entity light.nowhere is available to the tools.',
    });
    assert.deepEqual(await call('switch.safe_power', 'switch'), {
      isError: true,
      text: 'No entity switch.safe_power is available to the tools.',
    });
    assert.deepEqual(hearth.fake.log.serviceCalls, []);
    assert.deepEqual(hearth.stored(), { proposals: 0, journal: 0 });
  });
});
