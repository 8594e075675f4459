// The catalogue's names: grouped by folded key (entities, areas, aliases), with lookup by length.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { areasOf, createNameIndex, entitiesOf } from '../../../../src/assist/steps/repair/catalog-names.ts';
import { catalogOf, entity } from './home.fixture.ts';

const catalog = catalogOf([
  { ...entity('Kitchen', 'switch', 'Kitchen'), aliases: ['Kitchen Power'] },
  entity('Kitchen Light', 'light', 'Kitchen'),
  entity('Wall Lamp', 'light', 'Living Room'),
  entity('Living-Room Speaker', 'media_player', 'Living Room'),
]);
const names = createNameIndex(catalog);

describe('createNameIndex', () => {
  it('groups every name and alias of entities and areas by folded key', () => {
    assert.deepEqual([...names.byKey.keys()].sort(), [
      'kitchen',
      'kitchen light',
      'kitchen power',
      'living room',
      'living room speaker',
      'lounge',
      'wall lamp',
    ]);
  });

  it('keeps an entity and an area that share a name in one group, each once', () => {
    const group = names.byKey.get('kitchen')!;
    assert.deepEqual(
      entitiesOf(group).map((item) => item.name),
      ['Kitchen'],
    );
    assert.deepEqual(
      areasOf(group).map((area) => area.name),
      ['Kitchen'],
    );
    assert.deepEqual(
      areasOf(names.byKey.get('lounge')!).map((area) => area.name),
      ['Living Room'],
      'an area alias names its area',
    );
  });

  it('knows the longest name in words', () => assert.equal(names.maxWords, 3));

  it('finds names by length, within the edits allowed', () => {
    const keys = (length: number, maxEdits: number) =>
      names
        .near(length, maxEdits)
        .flat()
        .map((group) => group.key)
        .sort();
    assert.deepEqual(keys(9, 0), ['wall lamp']);
    assert.deepEqual(keys(7, 0), ['kitchen']);
    assert.deepEqual(keys(13, 0), ['kitchen light', 'kitchen power']);
    assert.deepEqual(keys(10, 1), ['living room', 'wall lamp']);
    assert.deepEqual(keys(11, 2), ['kitchen light', 'kitchen power', 'living room', 'wall lamp']);
  });
});
