// Comparing one sentence's result with its test file's expectations and with Python hassil's reference output.

import type { MatchEntity, RecognizeResult } from '../../../src/hassil/index.ts';
import type { SlotCombination } from '../../../src/hassil/grammar/intents-repo.ts';
import { PyFloat, pyEquals, pyRepr } from '../../../src/hassil/jinja/values.ts';
import type { ReferenceEntity, ReferenceRow } from './reference.ts';

/** What a sentence is checked against. */
export interface SentenceCase {
  combo: SlotCombination;
  sentence: string;
  contextArea: string;
  /** The test group's `slots`, with `domain` set to the inferred domains as the harness does. */
  expectedSlots: Record<string, unknown>;
  expectedResponse: string;
  domainsByName: ReadonlyMap<string, ReadonlySet<string>>;
}

const show = (value: unknown): string => {
  if (value instanceof Set) return show([...value]);
  try {
    return pyRepr(value);
  } catch {
    return String(value);
  }
};

/** The reasons the result fails the test file's expectations (the asserts of `do_test_slot_combination`). */
export function checkExpectations(
  c: SentenceCase,
  result: RecognizeResult | undefined,
  response: string | undefined,
): string[] {
  if (result === undefined) return ['not recognized'];
  const reasons: string[] = [];
  const combo = result.intentMetadata?.slot_combination;
  if (result.intent.name !== c.combo.intent || combo !== c.combo.name) {
    return [
      `expected ${c.combo.intent}/${c.combo.name}, got ${result.intent.name}/${String(combo)} (template "${result.intentSentence.text}")`,
    ];
  }
  if (response !== c.expectedResponse)
    reasons.push(`response: expected ${show(c.expectedResponse)}, got ${show(response)}`);
  const actual = new Map(Object.entries(result.entities).map(([name, entity]) => [name, entity.value]));
  if (c.combo.contextArea) {
    const area = actual.get('area');
    actual.delete('area');
    if (area !== c.contextArea) reasons.push(`context area: expected ${show(c.contextArea)}, got ${show(area)}`);
  }
  reasons.push(...checkDomains(c, actual));
  const expectedNames = Object.keys(c.expectedSlots).sort();
  const actualNames = [...actual.keys()].sort();
  if (expectedNames.join() !== actualNames.join())
    reasons.push(`slot names: expected [${expectedNames.join(', ')}], got [${actualNames.join(', ')}]`);
  for (const [name, value] of actual) {
    if (name in c.expectedSlots && !slotValueMatches(value, c.expectedSlots[name]))
      reasons.push(`slot ${name}: expected ${show(c.expectedSlots[name])}, got ${show(value)}`);
  }
  return reasons;
}

function checkDomains(c: SentenceCase, actual: ReadonlyMap<string, unknown>): string[] {
  if (c.combo.nameDomains.size > 0) {
    const name = actual.get('name');
    const domains = typeof name === 'string' ? c.domainsByName.get(name) : undefined;
    if (domains === undefined) return [`name ${show(name)} is not a test entity`];
    const outside = [...domains].filter((domain) => !c.combo.nameDomains.has(domain));
    return outside.length > 0
      ? [`name ${show(name)} has domain ${outside.join(', ')}, not one of the combination's name_domains`]
      : [];
  }
  if (c.combo.inferredDomains.size > 0 && !c.combo.inferredDomains.has(actual.get('domain') as string)) {
    return [`domain ${show(actual.get('domain'))} is not one of the inferred domains`];
  }
  return [];
}

/** The harness's value rule: equal, a member of an expected list, or a subset of it. */
function slotValueMatches(actual: unknown, expected: unknown): boolean {
  const expectedList = expected instanceof Set ? [...expected] : Array.isArray(expected) ? expected : undefined;
  if (Array.isArray(actual)) {
    return expectedList === undefined
      ? actual.some((item) => pyEquals(item, expected))
      : actual.every((item) => expectedList.some((e) => pyEquals(item, e)));
  }
  return expectedList === undefined ? pyEquals(actual, expected) : expectedList.some((e) => pyEquals(actual, e));
}

/** The fields where our result differs from Python hassil's (empty when they agree). */
export function compareWithReference(
  row: ReferenceRow,
  result: RecognizeResult | undefined,
  response: string | undefined,
  contextArea: string,
): string[] {
  const ref = row.result;
  if (result === undefined)
    return [`reference matched ${ref.intent}/${ref.slot_combination} with template "${ref.template}"`];
  const reasons: string[] = [];
  const differ = (field: string, expected: unknown, actual: unknown) => {
    if (stableJson(expected) !== stableJson(actual))
      reasons.push(`${field}: Python ${show(expected)}, ours ${show(actual)}`);
  };
  if (row.context_area !== contextArea) differ('context area', row.context_area, contextArea);
  differ(
    'intent',
    `${ref.intent}/${ref.slot_combination}`,
    `${result.intent.name}/${String(result.intentMetadata?.slot_combination)}`,
  );
  differ('template', ref.template, result.intentSentence.text);
  differ('response key', ref.response_key, result.response);
  const ours = result.entitiesList.map(entityView);
  const theirs = ref.entities.map(referenceView);
  if (stableJson(theirs) !== stableJson(ours))
    reasons.push(
      `entities: Python ${theirs.map(describeEntity).join(', ')}; ours ${ours.map(describeEntity).join(', ')}`,
    );
  differ('context', ref.context, result.context);
  differ('text_chunks_matched', ref.text_chunks_matched, result.textChunksMatched);
  differ('rendered response', ref.rendered_response, response);
  return reasons;
}

interface EntityView {
  name: string;
  value: unknown;
  isFloat: boolean;
  text: string;
  isWildcard: boolean;
}

function entityView(entity: MatchEntity): EntityView {
  const value = entity.value;
  const isFloat = typeof value === 'number' && (entity.isFromDigits === true || !Number.isInteger(value));
  return { name: entity.name, value, isFloat, text: entity.text.trim(), isWildcard: entity.isWildcard };
}

function referenceView(entity: ReferenceEntity): EntityView {
  return {
    name: entity.name,
    value: entity.value,
    isFloat: entity.isFloat,
    text: entity.text.trim(),
    isWildcard: entity.is_wildcard,
  };
}

function describeEntity(e: EntityView): string {
  const value = e.isFloat && typeof e.value === 'number' ? show(new PyFloat(e.value)) : show(e.value);
  return `${e.name}=${value} (text ${show(e.text)}${e.isWildcard ? ', wildcard' : ''})`;
}

/** JSON with sorted keys, so key order does not count as a difference. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof PyFloat) return inner.value;
    if (inner === undefined) return null;
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}
