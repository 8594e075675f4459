// The fake's GET /api/logbook over a real socket: the local-day default, period, end_time, filters and entry shapes.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  ALEX_USER_ID,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  LOGBOOK,
  LOGBOOK_INJECTIONS,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };

type Entry = Record<string, unknown>;

describe('fake Home Assistant GET /api/logbook', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  });
  after(() => fake.close());

  async function logbook(path: string): Promise<{ status: number; text: string }> {
    const response = await fetch(`${fake.rootUrl}/api/logbook${path}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    return { status: response.status, text: await response.text() };
  }

  async function entries(path: string): Promise<Entry[]> {
    const { status, text } = await logbook(path);
    assert.equal(status, 200, text);
    return JSON.parse(text) as Entry[];
  }

  it('starts at the start of the local day by default; state rows have no message', GUARD, async () => {
    const kitchen = await entries('?entity=light.kitchen');
    assert.deepEqual(
      kitchen.map((entry) => [entry.when, entry.state]),
      [
        ['2026-01-08T06:30:02.481000+00:00', 'on'],
        ['2026-01-08T07:10:41.207000+00:00', 'off'],
        ['2026-01-08T07:40:13.950000+00:00', 'on'],
        ['2026-01-08T08:15:27.318000+00:00', 'off'],
      ],
    );
    for (const entry of kitchen) assert.equal('message' in entry, false);
    assert.deepEqual(kitchen[1], {
      when: '2026-01-08T07:10:41.207000+00:00',
      state: 'off',
      entity_id: 'light.kitchen',
      name: 'Kitchen Light',
      context_user_id: ALEX_USER_ID,
      context_domain: 'light',
      context_service: 'turn_off',
      context_event_type: 'call_service',
    });
    assert.equal(kitchen[0]?.context_event_type, 'automation_triggered');
    assert.equal(kitchen[0]?.context_entity_id, 'automation.morning_lights');
  });

  it('covers `period` days ending with the start day: more than 50 kitchen entries in a week', GUARD, async () => {
    const week = await entries('?entity=light.kitchen&period=7');
    assert.equal(week.length, 64);
    assert.equal(week[0]?.when, '2026-01-02T06:30:02.481000+00:00');
    const times = week.map((entry) => Date.parse(String(entry.when)));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'oldest first',
    );
  });

  it('leaves continuous sensors out: the office temperature logbook is empty', GUARD, async () => {
    assert.deepEqual(await entries('?entity=sensor.office_temperature&period=7'), []);
    assert.deepEqual(await entries('/2026-01-01T00:00:00Z?entity=sensor.bedroom_temperature&period=30'), []);
  });

  it('lists every kind of entry without a filter, the injected notes as plain messages', GUARD, async () => {
    const today = await entries('');
    const notes = today.filter((entry) => entry.domain === 'logbook');
    assert.deepEqual(
      notes.map((entry) => entry.message),
      LOGBOOK_INJECTIONS,
    );
    assert.deepEqual(notes[0], {
      when: '2026-01-08T09:12:45.120000+00:00',
      name: 'Front door',
      message: LOGBOOK_INJECTIONS[0],
      domain: 'logbook',
      entity_id: 'lock.front_door',
    });
    const run = today.find((entry) => entry.domain === 'automation');
    assert.equal(run?.message, 'triggered by time');
    assert.ok(today.some((entry) => entry.entity_id === 'lock.front_door' && entry.state === 'unlocked'));
    assert.ok(!today.some((entry) => entry.entity_id === 'sensor.office_temperature'));
  });

  it('takes end_time instead of a period', GUARD, async () => {
    const door = await entries('/2026-01-07T00:00:00Z?entity=lock.front_door&end_time=2026-01-08T00:00:00Z');
    assert.deepEqual(
      door.map((entry) => entry.state),
      ['unlocked', 'locked'],
    );
    assert.equal(door[0]?.context_service, 'unlock');
  });

  it('lists what one context caused with context_id, and refuses it together with entity', GUARD, async () => {
    const run = LOGBOOK.find((entry) => entry.domain === 'automation' && entry.when.startsWith('2026-01-08'));
    const related = await entries(`?context_id=${String(run?.context_id)}`);
    assert.deepEqual(
      related.map((entry) => entry.domain ?? entry.entity_id),
      ['automation', 'light.kitchen'],
    );
    const both = await logbook(`?entity=light.kitchen&context_id=${String(run?.context_id)}`);
    assert.equal(both.status, 400);
    assert.deepEqual(JSON.parse(both.text), { message: "Can't combine entity with context_id" });
  });

  it('answers HA errors: 400 JSON for bad times, a bare 500 for a bad entity id or period', GUARD, async () => {
    assert.deepEqual(await logbook('/not-a-time'), { status: 400, text: '{"message":"Invalid datetime"}' });
    assert.deepEqual(await logbook('?end_time=later'), { status: 400, text: '{"message":"Invalid end_time"}' });
    for (const query of ['?entity=kitchen', '?period=week']) {
      const { status, text } = await logbook(query);
      assert.equal(status, 500, query);
      assert.match(text, /^500 Internal Server Error/);
    }
  });
});
