// Template costs: the words a template must add to the input, its length, and the options it may use.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseSentence,
  textSlotListFromStrings,
  type Expression,
  type SlotList,
} from '../../../../src/hassil/index.ts';
import {
  allowedOptions,
  costOf,
  createInputWords,
  lengthOf,
  type CostScope,
} from '../../../../src/assist/steps/repair/template-cost.ts';

function scopeFor(inputWords: string[], lists: Record<string, SlotList> = {}): CostScope {
  return {
    rules: new Map([['turn', parseSentence('(turn|switch)')]]),
    lists: new Map(Object.entries(lists)),
    targetLists: ['name', 'area'],
    skipWords: new Set(['please']),
    skipPhraseWords: new Set(['can', 'you']),
    cap: 3,
    inputWords: createInputWords(inputWords),
    costs: new Map(),
    lengths: new Map(),
    expanding: new Set(),
  };
}

const NAME = textSlotListFromStrings('name', ['Kitchen Light'], false);
const EMPTY_AREA = textSlotListFromStrings('area', [], false);

describe('costOf', () => {
  const input = ['turn', 'of', 'the'];
  const rows: { template: string; missing: number; far?: number; why: string }[] = [
    { template: '<turn> off [the] {name}', missing: 1, far: 0, why: '"off" is missing, one letter from "of"' },
    { template: '<turn> on [the] {name}', missing: 1, far: 0, why: '"on" is one letter from "of" too' },
    { template: 'activate [the] {name}', missing: 1, far: 1, why: '"activate" is far from every input word' },
    { template: 'turn off the light[s]', missing: 2, far: 1, why: 'the piece "light" is in no input word' },
    { template: 'please turn off the {name}', missing: 1, far: 0, why: 'skip words cost nothing' },
    {
      template: 'turn off the lights in the {area}',
      missing: 3,
      why: 'an empty target list rules the template out (the cap, where counting stops)',
    },
  ];
  for (const row of rows) {
    it(`"${row.template}": ${row.why}`, () => {
      const scope = scopeFor(input, { name: NAME, area: EMPTY_AREA });
      const cost = costOf(parseSentence(row.template).expression, scope);
      assert.deepEqual(
        row.far === undefined ? cost.missing : cost,
        row.far === undefined ? row.missing : { missing: row.missing, far: row.far },
      );
    });
  }
});

describe('allowedOptions', () => {
  const optionsOf = (template: string): Expression[] => {
    const expression = parseSentence(template).expression;
    assert.equal(expression.kind, 'alternative');
    return expression.kind === 'alternative' ? [...expression.items] : [];
  };
  const textOf = (item: Expression): string =>
    item.kind === 'text' ? item.text : item.kind === 'sequence' ? item.items.map(textOf).join('') : item.kind;
  const texts = (items: Expression[]) => items.map(textOf);

  it('keeps only the options the input has as they are, when there are some', () => {
    assert.deepEqual(texts(allowedOptions(optionsOf('(turn|switch|activate)'), scopeFor(['turn', 'of']), 2)), ['turn']);
    assert.deepEqual(texts(allowedOptions(optionsOf('[the]'), scopeFor(['teh']), 2)), ['']);
  });

  it('otherwise keeps the options one letter edit from an input word', () => {
    assert.deepEqual(texts(allowedOptions(optionsOf('(on|off|up)'), scopeFor(['turn', 'of']), 2)), ['on', 'off']);
  });

  it('keeps nothing when every option is far', () => {
    assert.deepEqual(allowedOptions(optionsOf('(activate|deactivate)'), scopeFor(['turn', 'of']), 2), []);
  });
});

describe('lengthOf', () => {
  it('counts a target as one word, optional and piece words towards the most only', () => {
    const scope = scopeFor([], { name: NAME });
    assert.deepEqual(lengthOf(parseSentence('<turn> off [the] {name}').expression, scope), { min: 2, max: 4 });
    assert.deepEqual(lengthOf(parseSentence('can you turn off the light[s]').expression, scope), { min: 3, max: 7 });
  });
});
