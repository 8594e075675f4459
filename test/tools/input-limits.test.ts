// The add-on's input limits: a JSON value measured exactly as JSON.stringify writes it, and Home Assistant's entity id form.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkJsonBounds, isEntityId } from '../../src/tools/input-limits.ts';

/** Home Assistant's own `valid_entity_id` pattern (homeassistant/core.py), the reference the linear check follows. */
const HA_VALID_ENTITY_ID = /^(?!.+__)(?!_)[\da-z_]+(?<!_)\.(?!_)[\da-z_]+(?<!_)$/;

describe('checkJsonBounds', () => {
  it('counts bytes exactly as JSON.stringify writes them in UTF-8, escapes and all: at the limit ok, one past refused', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
        assert.deepEqual(checkJsonBounds(value, { maxBytes: bytes, maxDepth: 10 }), { kind: 'ok' });
        assert.deepEqual(checkJsonBounds(value, { maxBytes: bytes - 1, maxDepth: 10 }), {
          kind: 'too-large',
          limit: bytes - 1,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('counts control characters, quotes and backslashes as their escapes', () => {
    const value = { 'k"': '\u0001\\"é' };
    const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
    assert.equal(bytes, 22);
    assert.deepEqual(checkJsonBounds(value, { maxBytes: 22, maxDepth: 2 }), { kind: 'ok' });
    assert.deepEqual(checkJsonBounds(value, { maxBytes: 21, maxDepth: 2 }), { kind: 'too-large', limit: 21 });
  });

  it('refuses a value nested deeper than the limit: 8 levels pass a limit of 8, 9 do not', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 1 : { a: nest(levels - 1) });
    assert.deepEqual(checkJsonBounds(nest(8), { maxBytes: 1000, maxDepth: 8 }), { kind: 'ok' });
    assert.deepEqual(checkJsonBounds(nest(9), { maxBytes: 1000, maxDepth: 8 }), { kind: 'too-deep', limit: 8 });
    assert.deepEqual(checkJsonBounds([[[]]], { maxBytes: 1000, maxDepth: 2 }), { kind: 'too-deep', limit: 2 });
  });

  it('stops at the limit: of a 2-million-item array it reads no more items than the limit has bytes', () => {
    const items = new Array(2_000_000).fill(0);
    let read = 0;
    const counted = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/u.test(key)) read += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    assert.deepEqual(checkJsonBounds(counted, { maxBytes: 16_384, maxDepth: 8 }), { kind: 'too-large', limit: 16_384 });
    // Each item after the first costs at least its comma: the check leaves the array once the commas pass the limit.
    assert.equal(read, 16_384);
    const text = 'x'.repeat(50 * 1024 * 1024);
    assert.deepEqual(checkJsonBounds({ text }, { maxBytes: 16_384, maxDepth: 8 }), {
      kind: 'too-large',
      limit: 16_384,
    });
  });
});

describe('isEntityId', () => {
  it("agrees with Home Assistant's valid_entity_id", () => {
    const rows = [
      'light.kitchen',
      'sensor.t_2',
      '1.2',
      'light._kitchen',
      'light.kitchen_',
      '_light.kitchen',
      'light_.kitchen',
      'light.kit__chen',
      'li__ght.kitchen',
      'light.kitchen.two',
      'light',
      '.kitchen',
      'light.',
      'Light.kitchen',
      'light.küche',
      'light.kitchen\n',
      '',
    ];
    for (const id of rows) assert.equal(isEntityId(id), HA_VALID_ENTITY_ID.test(id), JSON.stringify(id));
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_.0-9A]{0,12}$/), (id) => {
        assert.equal(isEntityId(id), HA_VALID_ENTITY_ID.test(id), JSON.stringify(id));
      }),
      { numRuns: 2000 },
    );
  });
});
