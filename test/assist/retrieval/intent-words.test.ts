// The intent table's retrieval words: how they are indexed and found, and that every row's words resolve to devices.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INTENT_ROWS, type IntentRow } from '../../../src/assist/intent-table.ts';
import { findIntentWords, indexIntentWords } from '../../../src/assist/retrieval/intent-words.ts';
import { foldWords } from '../../../src/assist/retrieval/terms.ts';

/** A small table of its own, so the derivation is tested apart from the real table's words. */
const ROWS: IntentRow[] = [
  { kind: 'action', safety: 'control', domains: ['*'], retrievalWords: [{ words: ['water'], domains: ['valve'] }] },
  { kind: 'action', safety: 'control', domains: ['*'], retrievalWords: [{ words: ['anything'] }] },
  {
    kind: 'action',
    safety: 'control',
    domains: ['media_player'],
    prefer: ['playing'],
    retrievalWords: [{ words: ['turn it up', 'skip'] }],
  },
  { kind: 'action', safety: 'control', domains: ['climate'], retrievalWords: [{ words: ['turn it up the heat'] }] },
  {
    kind: 'action',
    safety: 'control',
    domains: ['vacuum'],
    areaIsTarget: true,
    retrievalWords: [{ words: ['dock'] }],
  },
  { kind: 'action', safety: 'control', domains: ['lawn_mower'], retrievalWords: [{ words: ['dock'] }] },
];

function found(text: string, rows: readonly IntentRow[] = ROWS) {
  return findIntentWords(foldWords(text), indexIntentWords(rows)).map((entry) => ({
    words: entry.words.join(' '),
    domains: entry.domains,
    ...(entry.prefer.length === 0 ? {} : { prefer: entry.prefer }),
    ...(entry.isAreaTarget ? { isAreaTarget: true } : {}),
  }));
}

describe('intent words', () => {
  const cases: [string, ReturnType<typeof found>][] = [
    ['skip this song', [{ words: 'skip', domains: ['media_player'], prefer: ['playing'] }]],
    ['please turn it up', [{ words: 'turn it up', domains: ['media_player'], prefer: ['playing'] }]],
    ['turn it up the heat', [{ words: 'turn it up the heat', domains: ['climate'] }]],
    ['water the lawn', [{ words: 'water', domains: ['valve'] }]],
    [
      'dock it',
      [
        { words: 'dock', domains: ['vacuum'], isAreaTarget: true },
        { words: 'dock', domains: ['lawn_mower'] },
      ],
    ],
    ['turn it on', []],
    ['anything on?', []],
  ];
  for (const [text, expected] of cases)
    it(`finds ${JSON.stringify(text)}`, () => assert.deepEqual(found(text), expected));

  it('drops a word of a row that serves any device unless it names its domains', () => {
    assert.deepEqual(found('anything'), []);
  });

  it('resolves every word of the real table to concrete domains', () => {
    for (const row of INTENT_ROWS)
      for (const group of row.retrievalWords ?? []) {
        const domains = (group.domains ?? row.domains ?? []).filter((domain) => domain !== '*');
        assert.ok(domains.length > 0, `${group.words.join(', ')} implies no domain`);
      }
  });

  it('reads the transport, watering, climate, cleaning, mowing, locking and cover verbs from the real table', () => {
    const domainsOf = (text: string) => [...new Set(found(text, INTENT_ROWS).flatMap((entry) => entry.domains))];
    assert.deepEqual(domainsOf('skip this song'), ['media_player']);
    assert.deepEqual(domainsOf('go back'), ['media_player']);
    assert.deepEqual(domainsOf('unpause'), ['media_player']);
    assert.deepEqual(domainsOf('turn it up'), ['media_player']);
    assert.deepEqual(domainsOf('water the lawn'), ['valve']);
    assert.deepEqual(domainsOf('stop the sprinklers'), ['valve']);
    assert.deepEqual(domainsOf('warm up the living room'), ['climate']);
    assert.deepEqual(domainsOf('clean the kitchen'), ['vacuum']);
    assert.deepEqual(domainsOf('mow the lawn'), ['lawn_mower']);
    assert.deepEqual(domainsOf('lock up'), ['lock']);
    assert.deepEqual(domainsOf('let some light in'), ['cover']);
  });
});
