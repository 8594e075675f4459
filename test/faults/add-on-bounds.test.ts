// The add-on's entry points bound the work of one request, through hearth as `hearth serve` builds it: MCP's GET is a
// 405 the SDK client stops at, a proposals poll reads only its page's states (and those only once in 2 s), bad queries
// are 400s naming the parameter, and the body limit comes before anything else.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { INPUT_LIMITS } from '../../src/tools/index.ts';
import { ADMIN_KEY, API_KEY, type AddOnHearth, errorBody, startAddOnHearth } from './add-on-hearth.ts';
import { sleep } from './loopback-hearth.ts';

const MINUTE = 60_000;

describe('the add-on bounds the work of one request', () => {
  let hearth: AddOnHearth;
  before(async () => {
    hearth = await startAddOnHearth();
  });
  after(() => hearth?.close());

  it('GET and DELETE /mcp are 405 with Allow: POST; the SDK client lists tools and opens the stream once, not every second', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${hearth.url}/mcp`, {
        method,
        headers: { authorization: `Bearer ${API_KEY}`, accept: 'text/event-stream' },
      });
      assert.deepEqual(
        [response.status, response.headers.get('allow'), await response.json()],
        [405, 'POST', { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }],
      );
    }
    const methods: string[] = [];
    const counting: typeof fetch = (input, init) => {
      methods.push(init?.method ?? 'GET');
      return fetch(input, init);
    };
    const client = new Client({ name: 'bounds-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${hearth.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
        fetch: counting,
      }),
    );
    try {
      assert.ok((await client.listTools()).tools.length > 0);
      // The SDK reopens a stream that ends after 1 s, then keeps doing so; a 405 it takes as "no stream here".
      await sleep(2500);
      assert.deepEqual(
        methods.filter((method) => method === 'GET'),
        ['GET'],
      );
    } finally {
      await client.close();
    }
  });

  it('a proposals poll reads the home once for its page (the labels and the states), not again within 2 s; older pages by cursor', async () => {
    const { harness, fake } = hearth;
    const limits = harness.addOn.limits.read();
    assert.ok(limits.kind === 'ok');
    // Entities the tools may show (an excluded one has no current state to read), asked before the count starts.
    const candidates = fake.home.states().map((state) => state.entity_id);
    const visible = await harness.addOn.guard.currentStates('home', candidates);
    const entities = candidates.filter((id) => visible.get(id) !== null).slice(0, 25);
    assert.equal(entities.length, 25, 'the fake home has 25 readable entities');
    // 30 proposals: 25 open (prop_1 … prop_25, one a minute, the newest last), then 5 more cancelled.
    for (let n = 1; n <= 30; n++) {
      harness.clock.advance(MINUTE);
      const entityId = entities[(n - 1) % 25] as string;
      harness.proposals.create({
        id: `prop_${n}`,
        connection: 'home',
        connectionId: null,
        connectionAddress: null,
        tool: 'call-service',
        domain: 'light',
        service: 'turn_on',
        entities: [{ entityId, name: entityId, state: 'then' }],
        data: {},
        serviceClass: 'quiet',
        limitsRevision: limits.revision,
        expiresAt: new Date(harness.clock.now() + 60 * MINUTE).toISOString(),
      });
      if (n > 25) harness.proposals.cancel(`prop_${n}`);
    }
    // What a poll asks Home Assistant: the visible view of the home, once (the states; the labels from the connection's
    // registry mirror once it is ready, from the labels template before), whatever the number of entities on the page.
    const READ_ONCE = ['GET /api/states'];
    const stateReads = (from: number) =>
      fake.log.requests
        .slice(from)
        .map((request) => `${request.method} ${request.path}`)
        .filter((request) => request !== 'POST /api/template' && request !== 'GET /api/websocket')
        .sort();
    const poll = async (query: string) => {
      const from = fake.log.requests.length;
      const response = await hearth.admin('GET', `/admin/proposals${query}`);
      assert.equal(response.status, 200);
      const body = (await response.json()) as {
        proposals: Array<{
          id: string;
          status: string;
          entities: Array<{ entity_id: string; current_state: unknown }>;
        }>;
        next: string | null;
      };
      return { body, reads: stateReads(from), requests: fake.log.requests.length - from };
    };
    const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `prop_${from - i}`);

    const first = await poll('');
    assert.deepEqual(
      [first.body.proposals.map((p) => p.id), first.body.next],
      [ids(25, 6), 'prop_6'],
      'open ones, newest first, 20 to a page',
    );
    assert.deepEqual(first.reads, READ_ONCE, 'one read of the home for the whole page');
    for (const proposal of first.body.proposals) {
      const entity = proposal.entities[0]!;
      assert.equal(entity.current_state, fake.home.state(entity.entity_id)?.state);
    }
    const again = await poll('');
    assert.deepEqual([again.body.proposals.length, again.requests], [20, 0], 'a second poll within 2 s asks nothing');
    const older = await poll(`?before=${first.body.next}`);
    assert.deepEqual([older.body.proposals.map((p) => p.id), older.body.next], [ids(5, 1), null]);
    assert.deepEqual(older.reads, READ_ONCE);
    for (const proposal of older.body.proposals) {
      const entity = proposal.entities[0]!;
      assert.equal(entity.current_state, fake.home.state(entity.entity_id)?.state);
    }
    const cancelled = await poll('?status=cancelled&limit=100');
    assert.deepEqual([cancelled.body.proposals.map((p) => p.id), cancelled.requests], [ids(30, 26), 0]);
    assert.equal('current_state' in cancelled.body.proposals[0]!.entities[0]!, false);
    harness.clock.advance(INPUT_LIMITS.proposalStatesCacheMs);
    const later = await poll('?limit=3');
    assert.deepEqual([later.body.proposals.map((p) => p.id), later.reads], [ids(25, 23), READ_ONCE]);
    // Six proposals of 20 entities each: still one read of the home (entities it does not have read as null).
    for (let n = 31; n <= 36; n++) {
      harness.clock.advance(MINUTE);
      harness.proposals.create({
        id: `prop_${n}`,
        connection: 'home',
        connectionId: null,
        connectionAddress: null,
        tool: 'call-service',
        domain: 'light',
        service: 'turn_on',
        entities: Array.from({ length: 20 }, (_, i) => ({
          entityId: `light.bulk_${n}_${i}`,
          name: 'Bulk',
          state: 'off',
        })),
        data: {},
        serviceClass: 'quiet',
        limitsRevision: limits.revision,
        expiresAt: new Date(harness.clock.now() + 60 * MINUTE).toISOString(),
      });
    }
    harness.clock.advance(INPUT_LIMITS.proposalStatesCacheMs);
    const bulk = await poll('?limit=6');
    assert.deepEqual([bulk.body.proposals.map((p) => p.id), bulk.reads], [ids(36, 31), READ_ONCE]);
    assert.ok(bulk.body.proposals.every((p) => p.entities.every((entity) => entity.current_state === null)));
  });

  it('a query parameter out of its range or unknown is a 400 naming it, quoted cut', async () => {
    const range = (max: number) => `must be a whole number from 1 to ${max}`;
    const rows: Array<[string, string, string]> = [
      ['/admin/journal?limit=-1', 'limit', `The query parameter "limit" ${range(200)}.`],
      ['/admin/journal?limit=0.5', 'limit', `The query parameter "limit" ${range(200)}.`],
      ['/admin/journal?limit=201', 'limit', `The query parameter "limit" ${range(200)}.`],
      ['/admin/proposals?limit=101', 'limit', `The query parameter "limit" ${range(100)}.`],
      [
        '/admin/proposals?status=done',
        'status',
        'The query parameter "status" must be one of open, confirmed, cancelled, expired, stale, all.',
      ],
      [
        `/admin/proposals?before=${'p'.repeat(5000)}`,
        'before',
        'The query parameter "before" must be a proposal id, as `next` gives it.',
      ],
      [
        `/admin/journal?${'k'.repeat(3000)}=1`,
        'k'.repeat(120),
        `The query parameter "${'k'.repeat(120)}"… (3000 characters) is not a parameter of this endpoint.`,
      ],
    ];
    for (const [path, param, message] of rows) {
      const response = await hearth.admin('GET', path);
      assert.deepEqual(
        [response.status, await response.json()],
        [400, errorBody(message, { param, code: 'invalid_query' })],
        path.slice(0, 60),
      );
    }
    for (const path of ['/admin/connections?x=1', '/admin/policy?x=1']) {
      const response = await hearth.admin('GET', path);
      const message = 'The query parameter "x" is not a parameter of this endpoint.';
      assert.deepEqual(
        [response.status, await response.json()],
        [400, errorBody(message, { param: 'x', code: 'invalid_query' })],
      );
    }
    const confirm = await hearth.admin('POST', `/admin/proposals/${'p'.repeat(5000)}/confirm`);
    const unknown = `There is no proposal "${'p'.repeat(120)}"… (5000 characters).`;
    assert.deepEqual(
      [confirm.status, await confirm.json()],
      [404, errorBody(unknown, { param: 'id', code: 'unknown_proposal' })],
    );
    const journal = await hearth.admin('GET', '/admin/journal?limit=200');
    assert.deepEqual([journal.status, await journal.json()], [200, { operations: [] }]);
  });

  it('the body limit comes first on /mcp, /admin and /ui: a body over it is a 413 before any key is checked', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(INPUT_LIMITS.requestBodyBytes) });
    const tooLarge = errorBody(`The request body is larger than ${INPUT_LIMITS.requestBodyBytes} bytes.`, {
      code: 'payload_too_large',
    });
    const rows: Array<[string, string, string | null]> = [
      ['POST', '/mcp', null],
      ['POST', '/mcp', 'wrong-key'],
      ['POST', '/admin/connections', null],
      ['PUT', '/admin/policy', 'wrong-key'],
      ['PATCH', '/admin/connections/home', ADMIN_KEY],
      ['POST', '/ui/chat', null],
      ['POST', '/ui/playground', 'wrong-key'],
    ];
    for (const [method, path, key] of rows) {
      const response = await hearth.admin(method, path, { body, key });
      assert.deepEqual([response.status, await response.json()], [413, tooLarge], `${method} ${path} ${key}`);
    }
    // Sent in chunks, with no length up front: counted as it arrives, and refused once past the limit.
    const agent = new Agent();
    try {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const chunked = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.length;
          if (sent > 8 * INPUT_LIMITS.requestBodyBytes) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await undiciFetch(`${hearth.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunked,
        duplex: 'half',
        dispatcher: agent,
      });
      assert.deepEqual([response.status, await response.json()], [413, tooLarge]);
    } finally {
      await agent.close();
    }
    // Within the limit, the keys decide as before.
    const unauthenticated = await hearth.admin('POST', '/admin/connections', { body: '{}', key: null });
    assert.equal(unauthenticated.status, 401);
    assert.ok((await hearth.healthzMs()) < 200);
  });
});
