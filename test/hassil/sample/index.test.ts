// The sampler: sentences from small inline templates, its bounds and errors, and the en grammar's round trip through the matcher.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import {
  compileList,
  createTextSlotList,
  createTextValue,
  HassilError,
  loadIntents,
  parseSentence,
  recognizeBest,
  sampleExpression,
  sampleIntents,
  textSlotListFromStrings,
  type Intents,
  type SampleContext,
  type Sentence,
  type SlotList,
} from '../../../src/hassil/index.ts';
import { createFsRepo } from '../../../src/hassil/grammar/fs-repo.ts';
import { loadIntentsRepo } from '../../../src/hassil/grammar/intents-repo.ts';
import { HA_INTENTS_DIR } from '../../fixtures/data.ts';

/** Every sentence of `template` (no bound unless the context sets one). */
function sample(template: string, context: SampleContext = {}): string[] {
  return [...sampleExpression(parseSentence(template).expression, { maxSentences: Infinity, ...context })];
}

function rules(bodies: Record<string, string>): Map<string, Sentence> {
  return new Map(Object.entries(bodies).map(([name, body]) => [name, parseSentence(body)]));
}

function range(name: string, spec: Record<string, unknown>): SlotList {
  return compileList(name, { range: { from: 0, to: 100, ...spec } as { from: number; to: number } });
}

const COLOR = createTextSlotList('color', [
  createTextValue('red', 'red'),
  createTextValue('(dark|deep) blue', 'blue'),
  createTextValue('', 'nothing'),
]);
const NAME = createTextSlotList('name', [
  createTextValue('Lamp', 'Lamp', { context: { domain: 'light' } }),
  createTextValue('Ceiling Fan', 'Ceiling Fan', { context: { domain: 'fan' } }),
  createTextValue('Radio', 'Radio'),
]);

interface Row {
  name: string;
  template: string;
  context?: SampleContext;
  expected: string[];
}

const ROWS: Row[] = [
  { name: 'alternatives in written order', template: '(turn|switch) on', expected: ['turn on', 'switch on'] },
  {
    name: 'an optional, its empty option last',
    template: 'turn on [the] light',
    expected: ['turn on the light', 'turn on light'],
  },
  {
    name: 'word pieces',
    template: 'light[s] (turn(s|ed))',
    expected: ['lights turns', 'light turns', 'light turned', 'lights turned'],
  },
  {
    name: 'nested optionals, first options of every part first',
    template: '[[of ](the|my)] room',
    expected: ['of the room', 'room', 'the room', 'my room', 'of my room'],
  },
  {
    name: 'a sequence combines early options of every part first',
    template: '(a|b|c|d) (e|f)',
    expected: ['a e', 'b e', 'b f', 'a f', 'c e', 'c f', 'd e', 'd f'],
  },
  { name: 'repeats are dropped', template: '(a|a) [b|b]', expected: ['a b', 'a'] },
  {
    name: 'a permutation in every order',
    template: '(a;b;c)',
    expected: ['a b c', 'a c b', 'b a c', 'b c a', 'c a b', 'c b a'],
  },
  {
    name: 'permutation orders interleaved',
    template: '((on|off);now)',
    expected: ['on now', 'now on', 'off now', 'now off'],
  },
  {
    name: 'rules expanded, rules inside rules and inside words',
    template: '<turn> on <the> light<plural>',
    context: { expansionRules: rules({ turn: '(turn|switch)', the: '[<def>]', def: 'the', plural: '[s]' }) },
    expected: [
      'turn on the lights',
      'switch on the lights',
      'switch on the light',
      'switch on lights',
      'switch on light',
      'turn on lights',
      'turn on light',
      'turn on the light',
    ],
  },
  {
    name: 'text list values: their in templates expanded, empty values left out',
    template: 'make it {color}',
    context: { slotLists: { color: COLOR } },
    expected: ['make it red', 'make it dark blue', 'make it deep blue'],
  },
  {
    name: 'a capture samples its list',
    template: 'say {color:@said}',
    context: { slotLists: { color: COLOR } },
    expected: ['say red', 'say dark blue', 'say deep blue'],
  },
  {
    name: 'values filtered by requires_context',
    template: 'turn on {name}',
    context: { slotLists: { name: NAME }, requiresContext: { domain: ['light', 'switch'] } },
    expected: ['turn on Lamp', 'turn on Radio'],
  },
  {
    name: 'values filtered by excludes_context',
    template: 'turn on {name}',
    context: { slotLists: { name: NAME }, excludesContext: { domain: 'light' } },
    expected: ['turn on Ceiling Fan', 'turn on Radio'],
  },
  {
    name: 'a range: start, middle, last',
    template: '{brightness}%',
    context: { slotLists: { brightness: range('brightness', {}) } },
    expected: ['0%', '50%', '100%'],
  },
  {
    name: 'a range with a step',
    template: '{kelvin} K',
    context: { slotLists: { kelvin: range('kelvin', { from: 1000, to: 10000, step: 100 }) } },
    expected: ['1000 K', '5500 K', '10000 K'],
  },
  {
    name: 'a step that misses the end',
    template: '{n}',
    context: { slotLists: { n: range('n', { to: 10, step: 3 }) } },
    expected: ['0', '3', '9'],
  },
  {
    name: 'halves',
    template: '{t} degrees',
    context: { slotLists: { t: range('t', { fractions: 'halves' }) } },
    expected: ['0 degrees', '50.5 degrees', '100 degrees', '50 degrees'],
  },
  {
    name: 'tenths',
    template: '{t}',
    context: { slotLists: { t: range('t', { from: 10, to: 20, fractions: 'tenths' }) } },
    expected: ['10', '15.1', '20', '15'],
  },
  {
    name: 'a range without digits says number words',
    template: '{n}',
    context: { language: 'en', slotLists: { n: range('n', { digits: false }) } },
    expected: ['zero', 'fifty', 'one hundred'],
  },
  {
    name: 'an inline range',
    template: 'wait {1..10,3:seconds} seconds',
    expected: ['wait 1 seconds', 'wait 4 seconds', 'wait 10 seconds'],
  },
  {
    name: 'a wildcard takes the text given for its list',
    template: 'broadcast {message}',
    context: {
      slotLists: { message: compileList('message', { wildcard: true }) },
      wildcardTexts: { message: 'dinner is ready' },
    },
    expected: ['broadcast dinner is ready'],
  },
  {
    name: 'a wildcard without text takes a plain word',
    template: 'remind me to {task} now',
    context: { slotLists: { task: compileList('task', { wildcard: true }) } },
    expected: ['remind me to something now'],
  },
  {
    name: 'an empty list yields nothing',
    template: 'play {album}',
    context: { slotLists: { album: createTextSlotList('album', []) } },
    expected: [],
  },
  {
    name: 'whitespace normalised',
    template: '  turn   on [ the ] ([ ]lights) ',
    expected: ['turn on the lights', 'turn on lights'],
  },
];

describe('sampleExpression', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      assert.deepEqual(sample(row.template, row.context), row.expected);
    });
  }

  it('stops at maxSentences, by default 20', () => {
    assert.deepEqual(sample('(a|b|c|d) (e|f)', { maxSentences: 3 }), ['a e', 'b e', 'b f']);
    assert.equal([...sampleExpression(parseSentence('(a|b|c|d|e) (f|g|h|i|j)').expression)].length, 20);
  });

  it('does not blow up on long templates and large permutations', () => {
    const optionals = Array.from({ length: 40 }, (_, i) => `[w${i}]`).join(' ');
    const sentences = [...sampleExpression(parseSentence(optionals).expression, { maxSentences: 25 })];
    assert.equal(sentences.length, 25);
    assert.equal(sentences[0], Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    const permutation = `(${Array.from({ length: 12 }, (_, i) => `p${i}`).join(';')})`;
    const orders = [...sampleExpression(parseSentence(permutation).expression, { maxSentences: 10 })];
    assert.equal(orders.length, 10);
    assert.equal(new Set(orders).size, 10);
  });

  it('is deterministic and lazy', () => {
    const context: SampleContext = { expansionRules: rules({ x: '(a|b) [c] (d;e)' }), maxSentences: Infinity };
    const expression = parseSentence('<x> [<x>]').expression;
    assert.deepEqual([...sampleExpression(expression, context)], [...sampleExpression(expression, context)]);
    const iterator = sampleExpression(expression, context)[Symbol.iterator]();
    assert.equal(iterator.next().value, 'a c d e a c d e');
  });

  it('throws for a missing rule or list, even where the bound would not reach', () => {
    const code = (expected: string) => (error: unknown) => error instanceof HassilError && error.code === expected;
    assert.throws(() => sample('(a|<missing>)', { maxSentences: 1 }), code('MISSING_RULE'));
    assert.throws(() => sample('(a|{missing})', { maxSentences: 1 }), code('MISSING_LIST'));
    assert.throws(
      () =>
        sample('{color}', {
          slotLists: { color: createTextSlotList('color', [createTextValue('<shade> red', 'red')]) },
        }),
      code('MISSING_RULE'),
    );
    assert.throws(() => sample('<a>', { expansionRules: rules({ a: 'x [<b>]', b: 'y <a>' }) }), code('RULE_CYCLE'));
  });
});

const GRAMMAR = `
language: en
intents:
  TurnOn:
    data:
      - sentences: ["<turn> on [the] {name}", "[the] {name} on"]
        requires_context: {domain: light}
  Play:
    data:
      - sentences: ["<play> {album} [in the {area}]"]
      - sentences: ["<play> {genre} music"]
        lists:
          genre: {values: [jazz, {in: "(rock|pop)", out: popular}]}
  SetTimer:
    data:
      - sentences: ["<turn> a timer for {minutes} minute[s]"]
        expansion_rules: {turn: (set|start)}
lists:
  minutes: {range: {from: 1, to: 60}}
  album: {wildcard: true}
  genre: {values: [classical]}
expansion_rules:
  turn: (turn|switch)
  play: play
`;

describe('sampleIntents', () => {
  const intents: Intents = loadIntents(yaml.load(GRAMMAR));
  const name = createTextSlotList('name', [
    createTextValue('Lamp', 'Lamp', { context: { domain: 'light' } }),
    createTextValue('Radio', 'Radio', { context: { domain: 'media_player' } }),
    createTextValue('Porch Light', 'Porch Light', { context: { domain: 'light' } }),
  ]);
  const slotLists = { name, area: textSlotListFromStrings('area', ['Kitchen']) };
  const expansionRules = { play: parseSentence('(play|put on)') };
  const all = [...sampleIntents(intents, { slotLists, expansionRules, wildcardTexts: { album: 'abbey road' } })];

  it('samples every template with its block lists, rules and context, in grammar order', () => {
    assert.deepEqual(
      all.map(({ intent, template, sentence }) => `${intent} | ${template} | ${sentence}`),
      [
        'TurnOn | <turn> on [the] {name} | turn on the Lamp',
        'TurnOn | <turn> on [the] {name} | switch on the Lamp',
        'TurnOn | <turn> on [the] {name} | switch on the Porch Light',
        'TurnOn | <turn> on [the] {name} | switch on Lamp',
        'TurnOn | <turn> on [the] {name} | switch on Porch Light',
        'TurnOn | <turn> on [the] {name} | turn on Lamp',
        'TurnOn | <turn> on [the] {name} | turn on Porch Light',
        'TurnOn | <turn> on [the] {name} | turn on the Porch Light',
        'TurnOn | [the] {name} on | the Lamp on',
        'TurnOn | [the] {name} on | Lamp on',
        'TurnOn | [the] {name} on | Porch Light on',
        'TurnOn | [the] {name} on | the Porch Light on',
        'Play | <play> {album} [in the {area}] | play abbey road in the Kitchen',
        'Play | <play> {album} [in the {area}] | put on abbey road in the Kitchen',
        'Play | <play> {album} [in the {area}] | put on abbey road',
        'Play | <play> {album} [in the {area}] | play abbey road',
        'Play | <play> {genre} music | play jazz music',
        'Play | <play> {genre} music | put on jazz music',
        'Play | <play> {genre} music | put on rock music',
        'Play | <play> {genre} music | play rock music',
        'Play | <play> {genre} music | play pop music',
        'Play | <play> {genre} music | put on pop music',
        'SetTimer | <turn> a timer for {minutes} minute[s] | set a timer for 1 minutes',
        'SetTimer | <turn> a timer for {minutes} minute[s] | start a timer for 1 minutes',
        'SetTimer | <turn> a timer for {minutes} minute[s] | start a timer for 1 minute',
        'SetTimer | <turn> a timer for {minutes} minute[s] | start a timer for 30 minutes',
        'SetTimer | <turn> a timer for {minutes} minute[s] | start a timer for 30 minute',
        'SetTimer | <turn> a timer for {minutes} minute[s] | set a timer for 30 minutes',
        'SetTimer | <turn> a timer for {minutes} minute[s] | set a timer for 30 minute',
        'SetTimer | <turn> a timer for {minutes} minute[s] | set a timer for 1 minute',
        'SetTimer | <turn> a timer for {minutes} minute[s] | set a timer for 60 minutes',
        'SetTimer | <turn> a timer for {minutes} minute[s] | set a timer for 60 minute',
        'SetTimer | <turn> a timer for {minutes} minute[s] | start a timer for 60 minutes',
        'SetTimer | <turn> a timer for {minutes} minute[s] | start a timer for 60 minute',
      ],
    );
  });

  it('bounds each template and can pick intents', () => {
    const picked = [...sampleIntents(intents, { slotLists, maxPerTemplate: 2, intentNames: ['TurnOn', 'SetTimer'] })];
    assert.deepEqual(
      picked.map(({ sentence }) => sentence),
      [
        'turn on the Lamp',
        'switch on the Lamp',
        'the Lamp on',
        'Lamp on',
        'set a timer for 1 minutes',
        'start a timer for 1 minutes',
      ],
    );
  });

  it('recognises what it samples', () => {
    for (const { intent, sentence } of all)
      assert.equal(
        recognizeBest(sentence, intents, { slotLists, expansionRules, bestSlotName: 'name' })?.intent.name,
        intent,
        sentence,
      );
  });

  it('names the intent and template of a missing list', () => {
    assert.throws(
      () => [...sampleIntents(intents)],
      (error: unknown) =>
        error instanceof HassilError &&
        error.code === 'MISSING_LIST' &&
        error.location.intent === 'TurnOn' &&
        error.location.template === '<turn> on [the] {name}',
    );
  });
});

// The en round trip: every template of Home Assistant's English grammar, sampled for a small fake home,
// must be recognised as the intent it came from.

const SAMPLES_PER_TEMPLATE = 10;

/** One entity name per domain that a block restricts `{name}` to (`name_domains`, incl. the "default" group). */
const FAKE_NAMES: Readonly<Record<string, string>> = {
  light: 'Desk Lamp',
  switch: 'Coffee Maker',
  fan: 'Breeze Tower',
  media_player: 'Soundbar',
  input_boolean: 'Guest Mode',
  climate: 'Thermostat',
  binary_sensor: 'Front Door',
  cover: 'Garage Door',
  lawn_mower: 'Robo Mower',
  lock: 'Back Door',
  person: 'Alice',
  scene: 'Movie Time',
  script: 'Morning Routine',
  sensor: 'Power Meter',
  todo: 'Chores',
  vacuum: 'Dusty',
  valve: 'Sprinkler',
  weather: 'Weather Station',
};
const FAKE_HOME = {
  name: createTextSlotList(
    'name',
    Object.entries(FAKE_NAMES).map(([domain, name]) =>
      createTextValue(name, name, { allowTemplate: false, context: { domain } }),
    ),
  ),
  area: textSlotListFromStrings('area', ['Kitchen', 'Bedroom'], false),
  floor: textSlotListFromStrings('floor', ['Upstairs', 'Downstairs'], false),
};
const WILDCARD_TEXTS = {
  message: 'dinner is ready',
  search_query: 'jazz',
  timer_name: 'pizza',
  timer_command: 'open the garage',
  shopping_list_item: 'milk',
  todo_list_item: 'milk',
  zone: 'work',
};

/** A sentence sampled from one intent's template that is, as written, also (and better) another intent's. */
interface KnownCollision {
  intent: string;
  template: string;
  recognisedAs: string;
  recognisedTemplate: string;
  /** The sentences the collision is allowed for. */
  sentence: RegExp;
  reason: string;
}

// `<are_all>` is "[<are>] <all>": without "are", "all of the fans on" is also a terse command. Both templates
// match the whole sentence; HassTurnOn/Off say "on"/"off" as literal text where HassGetState has an
// {on_off_states} value, and hassil ranks more literal text higher (hassil 3.8.0 decides the same way).
const ARE_ALL =
  'the question word "are" is optional in <are_all>; the command template matches on/off as literal text, so it ranks higher';
const KNOWN_COLLISIONS: readonly KnownCollision[] = [
  {
    intent: 'HassGetState',
    template: '<are_all> fan[s] {on_off_states:state}',
    recognisedAs: 'HassTurnOn',
    recognisedTemplate: '[(<all>|<the>)] fan[s] on [<here>]',
    sentence: /^(all|every|each)\b.* fans? on$/,
    reason: ARE_ALL,
  },
  {
    intent: 'HassGetState',
    template: '<are_all> fan[s] {on_off_states:state}',
    recognisedAs: 'HassTurnOff',
    recognisedTemplate: '[(<all>|<the>)] fan[s] off [<here>]',
    sentence: /^(all|every|each)\b.* fans? off$/,
    reason: ARE_ALL,
  },
  {
    intent: 'HassGetState',
    template: '<are_all> {area} fan[s] {on_off_states:state}',
    recognisedAs: 'HassTurnOn',
    recognisedTemplate: '[<turn>] [<all>] [<the>] {area} fan[s] on',
    sentence: /^(all|every|each)\b.* fans? on$/,
    reason: ARE_ALL,
  },
  {
    intent: 'HassGetState',
    template: '<are_all> {area} fan[s] {on_off_states:state}',
    recognisedAs: 'HassTurnOff',
    recognisedTemplate: '[<turn>] [<all>] [<the>] {area} fan[s] off',
    sentence: /^(all|every|each)\b.* fans? off$/,
    reason: ARE_ALL,
  },
];

describe('sampleIntents on the en grammar', () => {
  const intents = loadIntentsRepo(createFsRepo(HA_INTENTS_DIR), 'en');

  it('has a fake entity for every domain a block restricts {name} to', () => {
    const domains = new Set<string>();
    for (const intent of intents.intents.values()) {
      for (const block of intent.data) {
        const domain = block.requiresContext.domain;
        for (const name of Array.isArray(domain) ? domain : domain === undefined ? [] : [domain])
          domains.add(String(name));
      }
    }
    assert.deepEqual(
      [...domains].filter((domain) => !(domain in FAKE_NAMES)),
      [],
    );
  });

  it('recognises every sampled sentence as the intent it came from, except the known collisions', (t) => {
    const totals = new Map<string, { sampled: number; recognised: number }>();
    const perTemplate = new Map<string, number>();
    const unexpected: string[] = [];
    const seenCollisions = new Set<KnownCollision>();
    for (const { intent, template, sentence } of sampleIntents(intents, {
      slotLists: FAKE_HOME,
      wildcardTexts: WILDCARD_TEXTS,
      maxPerTemplate: SAMPLES_PER_TEMPLATE,
    })) {
      perTemplate.set(`${intent} | ${template}`, (perTemplate.get(`${intent} | ${template}`) ?? 0) + 1);
      const total = totals.get(intent) ?? { sampled: 0, recognised: 0 };
      totals.set(intent, total);
      total.sampled++;
      const result = recognizeBest(sentence, intents, {
        slotLists: FAKE_HOME,
        intentContext: { area: { value: 'Kitchen', text: 'Kitchen' } },
        bestSlotName: 'name',
      });
      if (result?.intent.name === intent) {
        total.recognised++;
        continue;
      }
      const collision = KNOWN_COLLISIONS.find(
        (known) =>
          known.intent === intent &&
          known.template === template &&
          known.recognisedAs === result?.intent.name &&
          known.recognisedTemplate === result.intentSentence.text &&
          known.sentence.test(sentence),
      );
      if (collision === undefined)
        unexpected.push(
          `"${sentence}" from ${intent} "${template}" → ${result === undefined ? 'nothing' : `${result.intent.name} "${result.intentSentence.text}"`}`,
        );
      else seenCollisions.add(collision);
    }
    const sampled = [...totals.values()].reduce((sum, total) => sum + total.sampled, 0);
    const recognised = [...totals.values()].reduce((sum, total) => sum + total.recognised, 0);
    t.diagnostic(`${sampled} sentences from ${perTemplate.size} templates, ${recognised} recognised as their intent`);
    for (const [intent, total] of totals) t.diagnostic(`${intent}: ${total.recognised}/${total.sampled}`);
    assert.deepEqual(unexpected, []);
    assert.deepEqual(
      KNOWN_COLLISIONS.filter((known) => !seenCollisions.has(known)).map((known) => known.template),
      [],
      'a known collision no longer occurs: remove it',
    );
    const templates = [...intents.intents.values()].flatMap((intent) =>
      intent.data.flatMap((block) => block.sentences.map((sentence) => `${intent.name} | ${sentence.text}`)),
    );
    assert.deepEqual(
      templates.filter((template) => !perTemplate.has(template)),
      [],
      'templates that produced no sentence',
    );
    assert.deepEqual(
      [...intents.intents.keys()].filter((intent) => !totals.has(intent)),
      [],
    );
  });
});
