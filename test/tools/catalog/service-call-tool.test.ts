// The write tools' order of work: what needs no Home Assistant before any read, a failed read named, and a refusal of
// any kind (a proposal answer over the result limit included) storing no proposal and no journal entry.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HaState, Read } from '../../../src/homeassistant/index.ts';
import {
  createToolGuard,
  DEFAULT_RESULT_LIMITS,
  type LimitsState,
  refusalText,
  type ToolConnection,
} from '../../../src/tools/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../add-on-harness.ts';
import { limitsExcluding } from '../limits.ts';
import { createRecordingReader, type RecordingReader } from '../recording-reader.ts';

const ADDRESS = 'http://192.168.1.10:8123';
const KITCHEN: HaState = {
  entity_id: 'light.kitchen',
  state: 'off',
  attributes: { friendly_name: 'Kitchen' },
  last_changed: '2026-01-08T11:00:00+00:00',
  last_updated: '2026-01-08T11:00:00+00:00',
};

describe('service-call-tool', () => {
  let harness: AddOnHarness;
  before(() => {
    harness = createAddOnHarness({
      openReader: () => {
        throw new Error('no connection is opened here');
      },
    });
  });
  after(() => harness?.close());

  /** A guard over the harness's changes and one ask-first connection to `reader` (result limit, limits as given). */
  function guardOver(reader: RecordingReader, options: { maxBytes?: number; limits?: LimitsState } = {}) {
    const connection: ToolConnection = {
      name: 'home',
      address: ADDRESS,
      reader,
      writer: reader,
      writeMode: 'ask-first',
    };
    return createToolGuard({
      connections: () => [connection],
      limits: () => options.limits ?? harness.addOn.limits.read(),
      changes: harness.addOn.changes,
      clock: harness.clock,
      resultLimits: { ...DEFAULT_RESULT_LIMITS, maxBytes: options.maxBytes ?? DEFAULT_RESULT_LIMITS.maxBytes },
    });
  }
  const stored = () => ({
    proposals: harness.db.prepare<[], number>('SELECT count(*) FROM proposals').pluck().get(),
    journal: harness.db.prepare<[], number>('SELECT count(*) FROM operations').pluck().get(),
  });
  const kitchenOn = (data: Record<string, unknown>) => ({
    instance: ADDRESS,
    domain: 'light',
    service: 'turn_on',
    entity_id: 'light.kitchen',
    data,
  });

  it('an answer over the result limit is refused before the proposal is stored; under it, the proposal is stored', async () => {
    const reader = createRecordingReader({ state: KITCHEN });
    const guard = guardOver(reader, { maxBytes: 1500 });
    const data = { note: 'n'.repeat(1200) };
    const refused = await guard.call('call-service', kitchenOn(data));
    assert.equal(refused.isError, true);
    assert.match(
      refused.text,
      /^the proposal's answer would be \d+ bytes, over the limit of 1500; nothing was stored; ask for less$/,
    );
    assert.deepEqual(stored(), { proposals: 0, journal: 0 });
    assert.deepEqual(reader.calls, ['getStates', 'renderTemplate']);
    const fits = await guard.call('call-service', kitchenOn({ brightness_pct: 40 }));
    assert.equal(fits.isError, false, fits.text);
    assert.equal(JSON.parse(fits.text).untrusted_data.status, 'awaiting-confirmation');
    assert.deepEqual(stored(), { proposals: 1, journal: 0 });
    harness.db.prepare('DELETE FROM proposals').run();
  });

  it('what needs no Home Assistant is refused before any read: count, allowlist, a name twice, the wrong tool, exclusions', async () => {
    const reader = createRecordingReader({ state: KITCHEN });
    const guard = guardOver(reader, { limits: limitsExcluding({ patterns: ['light\\.secret_.*'] }) });
    const rows: Array<[string, Record<string, unknown>, string]> = [
      [
        'call-service',
        { entity_id: ['light.a', 'light.b', 'light.c', 'light.d', 'light.e', 'light.f'] },
        'The call names 6 entities; at most 5 may be in one call.',
      ],
      ['call-service', { service: 'flash' }, 'light.flash is not on the list of services a model may call.'],
      ['call-service', { entity_id: ['light.a', 'light.a'] }, 'The call names light.a twice.'],
      [
        'call-service',
        { entity_id: 'switch.a' },
        'light.turn_on acts on light entities only, and switch.a is not one.',
      ],
      ['call-physical-service', {}, 'light.turn_on is called with call-service'],
      ['call-service', { entity_id: 'light.secret_lamp' }, 'No entity light.secret_lamp is available to the tools.'],
    ];
    for (const [tool, fields, text] of rows) {
      const result = await guard.call(tool, { ...kitchenOn({}), ...fields });
      assert.deepEqual(result, { isError: true, text }, JSON.stringify(fields));
    }
    assert.deepEqual(reader.calls, []);
    assert.deepEqual(stored(), { proposals: 0, journal: 0 });
  });

  it("a states read that fails refuses with Home Assistant's words as untrusted data; a missing entity is the neutral answer; nothing is stored", async () => {
    const reader = createRecordingReader({ state: KITCHEN });
    const answers: Array<[Read<HaState[]>, string]> = [
      [
        { ok: false, failure: 'unreachable', reason: 'Home Assistant at http://ha did not answer within 10000 ms' },
        refusalText({
          reason: 'the states could not be read from Home Assistant',
          said: 'Home Assistant at http://ha did not answer within 10000 ms',
        }),
      ],
      [
        { ok: false, failure: 'unauthorized', reason: 'the token was refused' },
        refusalText({ reason: 'the states could not be read from Home Assistant', said: 'the token was refused' }),
      ],
      [{ ok: true, value: [] }, 'No entity light.kitchen is available to the tools.'],
    ];
    for (const [answer, text] of answers) {
      reader.getStates = async () => answer;
      assert.deepEqual(await guardOver(reader).call('call-service', kitchenOn({})), { isError: true, text });
    }
    assert.deepEqual(stored(), { proposals: 0, journal: 0 });
  });
});
