// Issue 25 through the real program: `hearth serve` against the fake Home Assistant, an MCP client asking, and what the
// model saw: a logbook entry caused by an excluded lock, a connection's own (not JWT-shaped) token echoed in a state,
// and list-services' entries as call-service takes them.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { REPO_ROOT } from '../fixtures/data.ts';
import {
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type HomeFixture,
  MODERN_HOME,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type RunningHearth, spawnHearth } from './spawn-hearth.ts';
import { hearthArgv } from './hearth-argv.ts';

const API_KEY = 'mcp-boundary-key-0123456789';
/** An admin token of the fake that is not JWT-shaped: only the connection's own matcher can find it. */
const PLAIN_TOKEN = 'plain-admin-token-not-a-jwt-0123456789';
/** When the lock caused the kitchen light's newest row. */
const CAUSED_AT = new Date(Date.now() - 30 * 60_000).toISOString();

/** The fixture home, with a kitchen light row caused by the excluded front door lock and a state echoing the token. */
function boundaryHome(): HomeFixture {
  const kitchen = MODERN_HOME.recorder.history['light.kitchen'] ?? [];
  // hearth asks for the hours before its own clock (the system's): the row is half an hour before now.
  const at = CAUSED_AT;
  const causedByLock = {
    state: 'on',
    attributes: { friendly_name: 'Kitchen' },
    last_changed: at,
    last_updated: at,
    context: {
      id: '01JLOCKCAUSEDKITCHEN000000',
      origin: {
        event_type: 'state_changed',
        domain: 'lock',
        entity_id: 'lock.front_door',
        entity_id_name: 'Front Door',
        message: 'changed to unlocked',
        source: 'state of lock.front_door',
        state: 'unlocked',
      },
    },
  };
  const states = MODERN_HOME.states.map((state) =>
    state.entity_id === 'sensor.office_temperature'
      ? { ...state, attributes: { ...state.attributes, debug: `auth=${PLAIN_TOKEN}`, echo: PLAIN_TOKEN } }
      : state,
  );
  return {
    ...MODERN_HOME,
    states,
    recorder: {
      ...MODERN_HOME.recorder,
      history: { ...MODERN_HOME.recorder.history, 'light.kitchen': [...kitchen, causedByLock] },
    },
  };
}

describe('issue 25 through hearth serve and MCP', () => {
  let fake: FakeHomeAssistant;
  let server: RunningHearth;
  let client: Client;
  let dir: string;

  const call = async (name: string, args: object = {}) => {
    const result = (await client.callTool({ name, arguments: { instance: fake.rootUrl, ...args } })) as {
      isError?: boolean;
      content: { type: string; text: string }[];
    };
    return { isError: result.isError ?? false, text: result.content[0]?.text ?? '' };
  };

  before(async () => {
    fake = await startFakeHomeAssistant({
      tokens: { ...FIXTURE_TOKENS, [PLAIN_TOKEN]: { admin: true } },
      home: boundaryHome(),
    });
    dir = mkdtempSync(join(tmpdir(), 'hearth-boundary-'));
    const config = join(dir, 'hearth.yaml');
    writeFileSync(config, `server:\n  api_keys: [${API_KEY}]\n`);
    const env = { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') };
    const argv = hearthArgv(['connections', 'add', 'home', '--url', fake.rootUrl]);
    const child = spawn(process.execPath, [...argv, '--config', config], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(`${PLAIN_TOKEN}\n`);
    assert.equal(await new Promise((resolve) => child.once('close', resolve)), 0, stderr);
    server = await spawnHearth(readFileSync(config, 'utf8'), env);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await fake?.close();
  });

  it('get-logbook of the kitchen light: the entry the lock caused keeps no trace of the lock', async () => {
    const result = await call('get-logbook', { entity_id: 'light.kitchen' });
    assert.equal(result.isError, false, result.text);
    const entries = JSON.parse(result.text).untrusted_data.entries as Record<string, unknown>[];
    const newest = entries[0] ?? {};
    assert.equal(Date.parse(String(newest.when)), Date.parse(CAUSED_AT));
    assert.deepEqual(
      Object.keys(newest).filter((key) => key.startsWith('context_')),
      [],
    );
    assert.doesNotMatch(result.text, /lock\.front_door|Front Door|unlocked/);
  });

  it("the connection's own token, echoed in a state's attributes, never reaches the model", async () => {
    const result = await call('get-state', { entity_id: 'sensor.office_temperature' });
    assert.equal(result.isError, false, result.text);
    assert.ok(!result.text.includes(PLAIN_TOKEN));
    const { attributes } = JSON.parse(result.text).untrusted_data;
    assert.deepEqual([attributes.debug, attributes.echo], ['[redacted]', '[redacted]']);
  });

  it("list-services answers each service's domain and service, the keys call-service takes", async () => {
    const result = await call('list-services');
    const services = JSON.parse(result.text).untrusted_data.services as Record<string, unknown>[];
    const turnOn = services.find((entry) => entry.domain === 'light' && entry.service === 'turn_on');
    assert.deepEqual(
      [turnOn?.tool, services.some((entry) => String(entry.service).includes('.'))],
      ['call-service', false],
    );
    // A read-only connection refuses the call, but not its arguments: the shape fits.
    const refused = await call('call-service', { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /read only/);
  });
});
