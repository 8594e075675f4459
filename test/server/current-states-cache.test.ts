// The proposals' current states cache: one read per connection and entity within its time, none after the first.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCurrentStatesCache } from '../../src/server/current-states-cache.ts';
import { createFakeClock } from '../fakes/clock/index.ts';

/** A reader that records each call and answers `on` for every entity but `light.gone` (which it cannot show). */
function recordingRead() {
  const calls: Array<[string, string[]]> = [];
  const read = async (connection: string, ids: readonly string[]) => {
    calls.push([connection, [...ids]]);
    return new Map(ids.map((id) => [id, id === 'light.gone' ? null : `on@${calls.length}`]));
  };
  return { calls, read };
}

describe('createCurrentStatesCache', () => {
  it('reads each connection once within its time, then only what it has not read, then all again after it', async () => {
    const clock = createFakeClock();
    const { calls, read } = recordingRead();
    const cached = createCurrentStatesCache({ read, clock, ttlMs: 2000 });
    const first = await cached('home', ['light.a', 'light.b', 'light.a']);
    assert.deepEqual(
      [...first],
      [
        ['light.a', 'on@1'],
        ['light.b', 'on@1'],
      ],
    );
    clock.advance(1999);
    assert.deepEqual([...(await cached('home', ['light.b']))], [['light.b', 'on@1']]);
    assert.deepEqual(
      [...(await cached('home', ['light.b', 'light.c']))],
      [
        ['light.b', 'on@1'],
        ['light.c', 'on@2'],
      ],
    );
    assert.deepEqual([...(await cached('cabin', ['light.a']))], [['light.a', 'on@3']]);
    clock.advance(1);
    assert.deepEqual(
      [...(await cached('home', ['light.a', 'light.gone']))],
      [
        ['light.a', 'on@4'],
        ['light.gone', null],
      ],
    );
    assert.deepEqual([...(await cached('home', ['light.gone']))], [['light.gone', null]]);
    assert.deepEqual(calls, [
      ['home', ['light.a', 'light.b']],
      ['home', ['light.c']],
      ['cabin', ['light.a']],
      ['home', ['light.a', 'light.gone']],
    ]);
  });

  it('reads nothing for no entities', async () => {
    const { calls, read } = recordingRead();
    const cached = createCurrentStatesCache({ read, clock: createFakeClock(), ttlMs: 2000 });
    assert.deepEqual([...(await cached('home', []))], []);
    assert.deepEqual(calls, []);
  });
});
