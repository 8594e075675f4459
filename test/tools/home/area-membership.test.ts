// Area membership: the template, the registries when it fails, and "unknown" (never a guess) when both fail.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HomeAssistantReader, Read } from '../../../src/homeassistant/index.ts';
import { readAreaMembership } from '../../../src/tools/home/area-membership.ts';
import { UNTRUSTED_NOTE, createToolGuard } from '../../../src/tools/index.ts';
import { limitsExcluding } from '../limits.ts';
import { createRecordingReader } from '../recording-reader.ts';

const FAILED: Read<never> = { ok: false, failure: 'unreachable', reason: 'the WebSocket closed' };

function readerWith(overrides: Partial<HomeAssistantReader>): HomeAssistantReader {
  return { ...createRecordingReader(), ...overrides };
}

const TEMPLATE_FAILED = async (): Promise<Read<string>> => ({
  ok: false,
  failure: 'template-error',
  reason: "Error rendering template: UndefinedError: 'areas' is undefined",
});

describe('readAreaMembership', () => {
  it('reads the template: each area, its entities, its device count', async () => {
    const reader = readerWith({
      renderTemplate: async () => ({
        ok: true,
        value: JSON.stringify([
          { id: 'kitchen', name: 'Kitchen', entities: ['light.kitchen', 'switch.kettle'], devices: ['d1'] },
          { id: 'garage', name: 'Garage', entities: [], devices: [] },
        ]),
      }),
    });
    const membership = await readAreaMembership(reader);
    assert.equal(membership.kind, 'known');
    if (membership.kind !== 'known') return;
    assert.deepEqual(membership.areas, [
      { id: 'kitchen', name: 'Kitchen', entityIds: ['light.kitchen', 'switch.kettle'], deviceCount: 1 },
      { id: 'garage', name: 'Garage', entityIds: [], deviceCount: 0 },
    ]);
    assert.deepEqual(
      [...membership.areaOf],
      [
        ['light.kitchen', 'kitchen'],
        ['switch.kettle', 'kitchen'],
      ],
    );
  });

  it('falls back to the registries: an entity’s own area wins over its device’s', async () => {
    const reader = readerWith({
      renderTemplate: TEMPLATE_FAILED,
      listAreas: async () => ({
        ok: true,
        value: [
          { area_id: 'kitchen', name: 'Kitchen' },
          { area_id: 'bedroom', name: 'Bedroom' },
        ],
      }),
      listDevices: async () => ({ ok: true, value: [{ id: 'd1', area_id: 'kitchen' }] }),
      listEntities: async () => ({
        ok: true,
        value: [
          { entity_id: 'light.kitchen', device_id: 'd1', area_id: null },
          { entity_id: 'switch.fan', device_id: 'd1', area_id: 'bedroom' },
          { entity_id: 'sensor.loose', device_id: null, area_id: null },
        ],
      }),
    });
    const membership = await readAreaMembership(reader);
    assert.equal(membership.kind, 'known');
    if (membership.kind !== 'known') return;
    assert.deepEqual([...membership.areaOf].sort(), [
      ['light.kitchen', 'kitchen'],
      ['switch.fan', 'bedroom'],
    ]);
    assert.deepEqual(
      membership.areas.map((area) => [area.id, area.deviceCount]),
      [
        ['kitchen', 1],
        ['bedroom', 0],
      ],
    );
  });

  it('is unknown when neither answers, or when an area vanished while it was read', async () => {
    const both = await readAreaMembership(
      readerWith({ renderTemplate: TEMPLATE_FAILED, listAreas: async () => FAILED }),
    );
    assert.deepEqual(both, {
      kind: 'unknown',
      reason: "Error rendering template: UndefinedError: 'areas' is undefined; the WebSocket closed",
    });
    const vanished = await readAreaMembership(
      readerWith({
        renderTemplate: async () => ({
          ok: true,
          value: '[{"id": "den", "name": null, "entities": [], "devices": []}]',
        }),
        listAreas: async () => FAILED,
      }),
    );
    assert.equal(vanished.kind, 'unknown');
  });
});

describe('area exclusions when the areas are unknown', () => {
  it('withhold every entity, say why, and refuse single-entity reads (refused, not guessed)', async () => {
    const state = {
      entity_id: 'light.kitchen',
      state: 'on',
      attributes: {},
      last_changed: '2026-01-08T11:00:00+00:00',
      last_updated: '2026-01-08T11:00:00+00:00',
    };
    const reader = readerWith({
      ...createRecordingReader({ state }),
      renderTemplate: TEMPLATE_FAILED,
      listAreas: async () => FAILED,
    });
    const guard = createToolGuard({
      connections: () => [
        { name: 'home', address: reader.address, reader, writer: createRecordingReader(), writeMode: 'read-only' },
      ],
      limits: () => limitsExcluding({ areas: ['bedroom'], labels: [] }),
      clock: { now: () => 0, monotonic: () => 0 },
    });
    const search = JSON.parse((await guard.call('search-entities', { instance: reader.address })).text);
    assert.deepEqual(search.untrusted_data, { total: 0, entities: [] });
    assert.deepEqual(search.notices, [
      'Some entities were withheld because Home Assistant could not say which area they are in, and areas are excluded.',
    ]);
    const one = await guard.call('get-state', { instance: reader.address, entity_id: 'light.kitchen' });
    assert.equal(one.isError, true);
    const areas = await guard.call('list-areas', { instance: reader.address });
    // Hearth's reason in plain words; Home Assistant's words only as untrusted data.
    assert.deepEqual(areas, {
      isError: true,
      text: `Home Assistant could not say which entities its areas hold\n${JSON.stringify({
        untrusted_data: "Error rendering template: UndefinedError: 'areas' is undefined; the WebSocket closed",
        note: UNTRUSTED_NOTE,
      })}`,
    });
  });
});
