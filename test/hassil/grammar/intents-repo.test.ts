// Assembling the grammar from the intents repository layout: conversion rules, file order and located errors.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HassilError } from '../../../src/hassil/errors.ts';
import { recognize, textSlotListFromStrings } from '../../../src/hassil/index.ts';
import {
  buildIntentsRepoDocument,
  loadIntentsRepo,
  loadSlotCombinations,
  type RepoFiles,
} from '../../../src/hassil/grammar/intents-repo.ts';
import { mergeDict } from '../../../src/hassil/grammar/merge-dict.ts';

const INTENTS_YAML = `
HassTurnOn:
  supported: true
  slot_combinations:
    name_only:
      slots: [name]
      name_domains: {required: [light, switch], optional: [fan]}
      name_domain_groups: {default: [light, switch]}
    domain_only:
      slots: [domain]
      context_area: true
      inferred_domains: {required: [light], optional: [fan]}
    area_only:
      slots: [area]
HassNevermind:
  supported: true
  slot_combinations:
    default: {slots: []}
`;

const BASE: Record<string, string> = {
  'intents.yaml': INTENTS_YAML,
  'sentences/en/_common.yaml':
    'language: en\nskip_words: [please]\nsettings: {filter_with_regex: false}\nresponses:\n  errors:\n    no_intent: "Sorry"\n',
  'sentences/en/HassTurnOn/name_only.yaml': `
language: en
data:
  - sentences: ["turn on {name}"]
    name_domains: default
    response: default
  - sentences: ["light up {name}"]
    name_domains: [light]
    response: light
  - sentences: ["turn on {name}"]
    name_domains: [light]
    response: default
    speech_to_phrase: yes
`,
  'sentences/en/HassTurnOn/domain_only.yaml': `
language: en
data:
  - sentences: ["turn on the lights"]
    inferred_domain: light
    response: lights_area
    speech_to_phrase: true
`,
  'sentences/en/HassNevermind/default.yaml':
    'language: en\ndata:\n  - sentences: ["never mind"]\n    response: default\n',
  'sentences/en/HassNevermind/not_in_intents_yaml.yaml': 'language: en\ndata:\n  - sentences: ["forget it"]\n',
  'lists/shared.yaml': 'lists:\n  zone: {values: [shared]}\n  brightness: {range: {from: 0, to: 100}}\n',
  'lists/en/zones.yaml': 'language: en\nlists:\n  zone: {wildcard: true}\n',
  'rules/en/common.yaml': 'language: en\nexpansion_rules:\n  the: "(the|my)"\n',
  'rules/en/more.yaml': 'language: en\nexpansion_rules:\n  turn: "(turn|switch)"\n',
  'responses/en/HassTurnOn.yaml':
    'language: en\nresponses:\n  intents:\n    HassTurnOn:\n      default: "Turned on"\n      light: "Lit"\n',
  'responses/en/HassNevermind.yaml': 'language: en\nresponses:\n  intents:\n    HassNevermind:\n      default: ""\n',
};

/** An in-memory repository. */
function createMemoryRepo(files: Record<string, string>): RepoFiles {
  return {
    readText: (path) => files[path],
    listDir: (folder) => [
      ...new Set(
        Object.keys(files)
          .filter((path) => path.startsWith(`${folder}/`))
          .map((path) => path.slice(folder.length + 1).split('/')[0]!),
      ),
    ],
  };
}

const repo = (overrides: Record<string, string> = {}) => createMemoryRepo({ ...BASE, ...overrides });
const dataOf = (document: Record<string, unknown>, intent: string) =>
  (document.intents as Record<string, { data: Record<string, unknown>[] }>)[intent]!.data;

describe('buildIntentsRepoDocument', () => {
  const { document, blockSources } = buildIntentsRepoDocument(repo(), 'en');

  it('translates name_domains (a group name or a list) into required context', () => {
    const [group, list] = dataOf(document, 'HassTurnOn');
    assert.deepEqual(group!.requires_context, { domain: ['light', 'switch'] });
    assert.deepEqual(list!.requires_context, { domain: ['light'] });
    assert.deepEqual(group!.slots, {});
  });

  it('drops speech-to-phrase blocks only when the file has untagged ones (yes is YAML 1.1 true)', () => {
    const blocks = dataOf(document, 'HassTurnOn');
    assert.deepEqual(
      blocks.map((block) => block.sentences),
      [['turn on {name}'], ['light up {name}'], ['turn on the lights']],
    );
  });

  it('turns inferred_domain into a slot and context_area into a required area slot', () => {
    const block = dataOf(document, 'HassTurnOn')[2]!;
    assert.deepEqual(block.slots, { domain: 'light' });
    assert.deepEqual(block.requires_context, { area: { slot: true } });
  });

  it('adds the slot combination and all its templates to each block, as the test harness does', () => {
    const block = dataOf(document, 'HassTurnOn')[1]!;
    assert.deepEqual(block.metadata, {
      slot_combination: 'name_only',
      sentence_templates: ['turn on {name}', 'light up {name}'],
    });
    assert.equal(block.response, 'light');
    assert.deepEqual(
      blockSources.get('HassTurnOn')!.map((source) => source.slotCombination),
      ['name_only', 'name_only', 'domain_only'],
    );
  });

  it('follows intents.yaml: combinations without a file and files without a combination are left out', () => {
    assert.deepEqual(Object.keys(document.intents as object), ['HassTurnOn', 'HassNevermind']);
    assert.deepEqual(
      dataOf(document, 'HassNevermind').map((block) => block.sentences),
      [['never mind']],
    );
  });

  it('reads lists (language files last), rules, _common.yaml and responses', () => {
    assert.deepEqual((document.lists as Record<string, unknown>).zone, { wildcard: true });
    assert.deepEqual(document.expansion_rules, { the: '(the|my)', turn: '(turn|switch)' });
    assert.deepEqual(document.skip_words, ['please']);
    assert.deepEqual(document.settings, { filter_with_regex: false });
    assert.deepEqual(document.responses, {
      errors: { no_intent: 'Sorry' },
      intents: { HassNevermind: { default: '' }, HassTurnOn: { default: 'Turned on', light: 'Lit' } },
    });
  });
});

describe('loadSlotCombinations', () => {
  it('collects name and inferred domains of every importance', () => {
    const combos = loadSlotCombinations(repo()).get('HassTurnOn')!;
    assert.deepEqual(
      combos.map((combo) => combo.name),
      ['name_only', 'domain_only', 'area_only'],
    );
    assert.deepEqual([...combos[0]!.nameDomains], ['light', 'switch', 'fan']);
    assert.deepEqual([...combos[1]!.inferredDomains], ['light', 'fan']);
    assert.equal(combos[1]!.contextArea, true);
    assert.equal(combos[2]!.nameDomains.size, 0);
  });
});

describe('loadIntentsRepo', () => {
  it('compiles a grammar that recognizes with the translated context', () => {
    const intents = loadIntentsRepo(repo(), 'en');
    assert.equal(intents.settings.filterWithRegex, false);
    const slotLists = { name: textSlotListFromStrings('name', ['Lamp']) };
    const lights = recognize('turn on the lights', intents, { slotLists, intentContext: { area: 'Kitchen' } });
    assert.equal(lights?.intent.name, 'HassTurnOn');
    assert.deepEqual(
      Object.fromEntries(Object.entries(lights!.entities).map(([name, entity]) => [name, entity.value])),
      { domain: 'light', area: 'Kitchen' },
    );
    assert.equal(recognize('turn on the lights', intents, { slotLists }), undefined);
  });

  const rejects = (overrides: Record<string, string>, pattern: RegExp, location: Record<string, unknown>) => {
    let caught: HassilError | undefined;
    assert.throws(
      () => loadIntentsRepo(repo(overrides), 'en'),
      (error: unknown) => {
        assert.ok(error instanceof HassilError, String(error));
        assert.match(error.message, pattern);
        for (const [key, value] of Object.entries(location))
          assert.equal(error.location[key as keyof typeof error.location], value, key);
        caught = error;
        return true;
      },
    );
    return caught!;
  };

  it('names the file and line of a YAML syntax error', () => {
    const error = rejects({ 'rules/en/more.yaml': 'expansion_rules:\n  turn: "(turn\n  bad: [' }, /invalid YAML/, {
      file: 'rules/en/more.yaml',
    });
    assert.equal(typeof error.location.line, 'number');
    assert.match(error.message, /file rules\/en\/more\.yaml, line \d+/);
  });

  it('names the file and key of a structure error', () => {
    rejects(
      { 'sentences/en/HassNevermind/default.yaml': 'data:\n  - sentences: "never mind"\n' },
      /data\.0\.sentences/,
      { file: 'sentences/en/HassNevermind/default.yaml' },
    );
    rejects({ 'responses/en/HassTurnOn.yaml': 'responses: {}\n' }, /responses\.intents/, {
      file: 'responses/en/HassTurnOn.yaml',
    });
  });

  it('names the file, line, intent and template of a broken template', () => {
    rejects(
      { 'sentences/en/HassNevermind/default.yaml': 'language: en\ndata:\n  - sentences:\n      - "never (mind"\n' },
      /never closed/,
      { file: 'sentences/en/HassNevermind/default.yaml', line: 4, intent: 'HassNevermind', template: 'never (mind' },
    );
    rejects({ 'rules/en/more.yaml': 'expansion_rules:\n  turn: "(turn|switch"\n' }, /never closed/, {
      file: 'rules/en/more.yaml',
      line: 2,
    });
  });

  it('names the file of an unknown name_domains group', () => {
    const file = 'sentences/en/HassTurnOn/name_only.yaml';
    rejects({ [file]: 'data:\n  - sentences: ["x {name}"]\n    name_domains: nope\n' }, /group 'nope'/, {
      file,
      intent: 'HassTurnOn',
    });
  });

  it('says when intents.yaml is missing', () => {
    rejects({ 'intents.yaml': undefined as unknown as string }, /missing/, { file: 'intents.yaml' });
  });
});

describe('mergeDict', () => {
  it('merges dicts recursively, extends lists and overwrites scalars', () => {
    const target = { a: { b: [1], c: 'x' }, d: 1 };
    mergeDict(target, { a: { b: [2], c: 'y', e: true }, d: 2, f: null });
    assert.deepEqual(target, { a: { b: [1, 2], c: 'y', e: true }, d: 2, f: null });
  });

  it('refuses to merge a dict with a list', () => {
    assert.throws(
      () => mergeDict({ a: { b: 1 } }, { a: [1] }),
      (error: unknown) => error instanceof HassilError && /a\b/.test(error.message),
    );
  });
});
