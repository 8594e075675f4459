// The prefilter's first- and last-character test: it answers exactly as the template's regex, on every text.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSentence, type Sentence } from '../../../src/hassil/index.ts';
import { compilePattern } from '../../../src/hassil/speedup/prefilter.ts';

const RULES = new Map<string, Sentence>([
  ['the', parseSentence('(the|my|our)')],
  ['turn', parseSentence('(turn|switch)')],
]);

// Templates whose edges are literals, groups, optionals, spaces, rules, lists and permutations, and non-ASCII literals.
const TEMPLATES = [
  'turn on [the] {name}',
  '<turn> on <the> {name}',
  '[<turn>] {name} on',
  '{name} timer',
  'Kelvin to {value}',
  'set (a;b) timer',
  '(a;{name}) timer',
  '[set] [the] volume',
  'straße {name}',
  '{name} Straße',
  'Östlich {name}',
  'K [the] light',
  '(s|k) {name} (s|k)',
  '[x] [y]',
  '5 minute[s]',
  "what's on",
];

// Words at the start and end of the texts: plain and upper case, letters that fold to ASCII under Unicode case
// folding (Kelvin sign, long s), other non-ASCII letters, digits, punctuation and spaces.
const EDGES = ['turn', 'TURN', 'Turn', 'switch', 'the', 'on', 'On', 'timer', 'TIMER', 'light', 'volume', 'straße'];
const TRAPS = ['\u212Aelvin', '\u017Fet', 'Kelvin', 'kELVIN', 'ſtraße', 'STRASSE', 'östlich', 'Östlich', '5', "'s", ''];
const MIDDLES = ['', ' ', ' on ', ' the kitchen ', ' a b ', ' b a ', ' 5 minutes ', ' to 20 '];

function texts(): string[] {
  const words = [...EDGES, ...TRAPS];
  const all = new Set<string>();
  for (const first of words)
    for (const middle of MIDDLES) for (const last of words) all.add(`${first}${middle}${last}`);
  return [...all];
}

describe('hassil prefilter: the edge test answers as the regex', () => {
  const family = texts();
  for (const template of TEMPLATES) {
    it(`"${template}" over ${family.length} texts`, () => {
      const pattern = compilePattern(parseSentence(template), RULES, { template });
      const differing = family.filter((text) => pattern.test(text) !== pattern.regex.test(text));
      assert.deepEqual(differing, []);
    });
  }

  it('the family holds texts the regex accepts and texts it refuses for each template', () => {
    const family = texts();
    const accepting = TEMPLATES.filter((template) => {
      const { regex } = compilePattern(parseSentence(template), RULES, { template });
      return family.some((text) => regex.test(text)) && family.some((text) => !regex.test(text));
    });
    assert.ok(accepting.length >= 10, `only ${accepting.length} templates both accept and refuse texts of the family`);
  });

  it('a Kelvin sign or long s at an edge is left to the regex, which folds it to k or s', () => {
    const pattern = compilePattern(parseSentence('kelvin to {value}'), RULES, { template: 'kelvin to {value}' });
    assert.equal(pattern.test('\u212Aelvin to 20'), true);
    const set = compilePattern(parseSentence('set {name}'), RULES, { template: 'set {name}' });
    assert.equal(set.test('\u017Fet kitchen'), true);
    assert.equal(set.test('Set kitchen'), true);
    assert.equal(set.test('bet kitchen'), false);
  });
});
