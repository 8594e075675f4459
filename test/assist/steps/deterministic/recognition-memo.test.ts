// The recognition memo: what the grammar made of the same words in the same home and place is recognised once, and
// a remembered result is exactly the one a fresh recognition gives, whatever the place, the floors and the order.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createAssistCaches,
  createHomeListsCache,
  type HaContext,
  understandRequest,
} from '../../../../src/assist/index.ts';
import { createRecognitionMemo } from '../../../../src/assist/steps/deterministic/recognition-memo.ts';
import { recognizeIntent } from '../../../../src/assist/steps/deterministic/recognize-intent.ts';
import type { Intents, RecognizeResult } from '../../../../src/hassil/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { builtInGrammar } from '../../../fixtures/grammar.ts';
import { createRandom } from '../../../fixtures/homes/prng.ts';
import { firstRequest } from '../../ha-turns.ts';

describe('createRecognitionMemo', () => {
  const grammar = {} as Intents;
  const other = {} as Intents;
  const result = (name: string) => ({ intent: { name } }) as unknown as RecognizeResult;

  it('recognises each key of a grammar once, a key without a match too', () => {
    const memo = createRecognitionMemo();
    const runs: string[] = [];
    const recall = (on: Intents, key: string) =>
      memo.recall(on, key, () => {
        runs.push(key);
        return key === 'nothing' ? undefined : result(key);
      });
    const first = recall(grammar, 'a');
    assert.equal(recall(grammar, 'a'), first);
    assert.equal(recall(grammar, 'nothing'), undefined);
    assert.equal(recall(grammar, 'nothing'), undefined);
    assert.notEqual(recall(other, 'a'), first, 'another grammar has its own recognitions');
    assert.deepEqual(runs, ['a', 'nothing', 'a']);
  });

  it('keeps the most recently used keys up to its capacity', () => {
    const memo = createRecognitionMemo(3);
    const runs: string[] = [];
    const recall = (key: string) =>
      memo.recall(grammar, key, () => {
        runs.push(key);
        return result(key);
      });
    for (const key of ['a', 'b', 'c', 'a', 'd', 'a', 'b', 'c']) recall(key);
    // "b" was the least recently used when "d" came; then "c" when "b" came back.
    assert.deepEqual(runs, ['a', 'b', 'c', 'd', 'b', 'c']);
  });
});

/** Sentences of the fixture home that match with a name, an area, a floor, the satellite's area, or not at all. */
const SENTENCES = [
  'turn on the kitchen light',
  'turn off the lights',
  'turn on the lights in the bedroom',
  'turn off the lights on the ground floor',
  'turn off the lights on the upper floor',
  'set the temperature to 21',
  'what is the kitchen temperature',
  'is the front door locked',
  'open the blinds',
  'start the fan',
  'sing me a song',
];

/** Where the sentences are said: no satellite, a satellite in a room, and homes with their floors. */
const CONTEXTS: (HaContext | undefined)[] = [
  undefined,
  { satellite: { area: 'Kitchen' } },
  { satellite: { area: 'Bedroom' } },
  { floors: [{ name: 'Ground Floor', areas: ['Kitchen', 'Living Room'] }] },
  { floors: [{ name: 'Upper Floor', areas: ['Bedroom'] }] },
  { floors: [{ name: 'Ground Floor', areas: ['Kitchen'] }], satellite: { area: 'Kitchen' } },
];

describe('recognizeIntent through the memo: a remembered result is the fresh one', () => {
  const grammar = builtInGrammar();
  // The server's caches: the same prompt gives the same catalogue object, which the lists and the memo are kept by.
  const caches = createAssistCaches(8);
  const requestOf = (text: string, context: HaContext | undefined) => {
    const body = { ...firstRequest(text), ...(context === undefined ? {} : { ha_context: context }) };
    return understandRequest(decodeChatRequest(body), caches, context);
  };
  const fresh = (text: string, context: HaContext | undefined, unknownArea: boolean) => {
    const request = requestOf(text, context);
    const lists = createHomeListsCache().listsFor(request.catalog, request.floors);
    return recognizeIntent(request.userText, request, grammar, lists, { unknownArea });
  };
  const cases = SENTENCES.flatMap((text) =>
    CONTEXTS.flatMap((context) => [false, true].map((unknownArea) => ({ text, context, unknownArea }))),
  );

  it(`${cases.length} cases asked three times each in a drawn order give the fresh result every time`, () => {
    const expected = cases.map(({ text, context, unknownArea }) => fresh(text, context, unknownArea));
    // The sentences of one home share a catalogue, so one cache serves them all, as in the server.
    const shared = createHomeListsCache();
    const random = createRandom(20_261_203);
    const order = [...cases.keys(), ...cases.keys(), ...cases.keys()]
      .map((at) => ({ at, draw: random.next() }))
      .sort((a, b) => a.draw - b.draw)
      .map(({ at }) => at);
    let matched = 0;
    const first = new Map<number, RecognizeResult | undefined>();
    for (const at of order) {
      const { text, context, unknownArea } = cases[at]!;
      const request = requestOf(text, context);
      const lists = shared.listsFor(request.catalog, request.floors);
      const result = recognizeIntent(request.userText, request, grammar, lists, { unknownArea });
      assert.deepEqual(result, expected[at], `"${text}" with ${JSON.stringify(context)}, unknownArea ${unknownArea}`);
      if (result !== undefined) matched++;
      // Asked again, the same words in the same place are not recognised again: the remembered object comes back.
      if (first.has(at)) assert.equal(result, first.get(at));
      else first.set(at, result);
    }
    // Not a family of misses: most sentences match, in every place they are said.
    assert.equal(matched, expected.filter((result) => result !== undefined).length * 3);
    assert.ok(expected.filter((result) => result !== undefined).length > cases.length / 2);
  });

  it('remembers the result of the same words in the same home and place, not of another place', () => {
    const shared = createHomeListsCache();
    const recall = (context: HaContext | undefined) => {
      const request = requestOf('turn off the lights', context);
      return recognizeIntent(request.userText, request, grammar, shared.listsFor(request.catalog, request.floors));
    };
    const kitchen = recall({ satellite: { area: 'Kitchen' } });
    assert.equal(recall({ satellite: { area: 'Kitchen' } }), kitchen, 'the same object: recognised once');
    const bedroom = recall({ satellite: { area: 'Bedroom' } });
    assert.equal(bedroom?.entities.area?.value, 'Bedroom');
    assert.equal(kitchen?.entities.area?.value, 'Kitchen');
  });
});
