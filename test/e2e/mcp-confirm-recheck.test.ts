// A confirmation re-checks the home it was made for, end to end: `hearth serve` with the MCP SDK client, the command
// line as a subprocess, and fake Home Assistants that record every call (none is sent where a confirmation is refused).

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { REPO_ROOT } from '../fixtures/data.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  FIXTURE_TOKENS,
  isoTime,
  MODERN_HOME,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type RunningHearth, runHearthCommand, spawnHearth } from './spawn-hearth.ts';
import { hearthArgv } from './hearth-argv.ts';

const API_KEY = 'recheck-test-key-0123456789';
/** A key limited to the connection `cabin`. */
const CABIN_KEY = 'recheck-cabin-key-0123456789';
const ADMIN_KEY = 'recheck-admin-key-0123456789';
const KITCHEN_ON = { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: { brightness_pct: 40 } };
const CONFIG = `server:
  api_keys:
    - ${API_KEY}
    - key: ${CABIN_KEY}
      connections: [cabin]
  admin_key: ${ADMIN_KEY}
log:
  level: warn
`;
/** The default limits, with closing a cover allowed (door-like covers stay refused, by their device class). */
const POLICY = JSON.stringify({
  version: 1,
  services: [
    { service: 'light.turn_on', class: 'quiet' },
    { service: 'cover.close_cover', class: 'quiet' },
    { service: 'climate.set_temperature', class: 'confirmed' },
  ],
  exclude: { domains: ['lock', 'alarm_control_panel', 'camera'], areas: [], patterns: [], labels: ['sensitive'] },
  max_entities: 5,
});

describe('a confirmation re-checks the home it was made for', () => {
  let home: FakeHomeAssistant;
  let cabin: FakeHomeAssistant;
  /** The fixture `home` serves, its own copy: a test adds a label to an entity while hearth runs. */
  const homeFixture = structuredClone(MODERN_HOME);
  let env: Record<string, string>;
  let configPath: string;
  let server: RunningHearth;
  let client: Client;

  /** Runs `hearth ARGS` on the test's data folder and configuration. */
  const hearth = (args: string[], stdin = '') => runHearthCommand([...args, '--config', configPath], env, stdin);
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const sent = () => home.log.serviceCalls.length + cabin.log.serviceCalls.length;

  async function addConnection(name: string, fake: FakeHomeAssistant, mode: string): Promise<void> {
    const added = await hearth(['connections', 'add', name, '--url', fake.rootUrl], `${ADMIN_TOKEN}\n`);
    assert.equal(added.code, 0, added.stderr);
    const set = await hearth(['connections', 'mode', name, mode]);
    assert.equal(set.code, 0, set.stderr);
  }

  async function propose(args: object): Promise<string> {
    const result = await call(client, 'call-service', { instance: home.rootUrl, ...args });
    assert.equal(result.isError, false, result.text);
    const answer = JSON.parse(result.text).untrusted_data;
    assert.equal(answer.status, 'awaiting-confirmation');
    return answer.proposal_id as string;
  }

  /** The proposal as the admin API lists it, and as `hearth proposals list --json` prints it: the same, closed. */
  async function closedAs(id: string): Promise<{ status: string; closed_reason: string | null }> {
    const listed = await admin('GET', '/admin/proposals?status=all&limit=100');
    assert.equal(listed.status, 200);
    const { proposals } = (await listed.json()) as {
      proposals: { id: string; status: string; closed_reason: string }[];
    };
    const byApi = proposals.find((proposal) => proposal.id === id);
    const printed = await hearth(['proposals', 'list', '--json']);
    assert.equal(printed.code, 0, printed.stderr);
    const byCommand = (JSON.parse(printed.stdout) as { id: string; status: string; closed_reason: string }[]).find(
      (proposal) => proposal.id === id,
    );
    assert.ok(byApi && byCommand, id);
    assert.deepEqual([byCommand.status, byCommand.closed_reason], [byApi.status, byApi.closed_reason]);
    return { status: byApi.status, closed_reason: byApi.closed_reason };
  }

  before(async () => {
    home = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, home: homeFixture });
    cabin = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    const dir = mkdtempSync(join(tmpdir(), 'hearth-recheck-'));
    configPath = join(dir, 'hearth.yaml');
    writeFileSync(configPath, CONFIG);
    env = { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') };
    await addConnection('home', home, 'ask-first');
    await addConnection('cabin', cabin, 'ask-first');
    server = await spawnHearth(CONFIG, env);
    const saved = await admin('PUT', '/admin/policy', POLICY);
    assert.equal(saved.status, 200, await saved.text());
    client = await httpClient(server.url, API_KEY);
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await home?.close();
    await cabin?.close();
  });

  it('an entity that got the sensitive label after the proposal: the admin API refuses the confirmation and closes the proposal, nothing sent', async () => {
    const id = await propose(KITCHEN_ON);
    const kitchen = homeFixture.entities.find((entity) => entity.entity_id === 'light.kitchen');
    assert.ok(kitchen);
    kitchen.labels.push('sensitive');
    try {
      const confirmed = await admin('POST', `/admin/proposals/${id}/confirm`);
      const text = await confirmed.text();
      assert.equal(confirmed.status, 409, text);
      assert.match(
        text,
        /no longer passes the limits .*No entity light\.kitchen is available to the tools.*nothing was sent/,
      );
      assert.equal(sent(), 0);
    } finally {
      kitchen.labels.pop();
    }
    // Closed with the reason, not left open: the label gone again, it is still refused (by the command line too).
    const closed = await closedAs(id);
    assert.equal(closed.status, 'stale');
    assert.match(closed.closed_reason ?? '', /no longer passes the limits .*No entity light\.kitchen is available/);
    const again = await admin('POST', `/admin/proposals/${id}/confirm`);
    const text = await again.text();
    assert.equal(again.status, 409, text);
    assert.match(text, new RegExp(`the proposal ${id} is stale: the change no longer passes the limits`));
    const byCommand = await hearth(['proposals', 'confirm', id]);
    assert.equal(byCommand.code, 1);
    assert.match(byCommand.stderr, new RegExp(`the proposal ${id} is stale: .*nothing was sent`));
    assert.equal((await admin('POST', `/admin/proposals/${id}/cancel`)).status, 409);
    assert.equal(sent(), 0);
  });

  it('a cover that reports a garage door after the proposal: hearth proposals confirm refuses and closes it, nothing sent', async () => {
    const writeClass = (deviceClass: string) =>
      home.home.setState('cover.garage_door', {
        state: 'open',
        attributes: { device_class: deviceClass, friendly_name: 'Garage Door', supported_features: 3 },
        at: isoTime(Date.now()),
        context: { id: `ctx-${deviceClass}`, parent_id: null, user_id: null },
      });
    writeClass('shutter');
    const id = await propose({ domain: 'cover', service: 'close_cover', entity_id: 'cover.garage_door', data: {} });
    writeClass('garage');
    const confirmed = await hearth(['proposals', 'confirm', id]);
    assert.equal(confirmed.code, 1);
    assert.match(confirmed.stderr, /cover\.garage_door is a cover on a garage door.*nothing was sent/);
    const closed = await closedAs(id);
    assert.equal(closed.status, 'stale');
    assert.match(closed.closed_reason ?? '', /cover\.garage_door is a cover on a garage door/);
    writeClass('shutter');
    const again = await hearth(['proposals', 'confirm', id]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, new RegExp(`the proposal ${id} is stale: .*garage door.*nothing was sent`));
    const listed = await hearth(['proposals', 'list']);
    assert.match(listed.stdout, new RegExp(`${id}\tstale \\(the change no longer passes the limits`));
    assert.equal(sent(), 0);
  });

  it('a proposal on a connection that was then disabled: refused and closed, nothing sent, even once it is enabled again', async () => {
    const id = await propose(KITCHEN_ON);
    assert.equal((await admin('PATCH', '/admin/connections/home', { enabled: false })).status, 200);
    const refused = await hearth(['proposals', 'confirm', id]);
    assert.deepEqual(
      [refused.code, refused.stderr],
      [1, 'hearth: the connection home is disabled; nothing was sent\n'],
    );
    assert.deepEqual(await closedAs(id), { status: 'stale', closed_reason: 'the connection home is disabled' });
    assert.equal(sent(), 0);
    // Switching the connection on again does not bring back what was refused while it was off.
    assert.equal((await admin('PATCH', '/admin/connections/home', { enabled: true })).status, 200);
    const confirmed = await admin('POST', `/admin/proposals/${id}/confirm`);
    const text = await confirmed.text();
    assert.equal(confirmed.status, 409, text);
    assert.match(text, new RegExp(`the proposal ${id} is stale: the connection home is disabled; nothing was sent`));
    assert.equal(sent(), 0);
    // A new proposal on the enabled connection runs.
    const fresh = await propose(KITCHEN_ON);
    const done = await admin('POST', `/admin/proposals/${fresh}/confirm`);
    assert.equal(done.status, 200, await done.clone().text());
    assert.equal(((await done.json()) as { outcome: string }).outcome, 'done');
    assert.deepEqual(
      home.log.serviceCalls.map((call) => `${call.domain}.${call.service}`),
      ['light.turn_on'],
    );
  });

  it('a client that answers elicitation "accept" by itself confirms no physical change, even in act mode', async () => {
    assert.equal((await hearth(['connections', 'mode', 'home', 'act'])).code, 0);
    const asked: string[] = [];
    const stdio = new Client({ name: 'test', version: '1' }, { capabilities: { elicitation: {} } });
    stdio.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: hearthArgv(['mcp', '--config', configPath]),
        cwd: REPO_ROOT,
        env: { ...(process.env as Record<string, string>), ...env },
        stderr: 'ignore',
      }),
    );
    const before = sent();
    try {
      const result = await call(stdio, 'call-physical-service', {
        instance: home.rootUrl,
        domain: 'climate',
        service: 'set_temperature',
        entity_id: 'climate.living_room',
        data: { temperature: 21.5 },
      });
      const answer = JSON.parse(result.text).untrusted_data;
      assert.equal(answer.status, 'awaiting-confirmation', result.text);
      assert.deepEqual(asked, []);
      assert.equal(sent(), before);
      assert.equal((await hearth(['proposals', 'cancel', answer.proposal_id])).code, 0);
    } finally {
      await stdio.close();
      assert.equal((await hearth(['connections', 'mode', 'home', 'ask-first'])).code, 0);
    }
  });

  it('a key limited to named connections sees and reaches only those on /mcp', async () => {
    const limited = await httpClient(server.url, CABIN_KEY);
    try {
      const listed = (await limited.listTools()).tools.find((tool) => tool.name === 'get-state');
      const instance = JSON.stringify(listed?.inputSchema);
      assert.ok(instance.includes(cabin.rootUrl) && !instance.includes(home.rootUrl), instance);
      const requests = home.log.requests.length;
      const refused = await call(limited, 'get-state', { instance: home.rootUrl, entity_id: 'light.kitchen' });
      assert.deepEqual(refused, {
        isError: true,
        text: `instance must be the address of an enabled Home Assistant connection: ${cabin.rootUrl}`,
      });
      assert.equal(home.log.requests.length, requests, 'the other home is not asked anything');
      const read = await call(limited, 'get-state', { instance: cabin.rootUrl, entity_id: 'light.kitchen' });
      assert.equal(read.isError, false, read.text);
      // The unlimited key reaches both.
      const both = await call(client, 'get-state', { instance: home.rootUrl, entity_id: 'light.kitchen' });
      assert.equal(both.isError, false, both.text);
    } finally {
      await limited.close();
    }
  });

  it('a connection removed and added again at another address: the old proposal is refused, nothing sent', async () => {
    const before = sent();
    const id = await propose({ ...KITCHEN_ON, data: { brightness_pct: 10 } });
    assert.equal((await hearth(['connections', 'remove', 'cabin'])).code, 0);
    assert.equal((await hearth(['connections', 'remove', 'home'])).code, 0);
    await addConnection('home', cabin, 'ask-first');
    const confirmed = await admin('POST', `/admin/proposals/${id}/confirm`);
    const text = await confirmed.text();
    assert.equal(confirmed.status, 409, text);
    assert.match(text, /the connection home is not the one this proposal was made for.*nothing was sent/);
    const closed = await closedAs(id);
    assert.equal(closed.status, 'stale');
    assert.match(closed.closed_reason ?? '', /the connection home is not the one this proposal was made for/);
    const byCommand = await hearth(['proposals', 'confirm', id]);
    assert.equal(byCommand.code, 1);
    assert.match(byCommand.stderr, new RegExp(`the proposal ${id} is stale: the connection home is not the one`));
    assert.equal(sent(), before);
  });
});

async function httpClient(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text: string }[];
  };
  return { isError: result.isError ?? false, text: result.content[0]?.text ?? '' };
}
