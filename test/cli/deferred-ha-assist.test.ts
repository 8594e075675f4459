// HA-Assist built after the app is made: /healthz answers while its grammar is not compiled, /readyz says so (and
// why, when it cannot be), and turns sent meanwhile (plain and streamed) are answered once it is, as they would have
// been. The grammar's loader waits on a promise each test resolves itself: no clocks, no sleeps.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Logger, SILENT_LOGGER } from '../../src/common/index.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { buildApp, loadGrammar } from '../../src/cli/wire.ts';
import type { Intents } from '../../src/hassil/index.ts';
import type { App } from '../../src/server/index.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';
import { firstRequest } from '../assist/ha-turns.ts';
import { postChat, readSse } from '../server/app-harness.ts';
import { generateHome } from '../fixtures/homes/index.ts';

/** An app whose grammar is compiled only when `release` is called (or fails with `fail`'s error). */
function gatedApp(intents: Record<string, string> = {}, logger: Logger = SILENT_LOGGER): { app: App; release(): void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const config = ConfigSchema.parse({ ollama: false, intents });
  const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger };
  const loadAfterGate = async (loaded: typeof config): Promise<Intents> => {
    await gate;
    return loadGrammar(loaded);
  };
  const app = buildApp(config, runtime, { assist: { loadGrammar: loadAfterGate, readyWaitMs: 0 } });
  return { app, release };
}

async function get(app: App, path: string): Promise<{ status: number; body: unknown }> {
  const response = await app.fetch(new Request(`http://hearth.test${path}`));
  return { status: response.status, body: await response.json() };
}

const READY = { status: 200, body: { status: 'ready', checks: [] } };
const COMPILING = 'HA-Assist is still compiling it';

interface Row {
  text: string;
  call: { name: string; arguments: Record<string, unknown> };
}

/**
 * "Turn on/off the <light>" for each light of a generated home whose name no other entity has or contains: the
 * direct route's single call, with the light's name and domain.
 */
function rows(): { home: ReturnType<typeof generateHome>; rows: Row[] } {
  const home = generateHome({ entities: 60, areas: 6, seed: 29 });
  const names = home.entities.map((entity) => entity.name.toLowerCase());
  const lights = home.entities.filter(
    (entity) =>
      entity.domain === 'light' &&
      names.filter((name) => name.includes(entity.name.toLowerCase())).length === 1 &&
      entity.aliases.length === 0,
  );
  const result = lights.flatMap((light) =>
    (['on', 'off'] as const).map((verb) => ({
      text: `Turn ${verb} the ${light.name}`,
      call: { name: verb === 'on' ? 'HassTurnOn' : 'HassTurnOff', arguments: { name: light.name, domain: ['light'] } },
    })),
  );
  return { home, rows: result };
}

function callsOf(body: {
  choices: { message: { tool_calls?: { function: { name: string; arguments: string } }[] } }[];
}): Row['call'][] {
  return (body.choices[0]?.message.tool_calls ?? []).map((call) => ({
    name: call.function.name,
    arguments: JSON.parse(call.function.arguments) as Record<string, unknown>,
  }));
}

describe('HA-Assist built after the app is made', () => {
  it('/healthz answers while the grammar is not compiled; /readyz is 503 naming it, then 200 once compiled', async () => {
    const { app, release } = gatedApp();
    assert.deepEqual(await get(app, '/healthz'), { status: 200, body: { status: 'ok' } });
    const check = { kind: 'grammar', name: 'en', url: 'built-in', ok: false, reason: COMPILING };
    assert.deepEqual(await get(app, '/readyz'), {
      status: 503,
      body: { status: 'not ready', reason: `grammar en at built-in: ${COMPILING}`, checks: [check] },
    });
    release();
    const chat = await postChat(app, firstRequest('Turn on the kitchen light'));
    assert.equal(chat.status, 200);
    assert.deepEqual(await get(app, '/readyz'), READY);
  });

  it('answers each turn sent before the grammar is compiled once it is, with the same call', async () => {
    const { home, rows: family } = rows();
    assert.ok(family.length >= 6, `${family.length} rows`);
    const { app, release } = gatedApp();
    let settled = 0;
    const answers = family.map((row) =>
      postChat(app, firstRequest(row.text, home)).finally(() => {
        settled++;
      }),
    );
    const streamed = postChat(app, { ...firstRequest(family[0]!.text, home), stream: true });
    // A request that needs no HA-Assist is answered meanwhile; none of the turns is.
    assert.equal((await get(app, '/healthz')).status, 200);
    assert.equal(settled, 0);
    release();
    for (const [index, answer] of answers.entries()) {
      const response = await answer;
      assert.equal(response.status, 200, family[index]!.text);
      assert.deepEqual(
        callsOf((await response.json()) as Parameters<typeof callsOf>[0]),
        [family[index]!.call],
        family[index]!.text,
      );
    }
    const frames = await readSse(await streamed);
    assert.equal(frames.at(-1), '[DONE]');
    const deltas = frames.slice(0, -1).map((frame) => JSON.parse(frame));
    const called = deltas.flatMap((delta) => delta.choices?.[0]?.delta?.tool_calls ?? []);
    assert.deepEqual(
      called.map((call: { function: { name: string; arguments: string } }) => ({
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments),
      })),
      [family[0]!.call],
    );
  });

  it('a grammar that cannot be compiled: /readyz is 503 with the reason, each turn a 503 naming it, /healthz answers', async () => {
    const path = '/nonexistent/intents';
    const errors: string[] = [];
    const logger: Logger = { ...SILENT_LOGGER, error: (_fields, message) => void errors.push(message) };
    const { app, release } = gatedApp({ path, language: 'de' }, { ...logger, child: () => logger });
    const answers = ['Schalte das Licht in der Küche ein', 'Wie warm ist es?'].map((text) =>
      postChat(app, firstRequest(text)),
    );
    release();
    // Not answered without a grammar: a 503 naming it and the loader's reason (the start used to fail with it).
    for (const answer of answers) {
      const response = await answer;
      const body = (await response.json()) as { error: { code: string; message: string } };
      assert.deepEqual([response.status, body.error.code], [503, 'grammar_unavailable']);
      assert.equal(
        body.error.message,
        "HA-Assist's grammar could not be loaded: the file is missing (file intents.yaml)",
      );
    }
    // Logged once, however many turns failed with it.
    assert.equal(errors.filter((message) => message === 'HA-Assist cannot be built').length, 1);
    const reason = 'HA-Assist could not be built: the file is missing (file intents.yaml)';
    assert.deepEqual(await get(app, '/readyz'), {
      status: 503,
      body: {
        status: 'not ready',
        reason: `grammar de at ${path}: ${reason}`,
        checks: [{ kind: 'grammar', name: 'de', url: path, ok: false, reason }],
      },
    });
    assert.deepEqual(await get(app, '/healthz'), { status: 200, body: { status: 'ok' } });
  });
});
