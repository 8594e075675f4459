// Tests of entity ids made from names.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { makeEntityId, slugify } from '../../src/demo-home/entity-id.ts';

describe('slugify', () => {
  it('makes ASCII slugs', () => {
    const rows: [string, string][] = [
      ['Living Room Light', 'living_room_light'],
      ['Küche Deckenlampe', 'kuche_deckenlampe'],
      ['Dachgeschoß', 'dachgeschoss'],
      ["Kid's Lamp: Left", 'kid_s_lamp_left'],
      ['#1 Light', '1_light'],
      ['🎄', ''],
    ];
    for (const [name, slug] of rows) assert.equal(slugify(name), slug, name);
  });
});

describe('makeEntityId', () => {
  it('numbers taken ids and falls back for names without letters', () => {
    assert.equal(makeEntityId('light', 'Lamp', new Set()), 'light.lamp');
    assert.equal(makeEntityId('light', 'Lamp', new Set(['light.lamp', 'light.lamp_2'])), 'light.lamp_3');
    assert.equal(makeEntityId('light', '🎄', new Set()), 'light.entity');
  });
});
