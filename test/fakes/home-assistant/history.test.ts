// The fake's GET /api/history/period over a real socket: HA's checks, default window, omissions and row shapes.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  HISTORY,
  OFFICE_TEMPERATURE_READINGS,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };

type Row = Record<string, unknown>;

describe('fake Home Assistant GET /api/history/period', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  });
  after(() => fake.close());

  async function history(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${fake.rootUrl}/api/history/period${path}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    return { status: response.status, body: await response.json() };
  }

  async function rows(path: string): Promise<Row[][]> {
    const { status, body } = await history(path);
    assert.equal(status, 200, JSON.stringify(body));
    return body as Row[][];
  }

  it('answers 400 without filter_entity_id', GUARD, async () => {
    assert.deepEqual(await history(''), { status: 400, body: { message: 'filter_entity_id is missing' } });
    assert.deepEqual(await history('?filter_entity_id='), {
      status: 400,
      body: { message: 'filter_entity_id is missing' },
    });
  });

  it('checks the start first, then the filter, then end_time, with HA messages', GUARD, async () => {
    assert.deepEqual(await history('/yesterday'), { status: 400, body: { message: 'Invalid datetime' } });
    assert.deepEqual(await history('/2026-13-01T00:00:00Z?filter_entity_id=light.kitchen'), {
      status: 400,
      body: { message: 'Invalid datetime' },
    });
    assert.deepEqual(await history('?filter_entity_id=not%20an%20id'), {
      status: 400,
      body: { message: 'Invalid filter_entity_id' },
    });
    assert.deepEqual(await history('?filter_entity_id=light.kitchen&end_time=soon'), {
      status: 400,
      body: { message: 'Invalid end_time' },
    });
    // An unencoded "+" in the query decodes to a space: HA cannot parse it.
    assert.deepEqual(await history('?filter_entity_id=light.kitchen&end_time=2026-01-08T00:00:00+00:00'), {
      status: 400,
      body: { message: 'Invalid end_time' },
    });
  });

  it('defaults to the day before now, starting with the state at the start (times rewritten)', GUARD, async () => {
    const [kitchen, ...others] = await rows('?filter_entity_id=light.kitchen');
    assert.equal(others.length, 0);
    assert.deepEqual(kitchen?.[0], {
      entity_id: 'light.kitchen',
      state: 'off',
      attributes: HISTORY['light.kitchen']?.[0]?.attributes,
      last_changed: '2026-01-07T12:00:00+00:00',
      last_updated: '2026-01-07T12:00:00+00:00',
    });
    assert.equal(kitchen?.length, 11);
    assert.deepEqual(kitchen?.[1], {
      entity_id: 'light.kitchen',
      state: 'on',
      attributes: HISTORY['light.kitchen']?.find((row) => row.state === 'on')?.attributes,
      last_changed: '2026-01-07T12:05:09.664000+00:00',
      last_updated: '2026-01-07T12:05:09.664000+00:00',
    });
    assert.equal(kitchen?.at(-1)?.last_changed, '2026-01-08T08:15:27.318000+00:00');
  });

  it('sends minimal_response as one full row, then only state and last_changed', GUARD, async () => {
    const [kitchen] = await rows('?filter_entity_id=light.kitchen&minimal_response&no_attributes');
    assert.deepEqual(Object.keys(kitchen?.[0] ?? {}), [
      'entity_id',
      'state',
      'attributes',
      'last_changed',
      'last_updated',
    ]);
    assert.deepEqual(kitchen?.[0]?.attributes, {});
    for (const row of kitchen?.slice(1) ?? []) assert.deepEqual(Object.keys(row), ['state', 'last_changed']);
    assert.deepEqual(kitchen?.[1], { state: 'on', last_changed: '2026-01-07T12:05:09.664000+00:00' });
  });

  it('omits entities without data: map the answer by entity_id, not by position', GUARD, async () => {
    const path =
      '/2026-01-05T00:00:00%2B00:00?filter_entity_id=sensor.garage_humidity,camera.driveway,light.kitchen,sensor.yaml_only' +
      '&end_time=2026-01-05T09:00:00Z&no_attributes';
    const result = await rows(path);
    const byEntity = new Map(result.map((inner) => [inner[0]?.entity_id, inner]));
    // The garage sensor is two hours old, the camera is not recorded, the YAML sensor's only row is from today.
    assert.deepEqual([...byEntity.keys()], ['light.kitchen']);
    assert.deepEqual(
      byEntity.get('light.kitchen')?.map((row) => row.state),
      ['off', 'on', 'off', 'on', 'off'],
    );
  });

  it('skips the start state with skip_initial_state', GUARD, async () => {
    const [kitchen] = await rows('?filter_entity_id=light.kitchen&skip_initial_state');
    assert.equal(kitchen?.length, 10);
    assert.equal(kitchen?.[0]?.last_changed, '2026-01-07T12:05:09.664000+00:00');
  });

  it('holds a reading every 30 minutes for the office temperature over the week', GUARD, async () => {
    const [office] = await rows(
      '/2026-01-01T12:00:00Z?filter_entity_id=sensor.office_temperature&end_time=2026-01-08T12:00:00Z&minimal_response',
    );
    assert.equal(office?.length, OFFICE_TEMPERATURE_READINGS);
    assert.equal(OFFICE_TEMPERATURE_READINGS, 336);
    for (const row of office ?? []) assert.match(String(row.state), /^\d+\.\d$/);
    const gaps = (office ?? []).slice(1).map((row, i) => {
      const previous = office?.[i]?.last_changed;
      return Math.round((Date.parse(String(row.last_changed)) - Date.parse(String(previous))) / 60_000);
    });
    assert.ok(gaps.every((gap) => gap === 30));
  });

  it('answers [] for a start in the future and for a window without records', GUARD, async () => {
    assert.deepEqual(await rows('/2026-02-01T00:00:00Z?filter_entity_id=light.kitchen'), []);
    assert.deepEqual(await rows('/2025-06-01T00:00:00Z?filter_entity_id=light.kitchen'), []);
  });

  it('accepts entity ids in any case, as HA lowercases them', GUARD, async () => {
    const [kitchen] = await rows('?filter_entity_id=Light.Kitchen');
    assert.equal(kitchen?.[0]?.entity_id, 'light.kitchen');
  });

  it('follows the fake clock for the default window', GUARD, async () => {
    const later = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, now: () => new Date('2026-01-03T00:00:00Z') });
    after(() => later.close());
    const response = await fetch(`${later.rootUrl}/api/history/period?filter_entity_id=light.kitchen`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const [kitchen] = (await response.json()) as Row[][];
    assert.equal(kitchen?.[0]?.last_changed, '2026-01-02T00:00:00+00:00');
    assert.equal(kitchen?.at(-1)?.last_changed, '2026-01-02T22:45:30.402000+00:00');
  });
});
