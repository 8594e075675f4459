// Issue 10, row 2: a YAML alias bomb in a Static Context entity's attributes is a quick 400, never 17 s, 1.5 GB and a 500.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHarness, postChat } from '../server/app-harness.ts';
import { aliasBombEntity, deepEntity, homeOf500, withStaticEntity } from './hostile-bodies.ts';

interface ErrorReply {
  error?: { message: string; type: string; code: string | null; param: string | null };
}

const BOUND_MS = 3000;

async function post(body: unknown): Promise<{ status: number; json: ErrorReply; ms: number; gemmaCalls: number }> {
  const harness = createHarness();
  const started = performance.now();
  const response = await postChat(harness.app, body);
  const json = (await response.json()) as ErrorReply;
  return { status: response.status, json, ms: performance.now() - started, gemmaCalls: harness.gemma.turns.length };
}

describe('a Static Context whose entity attributes are an alias bomb (8 levels of nine aliases)', () => {
  it('is a 400 naming the aliases, within a loose bound, with no model call', { timeout: 120_000 }, async () => {
    const body = withStaticEntity(homeOf500('turn off the living room light'), aliasBombEntity(8));
    const { status, json, ms, gemmaCalls } = await post(body);
    assert.equal(status, 400, JSON.stringify(json));
    assert.equal(json.error?.type, 'invalid_request_error');
    assert.equal(json.error?.code, 'entity_yaml_refused');
    assert.match(json.error?.message ?? '', /aliases/);
    assert.ok(ms < BOUND_MS, `took ${Math.round(ms)} ms`);
    assert.equal(gemmaCalls, 0);
  });

  it('thirteen of them in a row leave the process answering (each refused, memory not kept)', {
    timeout: 120_000,
  }, async () => {
    const body = withStaticEntity(homeOf500('turn off the living room light'), aliasBombEntity(8));
    for (let i = 0; i < 13; i++) assert.equal((await post(body)).status, 400);
    assert.equal((await post(homeOf500('turn off the living room light'))).status, 200);
  });

  it('a nesting deeper than the limit is a 400 naming it', async () => {
    const { status, json } = await post(withStaticEntity(homeOf500('turn off the living room light'), deepEntity(50)));
    assert.equal(status, 400, JSON.stringify(json));
    assert.match(json.error?.message ?? '', /nests deeper than 32 levels/);
  });
});
