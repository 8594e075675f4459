// Candidate sentences for skeleton repair: the grammar's templates, pruned to what the input could mean, then sampled.

import {
  createTextSlotList,
  HassilError,
  mergeMaps,
  sampleExpression,
  type Expression,
  type IntentData,
  type Intents,
  type SlotList,
} from '../../../hassil/index.ts';
import { allowedOptions, costOf, createInputWords, expandRule, lengthOf, type CostScope } from './template-cost.ts';

/** What sampling works with. */
export interface SamplingInput {
  readonly intents: Intents;
  /** Every list to sample with (the grammar's and the caller's, targets and ranges narrowed to the input). */
  readonly slotLists: ReadonlyMap<string, SlotList>;
  /** Lists whose values are target names. */
  readonly targetLists: readonly string[];
  /** The input frame's words, target placeholders excluded. */
  readonly inputWords: readonly string[];
  /** The input frame's length (a target name is one word). */
  readonly frameLength: number;
  /** The grammar's skip words, as folded word lists. */
  readonly skipPhrases: readonly (readonly string[])[];
  /** The most word edits a candidate may need. */
  readonly maxEdits: number;
  readonly maxPerTemplate: number;
  readonly maxSampled: number;
}

/** One candidate sentence and the intent whose template produced it. */
export interface CandidateSentence {
  readonly intent: string;
  readonly sentence: string;
}

/** The sampled candidates; `isTruncated` when a bound cut the set short, so it cannot be trusted to be complete. */
export interface SampledCandidates {
  readonly sentences: readonly CandidateSentence[];
  readonly isTruncated: boolean;
}

/** A cost scope with the pruned expressions of its templates, and what the sampler needs. */
interface BlockScope extends CostScope {
  readonly pruned: Map<Expression, Map<number, Expression>>;
  readonly language: string;
  /** Sentences asked of the sampler per template: one more than allowed tells that the bound was hit. */
  readonly sampleLimit: number;
}

// A template that references a list or rule nobody defined cannot match either; it is skipped, not fatal.
const UNSAMPLEABLE: ReadonlySet<string> = new Set(['MISSING_LIST', 'MISSING_RULE', 'RULE_CYCLE']);

/**
 * Sentences of every template that could be within `maxEdits` word edits of the input. A template is
 * sampled only when its cheapest sentence lacks no more input words than that and its length fits;
 * its alternatives and lists keep only the options `allowedOptions` allows within the edits the rest of
 * the template leaves. "<turn> off [<the>] {name}" for "turn of the kitchen light" then yields
 * "turn off the …" and "turn off …", not every phrasing of the grammar. Sampling stops at a bound.
 */
export function sampleNearSentences(input: SamplingInput): SampledCandidates {
  const grammarScope = createScope(input, input.intents.expansionRules, input.slotLists);
  const lists = narrowTextLists(input.slotLists, grammarScope, input);
  const sharedScope = { ...grammarScope, lists };
  const sentences: CandidateSentence[] = [];
  const seen = new Set<string>();
  for (const intent of input.intents.intents.values()) {
    for (const block of intent.data) {
      const scope =
        block.expansionRules.size === 0 && block.slotLists.size === 0 ? sharedScope : blockScope(input, block, lists);
      for (const template of block.sentences) {
        if (!isWithinReach(template.expression, scope, input)) continue;
        const pruned = prune(template.expression, input.maxEdits, scope);
        if (!isWithinReach(pruned, scope, input)) continue;
        const sampled = sampleTemplate(pruned, block, scope);
        if (sampled.length > input.maxPerTemplate) return { sentences, isTruncated: true };
        for (const sentence of sampled) {
          const key = `${intent.name}\n${sentence}`;
          if (seen.has(key)) continue;
          seen.add(key);
          sentences.push({ intent: intent.name, sentence });
          if (sentences.length > input.maxSampled) return { sentences, isTruncated: true };
        }
      }
    }
  }
  return { sentences, isTruncated: false };
}

function createScope(input: SamplingInput, rules: CostScope['rules'], lists: CostScope['lists']): BlockScope {
  return {
    rules,
    lists,
    targetLists: input.targetLists,
    skipWords: new Set(input.skipPhrases.filter((phrase) => phrase.length === 1).flat()),
    skipPhraseWords: new Set(input.skipPhrases.filter((phrase) => phrase.length > 1).flat()),
    cap: input.maxEdits + 1,
    inputWords: createInputWords(input.inputWords),
    costs: new Map(),
    lengths: new Map(),
    expanding: new Set(),
    pruned: new Map(),
    language: input.intents.language,
    sampleLimit: input.maxPerTemplate + 1,
  };
}

/** Block-local rules and lists change what shared expressions cost, so such blocks get their own scope. */
function blockScope(input: SamplingInput, block: IntentData, lists: ReadonlyMap<string, SlotList>): BlockScope {
  return createScope(
    input,
    mergeMaps(input.intents.expansionRules, block.expansionRules),
    mergeMaps(lists, block.slotLists),
  );
}

/**
 * Whether a template can have a sentence within the edits: every word it adds must be one letter edit
 * from an input word (a sentence that needs an unrelated word is no small slip), and each added word
 * costs an edit, as does each input word beyond the template's longest sentence.
 */
function isWithinReach(expression: Expression, scope: BlockScope, input: SamplingInput): boolean {
  const cost = costOf(expression, scope);
  if (cost.far > 0 || cost.missing > input.maxEdits) return false;
  const length = lengthOf(expression, scope);
  return (
    length.min <= input.frameLength + input.maxEdits &&
    cost.missing + Math.max(0, input.frameLength - length.max) <= input.maxEdits
  );
}

/** Text lists other than targets keep only the values `allowedOptions` allows (their order and contexts kept). */
function narrowTextLists(
  lists: ReadonlyMap<string, SlotList>,
  scope: BlockScope,
  input: SamplingInput,
): Map<string, SlotList> {
  const narrowed = new Map(lists);
  for (const [name, list] of lists) {
    if (list.kind !== 'text' || input.targetLists.includes(name) || list.values.length < 2) continue;
    const allowed = new Set(
      allowedOptions(
        list.values.map((value) => value.textIn),
        scope,
        input.maxEdits,
      ),
    );
    narrowed.set(
      name,
      createTextSlotList(
        name,
        list.values.filter((value) => allowed.has(value.textIn)),
      ),
    );
  }
  return narrowed;
}

/** The sentences of a pruned template, at most `sampleLimit`. */
function sampleTemplate(expression: Expression, block: IntentData, scope: BlockScope): string[] {
  try {
    return [
      ...sampleExpression(expression, {
        slotLists: scope.lists,
        expansionRules: scope.rules,
        language: scope.language,
        requiresContext: block.requiresContext,
        excludesContext: block.excludesContext,
        maxSentences: scope.sampleLimit,
      }),
    ];
  } catch (error) {
    if (error instanceof HassilError && UNSAMPLEABLE.has(error.code)) return [];
    throw error;
  }
}

/** `expression` with only the options allowed within `budget` (given the rest), rules expanded in place. */
function prune(expression: Expression, budget: number, scope: BlockScope): Expression {
  const byBudget = scope.pruned.get(expression) ?? new Map<number, Expression>();
  scope.pruned.set(expression, byBudget);
  let pruned = byBudget.get(budget);
  if (pruned === undefined) {
    pruned = pruneUncached(expression, budget, scope);
    byBudget.set(budget, pruned);
  }
  return pruned;
}

function pruneUncached(expression: Expression, budget: number, scope: BlockScope): Expression {
  switch (expression.kind) {
    case 'text':
    case 'list':
      return expression;
    case 'sequence':
    case 'permutation': {
      // Each item may spend what the other items leave at their cheapest.
      const total = costOf(expression, scope).missing;
      const items = expression.items.map((item) =>
        item.kind === 'text' ? item : prune(item, budget - (total - costOf(item, scope).missing), scope),
      );
      return { kind: expression.kind, items };
    }
    case 'alternative': {
      const items = allowedOptions(expression.items, scope, budget).map((item) => prune(item, budget, scope));
      return { kind: 'alternative', items, isOptional: expression.isOptional };
    }
    case 'rule':
      // A missing or cyclic rule stays a reference: the sampler then reports it and the template is skipped.
      return expandRule(scope, expression.ruleName, (body) =>
        body === undefined ? expression : prune(body, budget, scope),
      );
  }
}
