// Recognition semantics on small inline grammars: lists, context, skip words, wildcards, ranges, ranking.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import {
  createTextSlotList,
  createTextValue,
  HassilError,
  loadIntents,
  recognizeAll,
  recognizeBest,
  textSlotListFromStrings,
  type Intents,
  type RecognizeBestOptions,
  type RecognizeResult,
} from '../../src/hassil/index.ts';

const GRAMMAR = `
language: en
skip_words: [please, can you]
intents:
  TurnOn:
    data:
      - sentences: ["(turn|switch) on [the] {name}", "[the] {name} on"]
        requires_context: {domain: [light, switch]}
      - sentences: ["turn on [the] lights in [the] {area}"]
        slots: {domain: light}
        response: area
      - sentences: ["turn on [the] lights [in here]"]
        slots: {domain: light}
        requires_context: {area: {slot: true}}
  SetBrightness:
    data:
      - sentences: ["set [the] {name} [brightness] to {brightness}[%| percent]"]
  Play:
    data:
      - sentences: ["play {album} by {artist}", "play {album} by {artist} in [the] {area}", "play {album}"]
  Wait:
    data:
      - sentences: ["(wait;a moment)"]
  Say:
    data:
      - sentences: ["say {greeting:@said}"]
        excludes_context: {mood: grumpy}
lists:
  brightness: {range: {from: 0, to: 100}}
  album: {wildcard: true}
  artist: {wildcard: true}
  greeting: {values: [hello, {in: "(hi|hey) there", out: hi}]}
`;

const intents: Intents = loadIntents(yaml.load(GRAMMAR), { file: 'inline.yaml' });
const name = createTextSlotList('name', [
  createTextValue('Kitchen Light', 'Kitchen Light', { context: { domain: 'light' } }),
  createTextValue('Kitchen', 'Kitchen', { context: { domain: 'switch' } }),
  createTextValue('Kitchen Light Strip', 'Kitchen Light Strip', { context: { domain: 'light' } }),
  createTextValue('Garage Door', 'Garage Door', { context: { domain: 'cover' } }),
  createTextValue('Living Room Lamp', 'Living Room Lamp', { context: { domain: 'light' } }),
]);
const area = textSlotListFromStrings('area', ['Kitchen', 'Living Room']);
const HOME: RecognizeBestOptions = { slotLists: { name, area }, bestSlotName: 'name' };

function best(text: string, options: RecognizeBestOptions = HOME): RecognizeResult | undefined {
  return recognizeBest(text, intents, options);
}

function slots(result: RecognizeResult | undefined): Record<string, unknown> {
  return Object.fromEntries(result?.entitiesList.map((entity) => [entity.name, entity.value]) ?? []);
}

describe('recognizeBest on an inline grammar', () => {
  it('matches alternatives and optionals and puts the list value in its slot', () => {
    const result = best('switch on the kitchen light');
    assert.equal(result?.intent.name, 'TurnOn');
    assert.deepEqual(slots(result), { name: 'Kitchen Light' });
    assert.equal(result?.entities.name?.text, 'kitchen light', 'the entity text keeps the input as typed');
  });

  it('prefers the longest name (Kitchen Light Strip over Kitchen Light over Kitchen)', () => {
    assert.equal(best('turn on the kitchen light strip')?.entities.name?.value, 'Kitchen Light Strip');
    assert.equal(best('turn on kitchen')?.entities.name?.value, 'Kitchen');
  });

  it("filters list values by the block's requires_context: a cover is not turned on by this block", () => {
    assert.equal(best('turn on the garage door'), undefined);
  });

  it('adds fixed slots and uses the block response', () => {
    const result = best('turn on the lights in the living room');
    assert.deepEqual(slots(result), { area: 'Living Room', domain: 'light' });
    assert.equal(result?.response, 'area');
  });

  it('copies a context area into a slot only when the caller gives one', () => {
    assert.equal(best('turn on the lights in here'), undefined);
    const result = best('turn on the lights in here', {
      ...HOME,
      intentContext: { area: { value: 'Kitchen', text: 'kitchen' } },
    });
    assert.deepEqual(slots(result), { domain: 'light', area: 'Kitchen' });
    assert.equal(result?.entities.area?.text, 'kitchen');
  });

  it('ignores skip words and trailing punctuation, and breaks living-room into words', () => {
    assert.equal(best('Please turn on the Kitchen Light!')?.entities.name?.value, 'Kitchen Light');
    assert.equal(best('can you turn on the living-room lamp?')?.entities.name?.value, 'Living Room Lamp');
  });

  it('reads digits as numbers in range and refuses numbers out of range', () => {
    const result = best('set the kitchen light brightness to 50%');
    assert.equal(result?.entities.brightness?.value, 50);
    assert.equal(result?.entities.brightness?.isFromDigits, true);
    assert.equal(best('set the kitchen light to 150%'), undefined);
  });

  it('reads number words (from the engine’s own speller) as ints that count as literal text', () => {
    const result = best('set the kitchen light to fifty percent');
    assert.equal(result?.entities.brightness?.value, 50);
    assert.equal(result?.entities.brightness?.isFromDigits, undefined);
  });

  it('fixes wildcards by the literal after them, trying templates with more literal text first', () => {
    const all = recognizeAll('play abbey road by the beatles in the kitchen', intents, { slotLists: { name, area } });
    assert.deepEqual(
      all.map((result) => result.intentSentence.text),
      ['play {album} by {artist} in [the] {area}', 'play {album} by {artist}', 'play {album}'],
    );
    assert.deepEqual(slots(all[0]), { album: 'abbey road', artist: 'the beatles', area: 'Kitchen' });
    assert.deepEqual(slots(all[1]), { album: 'abbey road', artist: 'the beatles in the kitchen' });
  });

  it('ranks fewer wildcards first, then more literal text', () => {
    assert.deepEqual(slots(best('play abbey road by the beatles')), { album: 'abbey road by the beatles' });
    assert.deepEqual(slots(best('play thriller')), { album: 'thriller' });
  });

  it('matches a permutation in any order', () => {
    assert.equal(best('wait a moment')?.intent.name, 'Wait');
    assert.equal(best('a moment wait')?.intent.name, 'Wait');
  });

  it('puts a capture in captures, not entities, and honours excludes_context', () => {
    const result = best('say hey there');
    assert.deepEqual(result?.captures, [{ name: 'said', text: 'hey there' }]);
    assert.deepEqual(result?.entitiesList, []);
    assert.equal(best('say hello', { ...HOME, intentContext: { mood: 'grumpy' } }), undefined);
  });

  it('counts literal characters of text chunks but not of list values', () => {
    // "turn on the " gives turn+on+the = 9 literal characters; "kitchen light" comes from the list.
    assert.equal(best('turn on the kitchen light')?.textChunksMatched, 9);
  });

  it('finds every way to match with recognizeAll, in hassil order', () => {
    const all = recognizeAll('turn on the kitchen light', intents, { slotLists: { name, area } });
    assert.deepEqual(
      all.map((r) => r.entities.name?.value),
      ['Kitchen Light'],
    );
    const both = recognizeAll('turn on kitchen light strip', intents, { slotLists: { name, area } });
    assert.deepEqual(
      both.map((r) => r.entities.name?.value),
      ['Kitchen Light Strip'],
    );
  });

  it('returns nothing for unrelated text', () => {
    assert.equal(best('what is the capital of France'), undefined);
  });
});

describe('errors', () => {
  it('names a missing list with its intent and template', () => {
    assert.throws(
      () => best('turn on the kitchen', { slotLists: { area } }),
      (error: unknown) =>
        error instanceof HassilError &&
        error.code === 'MISSING_LIST' &&
        /\{name\}.*intent TurnOn.*template "\(turn\|switch\) on \[the\] \{name\}"/.test(error.message),
    );
  });

  it('names a broken template with file, intent, template and column at load', () => {
    const broken = { language: 'en', intents: { Bad: { data: [{ sentences: ['turn (on'] }] } } };
    assert.throws(
      () => loadIntents(broken, { file: 'bad.yaml' }),
      (error: unknown) =>
        error instanceof HassilError &&
        error.message === `'(' is never closed (file bad.yaml, intent Bad, template "turn (on", column 6)`,
    );
  });

  it('names a grammar of the wrong shape', () => {
    assert.throws(
      () =>
        loadIntents({ language: 'en', intents: { X: { data: [{ sentences: 'not a list' }] } } }, { file: 'x.yaml' }),
      (error: unknown) =>
        error instanceof HassilError &&
        error.code === 'INVALID_GRAMMAR' &&
        /intents\.X\.data\.0\.sentences/.test(error.message) &&
        /x\.yaml/.test(error.message),
    );
  });

  it('refuses a rule that refers to itself instead of recursing forever', () => {
    const looping = loadIntents({
      language: 'en',
      intents: { L: { data: [{ sentences: ['<a> x'] }] } },
      expansion_rules: { a: '<a> y' },
    });
    assert.throws(
      () => recognizeAll('y x', looping),
      (error: unknown) => error instanceof HassilError && error.code === 'RULE_CYCLE',
    );
  });
});

describe('settings.ignore_whitespace (languages written without spaces)', () => {
  it('matches templates and values whatever the spacing of the input', () => {
    const zh = loadIntents({
      language: 'zh',
      settings: { ignore_whitespace: true },
      intents: { TurnOn: { data: [{ sentences: ['打开 {name}'] }] } },
    });
    const lamps = textSlotListFromStrings('name', ['客厅灯']);
    for (const text of ['打开客厅灯', '打开 客厅 灯', '打 开客厅灯']) {
      assert.equal(recognizeBest(text, zh, { slotLists: { name: lamps } })?.entities.name?.value, '客厅灯', text);
    }
  });
});
