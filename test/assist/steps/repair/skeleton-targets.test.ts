// Targets in skeleton repair: the names a sentence mentions, frames with placeholders, lists narrowed for sampling.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileList, toMap as toListMap, type SlotList } from '../../../../src/hassil/index.ts';
import {
  findExtendableSides,
  findInputTargets,
  frameOf,
  keepsTargetNeighbours,
  narrowLists,
} from '../../../../src/assist/steps/repair/skeleton-targets.ts';
import { createNameIndex } from '../../../../src/assist/steps/repair/catalog-names.ts';
import { ENGLISH_LEXICON } from '../../../../src/assist/steps/repair/lexicon.ts';
import { splitWords } from '../../../../src/assist/steps/repair/words.ts';
import { catalogOf, entity, slotListsOf } from './home.fixture.ts';

const slotLists = toListMap(slotListsOf(catalogOf()));
const keysOf = (text: string) => splitWords(text).map((word) => word.key);

/** The texts a list would be sampled with. */
function texts(list: SlotList | undefined): string[] {
  return list?.kind === 'text'
    ? list.values.map((value) => (value.textIn.kind === 'text' ? value.textIn.text : '?'))
    : [list?.kind ?? 'missing'];
}

describe('findInputTargets and frameOf', () => {
  it('reads the longest names from the left: "kitchen light" is the entity, not the area and a word', () => {
    const targets = findInputTargets(keysOf('turn of the kitchen light'), slotLists);
    assert.deepEqual([...targets.phrases], [['kitchen light', '«kitchen light»']]);
    assert.deepEqual(frameOf('Turn of the Kitchen Light!', targets, []), ['turn', 'of', 'the', '«kitchen light»']);
  });

  it('makes each name one word, so a long name weighs as much as "the"', () => {
    const targets = findInputTargets(keysOf('please turn on the ceiling light in the living room'), slotLists);
    assert.deepEqual(frameOf('please turn on the ceiling light in the living room', targets, [['please']]), [
      'turn',
      'on',
      'the',
      '«ceiling light»',
      'in',
      'the',
      '«living room»',
    ]);
  });

  it("reads a candidate with the input's names only", () => {
    const targets = findInputTargets(keysOf('turn of the kitchen light'), slotLists);
    assert.deepEqual(frameOf('turn off the Kitchen Light in the Kitchen', targets, []), [
      'turn',
      'off',
      'the',
      '«kitchen light»',
      'in',
      'the',
      'kitchen',
    ]);
  });
});

describe('narrowLists', () => {
  const grammarLists = new Map<string, SlotList>([
    ['brightness', compileList('brightness', { range: { from: 0, to: 100 } })],
  ]);

  function narrowed(text: string): Map<string, SlotList> {
    const targets = findInputTargets(keysOf(text), slotLists);
    return narrowLists(grammarLists, slotLists, {
      targets,
      frame: frameOf(text, targets, []),
      lexicon: ENGLISH_LEXICON,
    });
  }

  it('keeps only the names the input mentions, and empty target lists for the rest', () => {
    const lists = narrowed('set the kitchen light to 50');
    assert.deepEqual(texts(lists.get('name')), ['Kitchen Light']);
    assert.deepEqual(texts(lists.get('area')), []);
    assert.deepEqual(texts(lists.get('floor')), []);
  });

  it("narrows ranges to the input's numbers within them", () => {
    assert.deepEqual(texts(narrowed('set the kitchen light to 50%').get('brightness')), ['50']);
    assert.deepEqual(texts(narrowed('set the kitchen light to 150').get('brightness')), []);
  });

  it('leaves ranges alone when the input has no digits (their numbers then fail the number constraint)', () => {
    assert.equal(narrowed('set the kitchen light to 5O').get('brightness')?.kind, 'range');
  });
});

describe('findExtendableSides and keepsTargetNeighbours', () => {
  const catalog = catalogOf([
    entity('Lamp', 'light', 'Attic'),
    entity('Hall Lamp', 'light', 'Hallway'),
    entity('Fan', 'fan', 'Attic'),
    entity('Fan 2', 'fan', 'Attic'),
  ]);
  const lists = toListMap(slotListsOf(catalog));
  const names = createNameIndex(catalog);

  it('marks the sides on which a longer catalogue name goes on', () => {
    const targets = findInputTargets(keysOf('turn on the lamp and the fan'), lists);
    assert.deepEqual(
      [...findExtendableSides(targets, names)],
      [
        ['«lamp»', { before: true, after: false }],
        ['«fan»', { before: false, after: true }],
      ],
    );
  });

  it('keeps the words on those sides next to the name', () => {
    const sides = findExtendableSides(findInputTargets(keysOf('turn on the bll lamp'), lists), names);
    assert.equal(keepsTargetNeighbours(['turn', 'on', 'bll', '«lamp»'], ['turn', 'on', '«lamp»'], sides), false);
    assert.equal(
      keepsTargetNeighbours(['turn', 'on', 'bll', '«lamp»', 'now'], ['turn', 'on', 'bll', '«lamp»'], sides),
      true,
    );
  });
});
