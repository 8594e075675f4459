// The bounds of a tool call's arguments: each limit at its value and one past it, and the guard applying them before
// the schema, the limits, the instance and Home Assistant, in bounded time on the largest input it lets through.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ChangeService, createToolGuard, INPUT_LIMITS, type ToolConnection } from '../../../src/tools/index.ts';
import { checkArgumentBounds } from '../../../src/tools/policy/argument-bounds.ts';
import { limitsWith } from '../limits.ts';
import { createRecordingReader } from '../recording-reader.ts';

const ADDRESS = 'http://192.168.1.10:8123';
const CLOCK = { now: () => Date.parse('2026-01-08T12:00:00Z'), monotonic: () => 0 };

/** `fields` padded with a string so the whole is exactly `bytes` bytes of JSON. */
function paddedTo(bytes: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const base = JSON.stringify({ ...fields, pad: '' }).length;
  return { ...fields, pad: 'x'.repeat(bytes - base) };
}

/** `levels` objects, one inside the other, the innermost holding 1. */
function nested(levels: number): unknown {
  return levels === 0 ? 1 : { in: nested(levels - 1) };
}

const { toolArgumentsBytes, toolArgumentsDepth, entityIdChars, domainChars, serviceChars, dataBytes, dataDepth } =
  INPUT_LIMITS;
const idOf = (chars: number) => `light.${'k'.repeat(chars - 'light.'.length)}`;
/** Changes that must not be reached: every refusal here comes first. */
const UNREACHED: ChangeService = {
  execute: () => assert.fail('execute was called'),
  propose: () => assert.fail('propose was called'),
  confirm: () => assert.fail('confirm was called'),
  cancel: () => assert.fail('cancel was called'),
};
const cut = (text: string) => `"${text.slice(0, 120)}"… (${text.length} characters)`;

describe('checkArgumentBounds', () => {
  const rows: Array<[string, unknown, string | undefined]> = [
    ['arguments at their byte limit', paddedTo(toolArgumentsBytes), undefined],
    [
      'arguments one byte past it',
      paddedTo(toolArgumentsBytes + 1),
      'the arguments are over 65536 bytes; ask for less',
    ],
    ['arguments at their depth', nested(toolArgumentsDepth), undefined],
    [
      'arguments one level deeper',
      nested(toolArgumentsDepth + 1),
      'the arguments are nested more than 12 levels deep; ask for less',
    ],
    ['an entity id at its length', { entity_id: idOf(entityIdChars) }, undefined],
    [
      'an entity id one past it',
      { entity_id: idOf(entityIdChars + 1) },
      `entity_id is 256 characters, over the limit of 255: ${cut(idOf(256))}`,
    ],
    [
      'one id of a list one past it',
      { entity_id: ['light.a', idOf(entityIdChars + 1)] },
      `entity_id is 256 characters, over the limit of 255: ${cut(idOf(256))}`,
    ],
    [
      'an id Home Assistant refuses',
      { entity_id: 'light.kitchen_' },
      'invalid arguments: entity_id: must be an entity id such as light.kitchen, as Home Assistant writes them (got "light.kitchen_")',
    ],
    ['a domain at its length', { domain: 'd'.repeat(domainChars) }, undefined],
    [
      'a domain one past it',
      { domain: 'd'.repeat(domainChars + 1) },
      `domain is 65 characters, over the limit of 64: "${'d'.repeat(65)}"`,
    ],
    ['a service at its length', { service: 's'.repeat(serviceChars) }, undefined],
    [
      'a service one past it',
      { service: 's'.repeat(serviceChars + 1) },
      `service is 65 characters, over the limit of 64: "${'s'.repeat(65)}"`,
    ],
    ['data at its byte limit', { data: paddedTo(dataBytes) }, undefined],
    ['data one byte past it', { data: paddedTo(dataBytes + 1) }, 'data is over 16384 bytes; ask for less'],
    [
      'data of escapes, counted escaped',
      { data: { x: '\u0001'.repeat(3000) } },
      'data is over 16384 bytes; ask for less',
    ],
    ['data at its depth', { data: nested(dataDepth) }, undefined],
    ['data one level deeper', { data: nested(dataDepth + 1) }, 'data is nested more than 8 levels deep; ask for less'],
    ['not an object (the schema says so later)', 'text', undefined],
  ];
  for (const [what, args, reason] of rows) {
    it(what, () => {
      assert.deepEqual(checkArgumentBounds(args), reason === undefined ? { kind: 'ok' } : { kind: 'refused', reason });
    });
  }
});

describe('the guard applies the bounds first', () => {
  function guardWith(options: { limits?: ReturnType<typeof limitsWith> | { kind: 'invalid'; reason: string } } = {}) {
    const reader = createRecordingReader();
    const connection: ToolConnection = {
      name: 'home',
      address: ADDRESS,
      reader,
      writer: reader,
      writeMode: 'ask-first',
    };
    const guard = createToolGuard({
      connections: () => [connection],
      limits: () => options.limits ?? limitsWith(),
      changes: UNREACHED,
      clock: CLOCK,
    });
    return { guard, reader };
  }

  it('before the tool name, the limits, the schema and the instance; the reader is asked nothing', async () => {
    const { guard, reader } = guardWith({ limits: { kind: 'invalid', reason: 'broken' } });
    const data = { note: 'x'.repeat(dataBytes) };
    const rows: Array<[string, unknown]> = [
      ['call-service', { instance: ADDRESS, domain: 'light', service: 'turn_on', entity_id: 'light.k', data }],
      ['no-such-tool', { data }],
      ['call-service', { instance: 'https://elsewhere.example', data, unknown_key: 1 }],
    ];
    for (const [name, args] of rows) {
      assert.deepEqual(await guard.call(name, args), {
        isError: true,
        text: 'data is over 16384 bytes; ask for less',
      });
    }
    assert.deepEqual(reader.calls, []);
  });

  it('the largest input it lets through is checked and refused in bounded time, before any read', async () => {
    const { guard, reader } = guardWith();
    const entityIds = Array.from({ length: 20 }, (_, n) => `light.${String(n).padStart(entityIdChars - 6, 'k')}`);
    const base = { instance: ADDRESS, domain: 'light', service: 'turn_on', entity_id: entityIds };
    const data = paddedTo(dataBytes, { brightness_pct: 40 });
    const started = performance.now();
    const result = await guard.call('call-service', { ...base, data });
    const elapsed = performance.now() - started;
    assert.deepEqual(result, { isError: true, text: 'The call names 20 entities; at most 5 may be in one call.' });
    assert.ok(elapsed < 50, `took ${elapsed} ms`);
    // An unknown key at the arguments' byte limit: the schema names it, as fast.
    const padded = paddedTo(toolArgumentsBytes, { instance: ADDRESS, entity_id: 'light.kitchen' });
    const schemaStarted = performance.now();
    const refused = await guard.call('get-state', padded);
    const schemaElapsed = performance.now() - schemaStarted;
    assert.equal(refused.isError, true);
    assert.match(refused.text, /^invalid arguments: .*pad/);
    assert.ok(schemaElapsed < 50, `took ${schemaElapsed} ms`);
    assert.deepEqual(reader.calls, []);
  });
});
