// Applying exclusions: one rule per row, unknown areas refused, unknown labels reported, and filtering by count only.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ExclusionDecision,
  type ExclusionSubject,
  type Exclusions,
  filterEntities,
  isExcluded,
  parseExclusionConfig,
} from '../../../src/tools/index.ts';

function exclusionsOf(raw: unknown): Exclusions {
  const result = parseExclusionConfig(raw);
  if (result.kind !== 'ok') throw new Error(`bad fixture: ${result.key}: ${result.message}`);
  return result.exclusions;
}

/** An entity in the kitchen with no labels, changed by `fields`. */
function entity(entityId: string, fields: Partial<ExclusionSubject> = {}): ExclusionSubject {
  return {
    entityId,
    domain: entityId.split('.')[0]!,
    area: { kind: 'area', id: 'kitchen' },
    labels: { kind: 'labels', ids: [] },
    ...fields,
  };
}

const KEPT: ExclusionDecision = { kind: 'kept', labelsNotChecked: false };

describe('isExcluded', () => {
  const configured = exclusionsOf({ areas: ['Bedroom'], patterns: ['sensor\\..*_bedroom'] });
  const rows: { name: string; entity: ExclusionSubject; exclusions?: Exclusions; expected: ExclusionDecision }[] = [
    { name: 'an ordinary light', entity: entity('light.kitchen'), expected: KEPT },
    {
      name: 'a lock by the default domain',
      entity: entity('lock.front_door'),
      expected: { kind: 'excluded', rule: 'domain' },
    },
    {
      name: 'an alarm panel',
      entity: entity('alarm_control_panel.home'),
      expected: { kind: 'excluded', rule: 'domain' },
    },
    { name: 'a camera', entity: entity('camera.porch'), expected: { kind: 'excluded', rule: 'domain' } },
    {
      name: 'a sensor by pattern',
      entity: entity('sensor.temperature_bedroom'),
      expected: { kind: 'excluded', rule: 'pattern' },
    },
    { name: 'a pattern matching only part of the id', entity: entity('sensor.temperature_bedroom_2'), expected: KEPT },
    {
      name: 'the default label, in any case',
      entity: entity('switch.safe', { labels: { kind: 'labels', ids: ['tv', 'Sensitive'] } }),
      expected: { kind: 'excluded', rule: 'label' },
    },
    {
      name: 'an excluded area, in any case',
      entity: entity('light.bed', { area: { kind: 'area', id: 'BEDROOM' } }),
      expected: { kind: 'excluded', rule: 'area' },
    },
    { name: 'an entity in no area', entity: entity('light.hall', { area: { kind: 'none' } }), expected: KEPT },
    {
      name: 'an unknown area while areas are excluded: refused, not guessed',
      entity: entity('light.hall', { area: { kind: 'unknown' } }),
      expected: { kind: 'refused', reason: 'area-unknown' },
    },
    {
      name: 'an unknown area while no area is excluded',
      entity: entity('light.hall', { area: { kind: 'unknown' } }),
      exclusions: exclusionsOf({}),
      expected: KEPT,
    },
    {
      name: 'unknown labels while labels are excluded: kept, flagged',
      entity: entity('light.hall', { labels: { kind: 'unknown' } }),
      expected: { kind: 'kept', labelsNotChecked: true },
    },
    {
      name: 'unknown labels while no label is excluded',
      entity: entity('light.hall', { labels: { kind: 'unknown' } }),
      exclusions: exclusionsOf({ labels: [] }),
      expected: KEPT,
    },
    {
      name: 'a lock read when the configuration removed lock from the domains',
      entity: entity('lock.front_door'),
      exclusions: exclusionsOf({ domains: ['camera'] }),
      expected: KEPT,
    },
  ];
  for (const row of rows) {
    it(row.name, () => assert.deepEqual(isExcluded(row.entity, row.exclusions ?? configured), row.expected));
  }
});

describe('filterEntities', () => {
  it('keeps the allowed entities with their other fields and counts the rest without naming them', () => {
    const list = [
      { ...entity('light.kitchen'), name: 'Kitchen' },
      { ...entity('lock.front_door'), name: 'Front door' },
      { ...entity('light.bed', { area: { kind: 'area', id: 'bedroom' } }), name: 'Bed' },
      { ...entity('light.hall', { area: { kind: 'unknown' } }), name: 'Hall' },
    ];
    const result = filterEntities(list, exclusionsOf({ areas: ['bedroom'] }));
    assert.deepEqual(
      result.kept.map((item) => item.name),
      ['Kitchen'],
    );
    assert.equal(result.excludedCount, 3);
    assert.deepEqual(result.notes, ['area-unknown-refused']);
    assert.ok(!JSON.stringify({ ...result, kept: [] }).includes('lock.front_door'));
  });

  it('notes once that the label exclusion was not applied on a Home Assistant without labels', () => {
    const list = ['light.a', 'light.b', 'camera.c'].map((id) => entity(id, { labels: { kind: 'unknown' } }));
    const result = filterEntities(list, exclusionsOf({}));
    assert.equal(result.kept.length, 2);
    assert.equal(result.excludedCount, 1);
    assert.deepEqual(result.notes, ['label-exclusion-not-applied']);
  });

  it('has nothing to say about an empty list', () => {
    assert.deepEqual(filterEntities([], exclusionsOf({})), { kept: [], excludedCount: 0, notes: [] });
  });
});
