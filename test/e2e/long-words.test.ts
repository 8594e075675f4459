// One very long word in a state from Home Assistant, through `hearth serve` in a process of its own: get-state answers
// the exact redacted and cut result, and /healthz answers while it runs (redaction once took the square of the word).

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CUT_MARKER, DEFAULT_RESULT_LIMITS, REDACTED, UNTRUSTED_NOTE } from '../../src/tools/index.ts';
import { REPO_ROOT } from '../fixtures/data.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  MODERN_HOME,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { hearthArgv } from './hearth-argv.ts';

const API_KEY = 'long-words-key-0123456789';
/** Characters of each long word: the range is 100 k to 1 MB. */
const LENGTH = 102_000;
const ENTITY_ID = 'sensor.long_words';
/** The loose bound on /healthz while a tool call runs. */
const HEALTHZ_MS = 200;

/** Words built to be the worst case of the old patterns; the last ends in a JWT, so it is redacted. */
const WORDS = {
  jwt_starts: 'eyJ'.repeat(LENGTH / 3),
  query_starts: '?token'.repeat(LENGTH / 6),
  scheme_like: 'a:'.repeat(LENGTH / 2),
  late_jwt: `${'eyJ'.repeat(LENGTH / 3)}!eyJabcdefgh.abcdefgh.sig`,
};

/** What get-state shows of an attribute string that is not redacted: cut to the attribute limit, marker included. */
function cut(word: string): string {
  return word.slice(0, DEFAULT_RESULT_LIMITS.maxAttributeChars - CUT_MARKER.length) + CUT_MARKER;
}

/** Runs `hearth <args>` in the test's workspace (see hearth-argv.ts); resolves with the process once `ready` holds. */
function runHearth(space: { config: string; env: Record<string, string> }, args: string[], stdin?: string) {
  const argv = hearthArgv([...args, '--config', space.config]);
  const child = spawn(process.execPath, argv, { cwd: REPO_ROOT, env: { ...process.env, ...space.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin !== undefined) child.stdin.end(stdin);
  return { child, output: () => `${stdout}\n${stderr}`, stdout: () => stdout };
}

/** Stops a process; one that does not end within 5 s (a blocked event loop ignores SIGTERM) is killed. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

describe('hearth serve under one very long word', () => {
  let fake: FakeHomeAssistant;
  let serve: ChildProcess | undefined;
  let url: string;

  before(async () => {
    const state = {
      entity_id: ENTITY_ID,
      state: 'on',
      attributes: { friendly_name: 'Long words', ...WORDS },
      last_changed: '2026-01-08T11:00:00.000000+00:00',
    };
    fake = await startFakeHomeAssistant({
      tokens: FIXTURE_TOKENS,
      home: { ...MODERN_HOME, states: [...MODERN_HOME.states, state] },
    });
    const dir = mkdtempSync(join(tmpdir(), 'hearth-long-words-'));
    const space = {
      config: join(dir, 'hearth.yaml'),
      env: { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') },
    };
    writeFileSync(space.config, `server:\n  api_keys: [${API_KEY}]\n`);
    const add = runHearth(space, ['connections', 'add', 'home', '--url', fake.rootUrl], `${ADMIN_TOKEN}\n`);
    const code = await new Promise((resolve) => add.child.once('close', resolve));
    assert.equal(code, 0, add.output());
    const running = runHearth(space, ['serve', '--port', '0']);
    serve = running.child;
    url = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /listening on (http:\/\/[^\s]+)/.exec(running.stdout());
        if (match) resolve(match[1]!);
      };
      running.child.stdout!.on('data', check);
      running.child.once('exit', () => reject(new Error(`hearth exited:\n${running.output()}`)));
    });
  });
  after(async () => {
    if (serve !== undefined) await stop(serve);
    await fake?.close();
  });

  it('get-state answers the exact redacted and cut attributes, and /healthz answers within 200 ms meanwhile', async () => {
    const client = new Client({ name: 'long-words-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
    try {
      // A first call opens the connection and runs the tool's code once: what is measured is the long word's work.
      const warm = await client.callTool({
        name: 'get-state',
        arguments: { instance: fake.rootUrl, entity_id: 'sensor.office_temperature' },
      });
      assert.equal(warm.isError ?? false, false, JSON.stringify(warm));
      let settled = false;
      // The old patterns took hours on these words: a timeout, so the test fails instead of waiting.
      const call = client
        .callTool({ name: 'get-state', arguments: { instance: fake.rootUrl, entity_id: ENTITY_ID } }, undefined, {
          timeout: 20_000,
        })
        .then(
          (answer) => ({ ok: true as const, answer }),
          (error: unknown) => ({ ok: false as const, error }),
        )
        .finally(() => {
          settled = true;
        });
      const healthz: number[] = [];
      while (!settled) {
        const started = performance.now();
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
        assert.ok(response !== undefined, '/healthz did not answer within 5 s while get-state ran');
        await response.arrayBuffer();
        assert.equal(response.status, 200);
        healthz.push(performance.now() - started);
      }
      const outcome = await call;
      assert.ok(outcome.ok, String(outcome.ok || outcome.error));
      const result = outcome.answer as { isError?: boolean; content: { type: string; text: string }[] };
      assert.equal(result.isError ?? false, false, result.content[0]?.text);
      const body = JSON.parse(result.content[0]?.text ?? '') as {
        untrusted_data: { entity_id: string; state: string; attributes: Record<string, unknown> };
        note: string;
      };
      assert.equal(body.note, UNTRUSTED_NOTE);
      assert.deepEqual([body.untrusted_data.entity_id, body.untrusted_data.state], [ENTITY_ID, 'on']);
      assert.deepEqual(body.untrusted_data.attributes, {
        friendly_name: 'Long words',
        jwt_starts: cut(WORDS.jwt_starts),
        query_starts: cut(WORDS.query_starts),
        scheme_like: cut(WORDS.scheme_like),
        late_jwt: REDACTED,
      });
      assert.ok(healthz.length > 0, 'no /healthz request was answered while the call ran');
      const slowest = Math.max(...healthz);
      assert.ok(slowest < HEALTHZ_MS, `/healthz took ${healthz.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    } finally {
      await client.close();
    }
  });
});
