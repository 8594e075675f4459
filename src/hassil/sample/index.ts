// The sampler: sentences generated from templates (hassil's `sample`), bounded, lazy and deterministic.

import type { BlockContextRules } from '../context.ts';
import { HassilError } from '../errors.ts';
import type { Expression, ListReference, Sentence } from '../expression.ts';
import type { Intents } from '../grammar/intents-model.ts';
import { combine, interleave, permutationsOf, type TextSource } from './combine.ts';
import { DEFAULT_WILDCARD_TEXT, rangeTexts, usableValues } from './lists.ts';
import { checkReferences, type References } from './references.ts';
import { inlineRangeList, type IntentContext, type SlotList } from '../grammar/slot-lists.ts';
import { mergeMaps, toMap, type ByName } from '../name-tables.ts';

/** Sentences per template (or per `sampleExpression` call) when the caller sets no bound. */
export const DEFAULT_MAX_SENTENCES = 20;

/** What `sampleExpression` samples with. */
export interface SampleContext {
  /** Every list the expression may reference (for a grammar: its lists, the caller's, the block's). */
  readonly slotLists?: ByName<SlotList>;
  readonly expansionRules?: ByName<Sentence>;
  /** The text put in for a wildcard list, by list name; others get `DEFAULT_WILDCARD_TEXT`. */
  readonly wildcardTexts?: Readonly<Record<string, string>>;
  /** The language of number words, used only for ranges that do not allow digits. */
  readonly language?: string;
  /** A block's `requires_context`: list values whose context contradicts it are left out, as the matcher does. */
  readonly requiresContext?: IntentContext;
  /** A block's `excludes_context`: list values whose context hits it are left out. */
  readonly excludesContext?: IntentContext;
  /** At most this many sentences (default `DEFAULT_MAX_SENTENCES`; `Infinity` for all of them). */
  readonly maxSentences?: number;
}

/** Options of `sampleIntents`. */
export interface SampleIntentsOptions {
  /** Lists added for sampling (HA's `name`, `area`, `floor`); they override the grammar's, blocks' lists override them. */
  readonly slotLists?: ByName<SlotList>;
  readonly expansionRules?: ByName<Sentence>;
  /** The text put in for a wildcard list, by list name. */
  readonly wildcardTexts?: Readonly<Record<string, string>>;
  /** Sentences per template (default `DEFAULT_MAX_SENTENCES`). */
  readonly maxPerTemplate?: number;
  /** Only these intents; all when absent. */
  readonly intentNames?: Iterable<string>;
}

/** One generated sentence and where it came from. */
export interface SampledSentence {
  readonly intent: string;
  /** The template as written. */
  readonly template: string;
  readonly sentence: string;
}

/** The sampler's fixed surroundings: lists and rules in force, wildcard texts, the value filter. */
interface Sampler extends References, BlockContextRules {
  readonly wildcardTexts: Readonly<Record<string, string>>;
  readonly language: string | undefined;
}

/**
 * Distinct sentences `expression` can produce: alternatives and list values in order (round robin, the
 * optional's empty option included), parts combined early texts first, permutations in every order,
 * rules expanded. Whitespace is normalised. A missing rule or list throws at once (`MISSING_RULE`,
 * `MISSING_LIST`), as does a rule that expands into itself (`RULE_CYCLE`); sentences are made lazily.
 */
export function sampleExpression(expression: Expression, context: SampleContext = {}): Iterable<string> {
  const sampler: Sampler = {
    lists: toMap(context.slotLists),
    rules: toMap(context.expansionRules),
    wildcardTexts: context.wildcardTexts ?? {},
    language: context.language,
    requiresContext: context.requiresContext,
    excludesContext: context.excludesContext,
  };
  checkReferences(expression, sampler);
  return distinctSentences(sampleNode(sampler, expression), context.maxSentences ?? DEFAULT_MAX_SENTENCES);
}

/**
 * Sentences for every template of every intent, in grammar order, at most `maxPerTemplate` per template.
 * Each template is sampled with the lists and rules its block would be matched with, and list values
 * are filtered by the block's context. Errors name the intent and the template.
 */
export function* sampleIntents(intents: Intents, options: SampleIntentsOptions = {}): Generator<SampledSentence> {
  const only = options.intentNames === undefined ? undefined : new Set(options.intentNames);
  const lists = mergeMaps(intents.slotLists, toMap(options.slotLists));
  const rules = mergeMaps(intents.expansionRules, toMap(options.expansionRules));
  for (const intent of intents.intents.values()) {
    if (only !== undefined && !only.has(intent.name)) continue;
    for (const block of intent.data) {
      const context: SampleContext = {
        slotLists: mergeMaps(lists, block.slotLists),
        expansionRules: mergeMaps(rules, block.expansionRules),
        wildcardTexts: options.wildcardTexts ?? {},
        language: intents.language,
        requiresContext: block.requiresContext,
        excludesContext: block.excludesContext,
        maxSentences: options.maxPerTemplate ?? DEFAULT_MAX_SENTENCES,
      };
      for (const { expression, text: template } of block.sentences) {
        let sentences: Iterable<string>;
        try {
          sentences = sampleExpression(expression, context);
        } catch (error) {
          throw error instanceof HassilError ? error.at({ intent: intent.name, template }) : error;
        }
        for (const sentence of sentences) yield { intent: intent.name, template, sentence };
      }
    }
  }
}

/** The texts of one expression (whitespace not yet normalised, duplicates possible). */
function sampleNode(sampler: Sampler, expression: Expression): Iterable<string> {
  switch (expression.kind) {
    case 'text':
      return [expression.text];
    case 'sequence':
      return expression.items.length === 1
        ? sampleNode(sampler, expression.items[0]!)
        : combine(sourcesOf(sampler, expression.items));
    case 'alternative':
      return interleave(sourcesOf(sampler, expression.items));
    case 'permutation':
      // Each order is one option; its items keep the spaces the parser padded them with.
      return interleave(
        mapLazily(permutationsOf(expression.items), (order) => () => combine(sourcesOf(sampler, order))),
      );
    case 'list':
      return sampleList(sampler, expression);
    case 'rule':
      // checkReferences has made sure the rule exists and does not expand into itself.
      return sampleNode(sampler, sampler.rules.get(expression.ruleName)!.expression);
  }
}

/** The texts of a list reference: a text list's usable values, a range's numbers, a wildcard's placeholder. */
function sampleList(sampler: Sampler, ref: ListReference): Iterable<string> {
  const list = sampler.lists.get(ref.listName);
  if (list === undefined) {
    // checkReferences has made sure this is an inline range `{1..10:slot}`.
    return rangeTexts(inlineRangeList(ref.listName, ref.inlineRange!), sampler.language);
  }
  switch (list.kind) {
    case 'text':
      return interleave(usableValues(list, sampler).map((value) => () => sampleNode(sampler, value.textIn)));
    case 'range':
      return rangeTexts(list, sampler.language);
    case 'wildcard':
      return [sampler.wildcardTexts[ref.listName] ?? DEFAULT_WILDCARD_TEXT];
  }
}

function sourcesOf(sampler: Sampler, items: readonly Expression[]): TextSource[] {
  return items.map((item) => () => sampleNode(sampler, item));
}

/** Normalised (single spaces, trimmed), without repeats, at most `max`. */
function* distinctSentences(texts: Iterable<string>, max: number): Generator<string> {
  if (max <= 0) return;
  const seen = new Set<string>();
  for (const text of texts) {
    const sentence = text.replace(/\s+/gu, ' ').trim();
    if (seen.has(sentence)) continue;
    seen.add(sentence);
    yield sentence;
    if (seen.size >= max) return;
  }
}

function* mapLazily<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}
