// Fuzz: the tool add-on's guard on random tool names and arguments (the MCP tools' input): it always resolves to
// {isError, text}, never shows the connection's token, and runs a tool only for arguments that are well-formed.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { type Caller, type ToolCallResult, UNATTENDED } from '../../src/tools/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../tools/add-on-harness.ts';
import { createRecordingReader } from '../tools/recording-reader.ts';
import { bounded, costlyRuns, fuzzOptions, REPLAY } from './fuzz-options.ts';
import { hugeString, nastyJson, nastyKey, nastyNumber, nastyString, toJsonText } from './hostile-values.ts';

/** One of the test suite's canary tokens: the runner fails if it is ever printed. */
const TOKEN = 'eyJ-connection-test-token-5e7a';
/** The read-only connection (the recording reader's own address) and one whose changes run at once. */
const READ_ONLY = 'http://192.168.1.10:8123';
const ACTING = 'http://192.168.1.11:8123';
const NOW = Date.parse('2026-01-08T12:00:00Z');

const ENTITY_ID = /^[a-z0-9_]+\.[a-z0-9_]+$/;
const NAME = /^[a-z0-9_]+$/;

const TOOL_NAMES = [
  'get-config',
  'list-areas',
  'search-entities',
  'get-state',
  'get-history',
  'get-logbook',
  'list-services',
  'call-service',
  'call-physical-service',
] as const;

/** Keys each tool takes besides `instance`. */
const KEYS: Record<(typeof TOOL_NAMES)[number], readonly string[]> = {
  'get-config': [],
  'list-areas': [],
  'list-services': [],
  'search-entities': ['words', 'domain', 'area', 'state'],
  'get-state': ['entity_id'],
  'get-history': ['entity_id', 'hours'],
  'get-logbook': ['entity_id', 'hours'],
  'call-service': ['domain', 'service', 'entity_id', 'data'],
  'call-physical-service': ['domain', 'service', 'entity_id', 'data'],
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;
const isEntityId = (value: unknown) => typeof value === 'string' && ENTITY_ID.test(value);
const stringUpTo = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;

/** True when `instance` names one of the connections (the same origin, as the README's address rules say). */
function isConnection(instance: unknown): boolean {
  if (typeof instance !== 'string' || instance.length === 0 || instance.length > 300) return false;
  try {
    const url = new URL(instance.trim());
    return url.username === '' && url.password === '' && [READ_ONLY, ACTING].includes(url.origin);
  } catch {
    return false;
  }
}

/** The guard's input rules written out apart from its schemas: only such arguments may run a tool. */
function isWellFormed(name: string, args: unknown): boolean {
  const keys = KEYS[name as (typeof TOOL_NAMES)[number]];
  if (keys === undefined || !isPlainObject(args) || !isConnection(args.instance)) return false;
  if (!Object.keys(args).every((key) => key === 'instance' || keys.includes(key))) return false;
  const has = (key: string) => Object.hasOwn(args, key);
  switch (name) {
    case 'search-entities':
      return (
        (!has('words') || stringUpTo(args.words, 200)) &&
        (!has('domain') || (typeof args.domain === 'string' && NAME.test(args.domain))) &&
        (!has('area') || stringUpTo(args.area, 100)) &&
        (!has('state') || stringUpTo(args.state, 100))
      );
    case 'get-state':
      return isEntityId(args.entity_id);
    case 'get-history':
    case 'get-logbook':
      return (
        isEntityId(args.entity_id) &&
        (!has('hours') || (typeof args.hours === 'number' && args.hours > 0 && args.hours <= 168))
      );
    case 'call-service':
    case 'call-physical-service': {
      const ids = args.entity_id;
      const idsOk =
        isEntityId(ids) || (Array.isArray(ids) && ids.length >= 1 && ids.length <= 20 && ids.every(isEntityId));
      return (
        typeof args.domain === 'string' &&
        NAME.test(args.domain) &&
        typeof args.service === 'string' &&
        NAME.test(args.service) &&
        idsOk &&
        (!has('data') || isPlainObject(args.data))
      );
    }
    default:
      return true;
  }
}

/** A value that is usually right for `key`, and otherwise of any type or size. */
function valueFor(key: string): fc.Arbitrary<unknown> {
  const entityId = fc.oneof(
    { arbitrary: fc.constantFrom('light.kitchen', 'switch.coffee', 'lock.front_door', 'camera.porch'), weight: 6 },
    { arbitrary: fc.constantFrom('light.Kitchen', 'light.', 'light', 'light.a.b', ' light.kitchen', 'all'), weight: 2 },
  );
  const right: Record<string, fc.Arbitrary<unknown>> = {
    instance: fc.oneof(
      {
        arbitrary: fc.constantFrom(READ_ONLY, ACTING, `${READ_ONLY}/`, ` ${ACTING} `, 'HTTP://192.168.1.10:8123'),
        weight: 8,
      },
      {
        arbitrary: fc.constantFrom(
          'http://192.168.1.10:8124',
          'https://192.168.1.10:8123',
          'http://user:pw@192.168.1.10:8123',
          `${READ_ONLY}/api/states?token=x`,
          'file:///etc/passwd',
          '',
        ),
        weight: 2,
      },
    ),
    entity_id: fc.oneof({ arbitrary: entityId, weight: 4 }, fc.array(entityId, { maxLength: 25 })),
    hours: fc.oneof(fc.constantFrom(1, 24, 168, 168.5, 0.001), nastyNumber),
    words: fc.oneof(fc.constantFrom('kitchen', 'light on', ''), nastyString),
    domain: fc.constantFrom('light', 'switch', 'lock', 'homeassistant', 'shell_command', 'Light', 'light.x'),
    service: fc.constantFrom('turn_on', 'turn_off', 'toggle', 'unlock', 'reload', 'restart', 'Turn_On'),
    area: fc.oneof(fc.constantFrom('kitchen', 'Kitchen'), nastyString),
    state: fc.oneof(fc.constantFrom('on', 'off', 'unavailable'), nastyString),
    data: fc.oneof(
      fc.constantFrom({}, { brightness_pct: 40 }, { entity_id: 'light.other' }, { area_id: 'kitchen' }),
      fc.dictionary(nastyKey, nastyJson(2), { maxKeys: 4 }),
    ),
  };
  const wrong = fc.oneof(nastyJson(2), hugeString, fc.array(nastyJson(1), { maxLength: 30 }));
  return fc.oneof({ arbitrary: right[key] ?? nastyJson(2), weight: 8 }, { arbitrary: wrong, weight: 1 });
}

/** Arguments for `name`: its keys (each sometimes left out), sometimes extra keys, now and then not an object. */
function argumentsFor(name: string): fc.Arbitrary<unknown> {
  // An own key only: a drawn name such as "constructor" is no tool, whatever `KEYS` inherits.
  const own = Object.hasOwn(KEYS, name) ? KEYS[name as (typeof TOOL_NAMES)[number]] : undefined;
  const keys = ['instance', ...(own ?? ['entity_id'])];
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, valueFor(key)])), {
    requiredKeys: keys.filter((key) => key !== 'hours' && key !== 'data' && name !== 'search-entities'),
  });
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom('template', 'target', 'entity_id', '__proto__', 'constructor'), nastyKey),
    nastyJson(1),
    { minKeys: 1, maxKeys: 2 },
  );
  return fc.oneof(
    { arbitrary: record, weight: 12 },
    { arbitrary: fc.tuple(record, extra).map(([args, more]) => ({ ...more, ...args })), weight: 2 },
    { arbitrary: nastyJson(3), weight: 1 },
    { arbitrary: fc.constantFrom(undefined, null, [], 'get-config'), weight: 1 },
  );
}

/** A tool name (usually one of the catalog's, sometimes a near miss or anything) with arguments for it. */
const call = fc
  .oneof(
    { arbitrary: fc.constantFrom(...TOOL_NAMES), weight: 12 },
    {
      arbitrary: fc.constantFrom('get_state', 'GET-STATE', ' get-state', 'render-template', 'call-service\u0000'),
      weight: 1,
    },
    { arbitrary: nastyString, weight: 1 },
  )
  .chain((name) => fc.tuple(fc.constant(name), argumentsFor(name)));

/** Who calls: an unattended agent, or a person who confirms, refuses or does not answer. */
const caller: fc.Arbitrary<Caller> = fc.oneof(
  fc.constant(UNATTENDED),
  fc.constant({ attended: true }),
  fc.constantFrom('yes' as const, 'no' as const, 'no-answer' as const).map((answer) => ({
    attended: true,
    confirm: async () => answer,
  })),
);

describe('fuzz: the tool guard', () => {
  let harness: AddOnHarness;
  before(async () => {
    const reader = createRecordingReader({
      state: {
        entity_id: 'light.kitchen',
        state: 'off',
        attributes: { friendly_name: 'Kitchen Light', access_token: TOKEN },
        last_changed: '2026-01-08T11:00:00+00:00',
        last_updated: '2026-01-08T11:00:00+00:00',
      },
    });
    harness = createAddOnHarness({ startMs: NOW, openReader: () => reader });
    for (const [name, url] of [
      ['home', READ_ONLY],
      ['acting', ACTING],
    ] as const)
      assert.equal((await harness.addOn.connections.add({ name, url, token: TOKEN })).kind, 'added');
    assert.ok(harness.addOn.connections.setWriteMode('acting', 'act'));
  });
  after(() => harness.close());

  it('resolves every call to {isError, text}, without the token, and runs only well-formed calls', async () => {
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(call, caller, async ([name, value], who) => {
        // MCP carries arguments as JSON: `1e999` arrives as Infinity, `__proto__` as an own key.
        const args: unknown = value === undefined ? undefined : JSON.parse(toJsonText(value));
        const started = performance.now();
        const result: ToolCallResult = await harness.addOn.guard.call(name, args, who);
        bounded('guard.call', () => performance.now() - started);
        assert.deepEqual(Object.keys(result).sort(), ['isError', 'text']);
        assert.equal(typeof result.isError, 'boolean');
        assert.equal(typeof result.text, 'string');
        assert.ok(!result.text.includes(TOKEN), `the token is in the result of ${name}`);
        if (result.isError) return;
        ran++;
        assert.ok(isWellFormed(name, args), `${name} ran with malformed arguments: ${result.text.slice(0, 300)}`);
        const body = JSON.parse(result.text) as Record<string, unknown>;
        assert.ok('untrusted_data' in body && typeof body.note === 'string', result.text.slice(0, 300));
      }),
      fuzzOptions(20_261_206, costlyRuns()),
    );
    // The property is not vacuous: tools did run.
    assert.ok(ran > costlyRuns(300), `only ${ran} calls ran a tool (${REPLAY})`);
  });
});
