// The result filter at the boundary: a row per field of the table, free strings, failing closed, and linear time.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ENTITY_FIELDS,
  createEntityView,
  filterEntityReferences,
  namesEntities,
} from '../../../src/tools/results/entity-filter.ts';

/** A home: a visible light and sensor, an excluded lock and camera (the lock's name is its own). */
const VIEW = createEntityView([
  { entityId: 'light.kitchen', name: 'Kitchen', isVisible: true },
  { entityId: 'sensor.door', name: 'Front door', isVisible: true },
  { entityId: 'lock.front', name: 'Front lock', isVisible: false },
  { entityId: 'camera.yard', name: 'Kitchen', isVisible: false },
]);

describe('entity filter: a row per field', () => {
  const rows: { name: string; input: unknown; output: unknown }[] = [
    {
      name: 'changed: the excluded state is dropped, the visible kept',
      input: {
        status: 'done',
        changed: [
          { entity_id: 'light.kitchen', state: 'on' },
          { entity_id: 'lock.front', state: 'unlocked', attributes: { friendly_name: 'Front lock' } },
        ],
      },
      output: { status: 'done', changed: [{ entity_id: 'light.kitchen', state: 'on' }] },
    },
    {
      name: 'changed: a state the filter cannot judge (not in the home, no id) is dropped',
      input: { changed: [{ entity_id: 'lock.new', state: 'x' }, { state: 'y' }, 'lock.front'] },
      output: { changed: [] },
    },
    {
      name: 'changed_states (a response was asked for) like changed',
      input: { changed_states: [{ entity_id: 'lock.front', state: 'locked' }], service_response: null },
      output: { changed_states: [], service_response: null },
    },
    {
      name: 'entity_id: an entry of an excluded entity is dropped whole',
      input: { entities: [{ entity_id: 'lock.front', name: 'x' }, { entity_id: 'light.kitchen' }] },
      output: { entities: [{ entity_id: 'light.kitchen' }] },
    },
    {
      name: 'entity_id: an id not in the home drops the field only (fail closed)',
      input: { entries: [{ entity_id: 'light.gone', state: 'on' }] },
      output: { entries: [{ state: 'on' }] },
    },
    {
      name: 'entity_id as a list, and entity_ids: excluded and unknown ids removed',
      input: { entity_id: ['light.kitchen', 'lock.front', 'x.y'], area: { entity_ids: ['lock.front', 'sensor.door'] } },
      output: { entity_id: ['light.kitchen'], area: { entity_ids: ['sensor.door'] } },
    },
    {
      name: 'entity_id that is not a string or a list cannot be judged: dropped',
      input: { entity_id: { nested: 'light.kitchen' }, state: 'on' },
      output: { state: 'on' },
    },
    {
      name: 'friendly_name, name and entity_name of an excluded entity drop their entry',
      input: {
        list: [
          { friendly_name: 'Front lock' },
          { name: ' front LOCK ' },
          { entity_name: 'Front lock' },
          { name: 'Hallway' },
        ],
      },
      output: { list: [{ name: 'Hallway' }] },
    },
    {
      name: 'a name a visible entity also has is kept (it singles out nothing)',
      input: { list: [{ entity_id: 'light.kitchen', name: 'Kitchen' }] },
      output: { list: [{ entity_id: 'light.kitchen', name: 'Kitchen' }] },
    },
    {
      name: 'logbook: an entry caused by an excluded entity keeps what happened and no trace of the cause',
      input: {
        entries: [
          {
            when: '2026-01-01T00:00:00Z',
            entity_id: 'light.kitchen',
            name: 'Kitchen',
            state: 'on',
            context_id: '01H',
            context_user_id: 'u1',
            context_entity_id: 'lock.front',
            context_entity_id_name: 'Front lock',
            context_event_type: 'state_changed',
            context_domain: 'lock',
            context_service: 'unlock',
            context_message: 'changed to unlocked',
            context_source: 'state of lock.front',
            context_name: 'Front lock',
            context_state: 'unlocked',
          },
        ],
      },
      output: {
        entries: [{ when: '2026-01-01T00:00:00Z', entity_id: 'light.kitchen', name: 'Kitchen', state: 'on' }],
      },
    },
    {
      name: 'logbook: a cause not in the home is hidden too (fail closed)',
      input: { entity_id: 'light.kitchen', context_entity_id: 'lock.gone', context_message: 'turned on' },
      output: { entity_id: 'light.kitchen' },
    },
    {
      name: 'logbook: a cause named by an excluded name only (context_entity_id_friendly_name)',
      input: { entity_id: 'light.kitchen', context_entity_id_friendly_name: 'Front lock', context_domain: 'lock' },
      output: { entity_id: 'light.kitchen' },
    },
    {
      name: 'logbook: a visible cause is kept',
      input: { entity_id: 'light.kitchen', context_entity_id: 'sensor.door', context_entity_id_name: 'Front door' },
      output: { entity_id: 'light.kitchen', context_entity_id: 'sensor.door', context_entity_id_name: 'Front door' },
    },
    {
      name: 'any string that is an excluded id or name, or holds an excluded id as a word, is dropped',
      input: {
        a: 'lock.front',
        b: 'Front lock',
        c: 'triggered by state of lock.front.',
        d: ['lock.front', 'light.kitchen', 'lock.frontier'],
        e: 'lock.front_door is not lock.front',
      },
      output: { d: ['light.kitchen', 'lock.frontier'] },
    },
    {
      name: 'a key that is an excluded id is dropped (a response keyed by entity)',
      input: { service_response: { 'lock.front': { x: 1 }, 'light.kitchen': { x: 2 } } },
      output: { service_response: { 'light.kitchen': { x: 2 } } },
    },
    {
      name: 'a result about an excluded entity is dropped whole',
      input: { entity_id: 'lock.front', state: 'locked' },
      output: undefined,
    },
    {
      name: 'numbers, booleans, null and other text are kept as they are',
      input: { n: 1, b: false, z: null, s: 'version 2025.10.1 of light.kitchen' },
      output: { n: 1, b: false, z: null, s: 'version 2025.10.1 of light.kitchen' },
    },
  ];
  for (const row of rows) {
    it(row.name, () => assert.deepEqual(filterEntityReferences(row.input, VIEW), row.output));
  }

  it('the table names every field of the issue', () => {
    for (const key of ['entity_id', 'entity_ids', 'context_entity_id', 'changed', 'friendly_name', 'name'])
      assert.ok(ENTITY_FIELDS[key] !== undefined, key);
  });

  it('a value nested deeper than the filter looks is dropped (what is not judged is not returned)', () => {
    let deep: unknown = 'lock.front';
    for (let i = 0; i < 40; i++) deep = { inner: deep };
    assert.deepEqual(JSON.stringify(filterEntityReferences({ deep }, VIEW)).includes('lock.front'), false);
  });

  it('a __proto__ key stays a key', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    const output = filterEntityReferences(input, VIEW) as Record<string, unknown>;
    assert.deepEqual(Object.keys(output), ['__proto__', 'a']);
    assert.equal(Object.getPrototypeOf(output), Object.prototype);
  });
});

describe('entity filter: whether a result names entities at all', () => {
  const rows: { input: unknown; expected: boolean }[] = [
    { input: { version: '2025.10.1', time_zone: 'UTC', unit_system: { temperature: '°C' } }, expected: false },
    { input: { total: 0, entities: [] }, expected: false },
    { input: { services: [{ name: 'Turn on' }] }, expected: true },
    { input: { text: 'see light.kitchen' }, expected: true },
    { input: { 'light.kitchen': 1 }, expected: true },
  ];
  for (const row of rows) it(JSON.stringify(row.input), () => assert.equal(namesEntities(row.input), row.expected));
});
