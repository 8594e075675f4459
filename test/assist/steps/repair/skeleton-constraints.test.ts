// What skeleton repair keeps (polarity, numbers, qualifiers) and the requests it leaves alone.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createConstraintCheck,
  findFallback,
  readNumber,
} from '../../../../src/assist/steps/repair/skeleton-constraints.ts';
import { ENGLISH_LEXICON } from '../../../../src/assist/steps/repair/lexicon.ts';

/** A frame written out: words, and «…» placeholders as single words. */
const words = (text: string): string[] => text.match(/«[^»]*»|\S+/gu) ?? [];

describe('findFallback', () => {
  const rows: { frame: string; expected: ReturnType<typeof findFallback> }[] = [
    { frame: 'turn of the «kitchen light»', expected: undefined },
    { frame: 'set the «kitchen light» to 50', expected: undefined },
    { frame: 'turn off the «kitchen light» if it is late', expected: 'condition' },
    { frame: 'turn off the «kitchen light» and the «fan»', expected: 'composite' },
    { frame: 'turn off everything then the «fan»', expected: 'composite' },
    { frame: 'turn the «kitchen light» down', expected: 'relative' },
    { frame: 'set the «kitchen light» by 20%', expected: 'relative' },
    { frame: 'play «music» by «artist»', expected: undefined },
    { frame: 'turn the «kitchen light»', expected: 'unknown-polarity' },
    { frame: 'turn on the «kitchen light» off', expected: 'unknown-polarity' },
    { frame: 'open the «blind» and close the «door»', expected: 'composite' },
    { frame: 'open and close the «blind»', expected: 'composite' },
    { frame: 'opne the «blind»', expected: undefined },
    { frame: 'switch the «kitchen light»', expected: 'unknown-polarity' },
    { frame: 'the «kitchen and dining light» on', expected: undefined },
    { frame: 'do not turn off the «kitchen light»', expected: 'negated' },
    { frame: "don't turn on the «kitchen light»", expected: 'negated' },
    { frame: 'never mind', expected: undefined },
  ];
  for (const row of rows)
    it(`"${row.frame}" → ${String(row.expected)}`, () =>
      assert.equal(findFallback(words(row.frame), ENGLISH_LEXICON), row.expected));
});

describe('createConstraintCheck', () => {
  const rows: {
    input: string;
    candidate: string;
    expected: ReturnType<ReturnType<typeof createConstraintCheck>>;
    why: string;
  }[] = [
    { input: 'turn of the «k»', candidate: 'turn off the «k»', expected: undefined, why: '"of" reads as "off"' },
    {
      input: 'turn of the «k»',
      candidate: 'turn on the «k»',
      expected: 'polarity-changed',
      why: '"of" is no slip of "on"',
    },
    {
      input: 'set brightness of the «k» to 50',
      candidate: 'set the brightness of the «k» to 50',
      expected: undefined,
      why: 'a candidate that says "of" itself reads it as "of"',
    },
    {
      input: 'set the «k» to 50%',
      candidate: 'set the «k» to 50',
      expected: 'unit-changed',
      why: '"50%" is the number 50 in percent: the unit may not be dropped ("70 %" of a thermostat is not 70 degrees)',
    },
    {
      input: 'set the «k» to 50%',
      candidate: 'set the «k» to 50 percent',
      expected: undefined,
      why: '"%" and "percent" are one unit',
    },
    {
      input: 'set the «k» to 70 percent',
      candidate: 'set the «k» to 70 degrees',
      expected: 'unit-changed',
      why: 'a unit may not change',
    },
    {
      input: 'set the «k» to 21 degres',
      candidate: 'set the «k» to 21 degrees',
      expected: undefined,
      why: '"degres" reads as "degrees"',
    },
    {
      input: 'set the «k» to 5o',
      candidate: 'set the «k» to 50',
      expected: 'number-changed',
      why: 'a number may not appear',
    },
    {
      input: 'set the «k» to 50',
      candidate: 'set the «k» to 60',
      expected: 'number-changed',
      why: 'a number may not change',
    },
    {
      input: 'turn off al the lights',
      candidate: 'turn off all the lights',
      expected: undefined,
      why: '"al" reads as "all"',
    },
    {
      input: 'turn off all the lights',
      candidate: 'turn off the lights',
      expected: 'qualifier-changed',
      why: '"all" may not be dropped',
    },
    {
      input: 'turn off the light in the «kitchen»',
      candidate: 'turn off the lights in the «kitchen»',
      expected: 'qualifier-changed',
      why: 'a domain word may not change',
    },
    {
      input: 'turn off the «kitchen»',
      candidate: 'turn off the «kitchen light»',
      expected: 'qualifier-changed',
      why: 'a target may not change',
    },
    {
      input: 'turn off the ligths',
      candidate: 'turn off the lights',
      expected: undefined,
      why: '"ligths" reads as "lights"',
    },
  ];
  for (const row of rows) {
    it(`"${row.input}" vs "${row.candidate}": ${row.why}`, () => {
      assert.equal(createConstraintCheck(words(row.input), ENGLISH_LEXICON)(words(row.candidate)), row.expected);
    });
  }
});

describe('readNumber', () => {
  const rows: [string, string | undefined][] = [
    ['50', '50'],
    ['50%', '50'],
    ['2.5', '2.5'],
    ['2,5', '2.5'],
    ['50.0', '50'],
    ['fifty', 'fifty'],
    ['5o', undefined],
    ['light', undefined],
  ];
  for (const [word, expected] of rows)
    it(`"${word}" → ${String(expected)}`, () => assert.equal(readNumber(word, ENGLISH_LEXICON), expected));
});
