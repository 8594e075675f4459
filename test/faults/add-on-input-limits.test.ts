// Every stored or echoed input of the add-on within its limit, through hearth as `hearth serve` builds it and through
// the commands: connections (name, address, token) and policy.json (saved, set, or read from disk), each refusal
// naming the limit, quoting input cut and never a token, nothing stored, Home Assistant told nothing, /healthz fast.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { runChanges } from '../../src/cli/changes-command.ts';
import { runConnections } from '../../src/cli/connections-command.ts';
import { DEFAULT_POLICY_TEXT, INPUT_LIMITS } from '../../src/tools/index.ts';
import { ADMIN_TOKEN } from '../fakes/home-assistant/index.ts';
import { API_KEY, type AddOnHearth, errorBody, startAddOnHearth } from './add-on-hearth.ts';

const MB = 1024 * 1024;
const TOO_LARGE = errorBody(`The request body is larger than ${INPUT_LIMITS.requestBodyBytes} bytes.`, {
  code: 'payload_too_large',
});

/** A valid policy.json of `bytes` bytes: one allowed service, padded with spaces. */
function paddedPolicy(bytes: number): string {
  const text = JSON.stringify({ version: 1, services: [{ service: 'light.turn_on', class: 'quiet' }] });
  return `${text}${' '.repeat(bytes - text.length)}`;
}

describe('inputs within their limits', () => {
  let hearth: AddOnHearth;
  let policyPath: string;
  before(async () => {
    hearth = await startAddOnHearth();
    policyPath = join(hearth.harness.dir, 'policy.json');
  });
  after(() => hearth?.close());

  /** Runs `request` while /healthz is asked, and returns its answer with the time /healthz took. */
  async function whileHealthz<T>(request: Promise<T>): Promise<{ answer: T }> {
    const [answer] = await Promise.all([request, hearth.healthzMs()]);
    return { answer };
  }

  const addConnection = (connection: Record<string, unknown>) =>
    hearth.admin('POST', '/admin/connections', { body: JSON.stringify(connection) });

  it('POST /admin/connections: a 5 MB token is a 413, a 5,000-character one a 400 naming its limit; neither is stored', async () => {
    const sentBefore = hearth.fake.log.requests.length;
    const huge = await whileHealthz(
      addConnection({ name: 'big', url: 'https://ha.example', token: 'T'.repeat(5 * MB) }),
    );
    assert.deepEqual([huge.answer.status, await huge.answer.json()], [413, TOO_LARGE]);
    const long = await addConnection({ name: 'big', url: 'https://ha.example', token: 'T'.repeat(5000) });
    assert.deepEqual(
      [long.status, await long.json()],
      [
        400,
        errorBody('the token is 5000 characters, over the limit of 4096', {
          param: 'token',
          code: 'invalid_connection',
        }),
      ],
    );
    assert.deepEqual(hearth.storedConnections(), ['home']);
    assert.equal(hearth.fake.log.requests.length, sentBefore, 'Home Assistant was not asked anything');
  });

  it('addresses and names: a 1 MB URL is a 413, a long one a 400 quoting it cut; a long name a 400 on every route', async () => {
    const huge = await addConnection({ name: 'far', url: `https://${'a'.repeat(MB)}`, token: 'eyJ-token' });
    assert.deepEqual([huge.status, await huge.json()], [413, TOO_LARGE]);
    const long = await addConnection({ name: 'far', url: `https://${'a'.repeat(100_000)}`, token: 'eyJ-token' });
    const reason = `the address is 100008 characters, over the limit of 2048: "https://${'a'.repeat(112)}"… (100008 characters)`;
    assert.deepEqual(
      [long.status, await long.json()],
      [400, errorBody(reason, { param: 'url', code: 'invalid_connection' })],
    );
    const name = 'n'.repeat(INPUT_LIMITS.connectionNameChars + 1);
    const named = await addConnection({ name, url: 'https://ha.example', token: 'eyJ-token' });
    assert.deepEqual(
      [named.status, await named.json()],
      [
        400,
        errorBody(`the name is 65 characters, over the limit of 64: "${name}"`, {
          param: 'name',
          code: 'invalid_connection',
        }),
      ],
    );
    const longName = 'n'.repeat(5000);
    const inPath = `The connection name is 5000 characters, over the limit of 64: "${'n'.repeat(120)}"… (5000 characters).`;
    for (const [method, path] of [
      ['PATCH', `/admin/connections/${longName}`],
      ['DELETE', `/admin/connections/${longName}`],
      ['POST', `/admin/connections/${longName}/test`],
    ] as const) {
      const response = await hearth.admin(method, path, method === 'PATCH' ? { body: '{"enabled":false}' } : {});
      assert.deepEqual(
        [response.status, await response.json()],
        [400, errorBody(inPath, { param: 'name', code: 'invalid_connection' })],
        method,
      );
    }
    const playground = await hearth.admin('POST', '/ui/playground', {
      body: JSON.stringify({ sentence: 'turn on the light', home: longName }),
      key: API_KEY,
    });
    assert.deepEqual(
      [playground.status, await playground.json()],
      [400, errorBody('home: must be at most 64 characters', { param: 'home', code: 'invalid_playground_request' })],
    );
    assert.deepEqual(hearth.storedConnections(), ['home']);
  });

  it('PUT /admin/policy: 7 MB is a 413, 70 KB or 201 services a 400 naming the limit; the limits in force stay', async () => {
    const before = readFileSync(policyPath, 'utf8');
    const hash = (await (await hearth.admin('GET', '/admin/policy')).json()) as { hash: string };
    const huge = await whileHealthz(hearth.admin('PUT', '/admin/policy', { body: paddedPolicy(7 * MB) }));
    assert.deepEqual([huge.answer.status, await huge.answer.json()], [413, TOO_LARGE]);
    const large = await hearth.admin('PUT', '/admin/policy', { body: paddedPolicy(70 * 1024) });
    const tooLarge =
      'The limits were not saved: the new limits: policy.json is 71680 bytes, over the limit of 65536 bytes';
    assert.deepEqual([large.status, await large.json()], [400, errorBody(tooLarge, { code: 'invalid_policy' })]);
    const services = Array.from({ length: 201 }, (_, n) => ({ service: `light.s${n}`, class: 'quiet' }));
    const many = await hearth.admin('PUT', '/admin/policy', { body: JSON.stringify({ version: 1, services }) });
    const tooMany = 'The limits were not saved: the new limits: services: must hold at most 200 entries';
    assert.deepEqual([many.status, await many.json()], [400, errorBody(tooMany, { code: 'invalid_policy' })]);
    assert.equal(readFileSync(policyPath, 'utf8'), before);
    const now = (await (await hearth.admin('GET', '/admin/policy')).json()) as { valid: boolean; hash: string };
    assert.deepEqual([now.valid, now.hash], [true, hash.hash]);
  });

  it('a 7 MB policy.json on disk stops the tools, naming the file and the limit, and every call stays fast', async () => {
    writeFileSync(policyPath, paddedPolicy(7 * MB));
    try {
      const reason = `${policyPath}: policy.json is 7340032 bytes, over the limit of 65536 bytes`;
      const read = await hearth.admin('GET', '/admin/policy');
      assert.deepEqual([read.status, await read.json()], [200, { valid: false, reason, policy: '' }]);
      const call = (id: number) =>
        fetch(`${hearth.url}/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${API_KEY}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'call-service', arguments: { domain: 'light', service: 'turn_on', entity_id: 'light.x' } },
          }),
        });
      for (let id = 1; id <= 20; id++) {
        const { answer } = await whileHealthz(call(id));
        const body = (await answer.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
        assert.equal(body.result.isError, true);
        assert.match(
          body.result.content[0]!.text,
          new RegExp(`stopped.*${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        );
      }
    } finally {
      writeFileSync(policyPath, DEFAULT_POLICY_TEXT);
    }
    const restored = (await (await hearth.admin('GET', '/admin/policy')).json()) as { valid: boolean };
    assert.equal(restored.valid, true);
  });

  it('hearth connections add and hearth policy set refuse inputs over their limits, naming them; nothing is stored', async () => {
    const configPath = join(hearth.harness.dir, 'hearth.yaml');
    writeFileSync(configPath, `data_dir: ${JSON.stringify(hearth.harness.dir)}\n`);
    const printed: string[] = [];
    const errors: string[] = [];
    const io = { print: (text: string) => printed.push(text), printError: (text: string) => errors.push(text) };
    const add = await runConnections(
      { kind: 'connections', action: 'add', name: 'cli', url: hearth.fake.rootUrl, configPath },
      {},
      { ...io, input: Readable.from([`${'T'.repeat(5000)}\n`]), prompt: new PassThrough() },
    );
    assert.deepEqual([add, errors], [1, ['hearth: token: the token is 5000 characters, over the limit of 4096']]);
    const file = join(hearth.harness.dir, 'big-policy.json');
    writeFileSync(file, paddedPolicy(7 * MB));
    const set = await runChanges({ kind: 'changes', action: 'policy-set', file, configPath }, {}, { ...io, fetch });
    assert.deepEqual(
      [set, errors.at(-1)],
      [1, `hearth: ${file}: the limits were not saved: policy.json is 7340032 bytes, over the limit of 65536 bytes`],
    );
    assert.deepEqual(printed, []);
    assert.deepEqual(hearth.storedConnections(), ['home']);
    assert.equal(readFileSync(policyPath, 'utf8'), DEFAULT_POLICY_TEXT);
    // Within the limits, the same command saves (the token is the fake's own).
    const ok = await runConnections(
      { kind: 'connections', action: 'add', name: 'cli', url: `http://localhost:${hearth.fake.port}`, configPath },
      {},
      { ...io, input: Readable.from([`${ADMIN_TOKEN}\n`]), prompt: new PassThrough() },
    );
    assert.equal(ok, 0, errors.join('\n'));
    assert.deepEqual(hearth.storedConnections(), ['cli', 'home']);
  });
});
