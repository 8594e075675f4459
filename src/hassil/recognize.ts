// The engine's entry: recognise a sentence against a grammar, yielding every result in hassil's order.

import type { Sentence } from './expression.ts';
import type { Intent, IntentData, Intents, PossibleBlock } from './grammar/intents-model.ts';
import { createInput, type MatchInput } from './match/input.ts';
import { finishMatch } from './match/finish.ts';
import { createMatcher } from './match/match-expression.ts';
import type { MatchState } from './match/state.ts';
import { checkExcludedContext, checkRequiredContext, hasEntries } from './context.ts';
import { foldCase } from './text/case-fold.ts';
import { normalizeText, removePunctuation, type SkipWords } from './text/normalize.ts';
import type { RecognizeOptions, RecognizeResult } from './result.ts';
import type { SlotList } from './grammar/slot-lists.ts';
import { overlay, type Lookup } from './name-tables.ts';

/** Every result, in hassil's yield order: intents, blocks, sentences, texts, then branch order. */
export function recognizeAll(text: string, intents: Intents, options: RecognizeOptions = {}): RecognizeResult[] {
  const results: RecognizeResult[] = [];
  forEachResult(text, intents, options, (result) => {
    results.push(result);
    return true;
  });
  return results;
}

/** The first result in yield order, or undefined. */
export function recognize(text: string, intents: Intents, options: RecognizeOptions = {}): RecognizeResult | undefined {
  let first: RecognizeResult | undefined;
  forEachResult(text, intents, options, (result) => {
    first = result;
    return false;
  });
  return first;
}

/** A block that may match, with what it matches against. */
interface Candidate {
  intent: Intent;
  block: IntentData;
  lists: Lookup<SlotList>;
  rules: Lookup<Sentence>;
  /** The sentences that passed the prefilter; undefined means all of them. */
  sentences?: readonly Sentence[];
}

/** The input prepared once for every sentence. */
interface Prepared {
  /** Punctuation removed and normalised, skip words kept. */
  text: string;
  /** The same with skip words removed anywhere. */
  withoutSkipWords: string;
  skipWords: SkipWords;
  /** The blocks and templates whose required words occur in the text; undefined when the index does not apply. */
  possible: readonly PossibleBlock[] | undefined;
}

class StopMatching extends Error {}

/** Calls `onResult` for each result until it returns false. */
export function forEachResult(
  text: string,
  intents: Intents,
  options: RecognizeOptions,
  onResult: (result: RecognizeResult) => boolean,
): void {
  const prepared = prepare(text, intents, options);
  const candidates = prefilter(selectBlocks(intents, options, prepared), intents, prepared);
  const inputs = new Map<string, MatchInput>();
  const inputFor = (variant: string) => {
    let input = inputs.get(variant);
    if (input === undefined) {
      // One space more: an artificial word boundary at the end.
      input = createInput(intents.settings.ignoreWhitespace ? variant.replace(/\s+/gu, '') : `${variant} `);
      inputs.set(variant, input);
    }
    return input;
  };
  try {
    for (const candidate of candidates) {
      for (const sentence of candidate.sentences ?? candidate.block.sentences) {
        for (const variant of textsFor(sentence, candidate.lists, prepared)) {
          matchSentence({ intents, options, candidate, sentence, input: inputFor(variant) }, onResult);
        }
      }
    }
  } catch (error) {
    if (!(error instanceof StopMatching)) throw error;
  }
}

function prepare(text: string, intents: Intents, options: RecognizeOptions): Prepared {
  const normalized = normalizeText(removePunctuation(text)).trim();
  const skipWords = intents.cache.skipWords([...(options.skipWords ?? []), ...intents.skipWords]);
  return {
    text: normalized,
    withoutSkipWords: skipWords.remove(normalized, 'anywhere'),
    skipWords,
    possible: possibleBlocks(normalized, intents, options),
  };
}

/**
 * The templates that could match at all: their required words occur, and each list they require has a
 * value in the text. Undefined when the index does not apply (the caller's own rules could change what a
 * template needs; whitespace-free languages break the substring reasoning).
 */
function possibleBlocks(
  normalized: string,
  intents: Intents,
  options: RecognizeOptions,
): readonly PossibleBlock[] | undefined {
  const hasOwnRules =
    options.expansionRules !== undefined &&
    (options.expansionRules instanceof Map
      ? options.expansionRules.size > 0
      : Object.keys(options.expansionRules).length > 0);
  if (hasOwnRules || intents.settings.ignoreWhitespace) return undefined;
  const folded = foldCase(normalized);
  const broken = folded.replace(/[-_]/g, ' ');
  const texts = broken === folded ? [folded] : [folded, broken];
  const lists = overlay(intents.slotLists, options.slotLists);
  const listOccurs = (name: string) => {
    const list = lists.get(name);
    // Only a text list of plain values can be ruled out; a missing list must still raise its error.
    return list?.kind !== 'text' || list.index === undefined || list.index.occursIn(texts);
  };
  return intents.cache.possibleBlocks(intents, texts, listOccurs);
}

/** Blocks in order, minus those whose keywords or context cannot match (hassil's block selection). */
function selectBlocks(intents: Intents, options: RecognizeOptions, prepared: Prepared): Candidate[] {
  const lists = overlay(intents.slotLists, options.slotLists);
  const rules = overlay(intents.expansionRules, options.expansionRules);
  const context = options.intentContext ?? {};
  const hasContext = hasEntries(context);
  let words: Set<string> | undefined;
  const candidates: Candidate[] = [];
  const consider = (intent: Intent, block: IntentData, sentences: readonly Sentence[] | undefined) => {
    if (block.requiredKeywords !== undefined) {
      // Only a block with keywords needs the words of the text.
      words ??= new Set(prepared.withoutSkipWords.split(/\s+/u));
      const has = words;
      if (![...block.requiredKeywords].some((word) => has.has(word))) return;
    }
    if (hasContext) {
      if (hasEntries(block.requiresContext) && !checkRequiredContext(block.requiresContext, context, true)) return;
      if (hasEntries(block.excludesContext) && !checkExcludedContext(block.excludesContext, context)) return;
    }
    const candidate: Candidate = {
      intent,
      block,
      lists: block.slotLists.size === 0 ? lists : overlay(lists, block.slotLists),
      rules: block.expansionRules.size === 0 ? rules : overlay(rules, block.expansionRules),
    };
    if (sentences !== undefined) candidate.sentences = sentences;
    candidates.push(candidate);
  };
  if (prepared.possible !== undefined) {
    for (const { intent, block, sentences } of prepared.possible) consider(intent, block, sentences);
  } else {
    for (const intent of intents.intents.values()) for (const block of intent.data) consider(intent, block, undefined);
  }
  return candidates;
}

/**
 * Keeps the blocks with a sentence whose pattern fits the text; if none fits, every block is tried
 * (hassil's prefilter). Templates whose required words are missing were left out before: neither their
 * pattern nor the matcher could accept the text, so the outcome is the same, only faster.
 */
function prefilter(candidates: Candidate[], intents: Intents, prepared: Prepared): Candidate[] {
  if (!intents.settings.filterWithRegex) return candidates;
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    if (!candidate.block.filterWithRegex) {
      kept.push(candidate);
      continue;
    }
    const sentences = (candidate.sentences ?? candidate.block.sentences).filter((sentence) =>
      intents.cache.pattern(sentence, candidate.rules, candidate.intent.name).test(prepared.withoutSkipWords),
    );
    if (sentences.length > 0) kept.push({ ...candidate, sentences });
  }
  return kept.length > 0 ? kept : candidates;
}

/**
 * The texts a sentence is matched against: skip words stay next to a wildcard at the start or end;
 * otherwise the text with skip words first, then without (hassil 3.7+).
 */
function textsFor(sentence: Sentence, lists: Lookup<SlotList>, prepared: Prepared): string[] {
  const isWildcard = (expression: Sentence['expression'] | undefined) =>
    expression?.kind === 'list' && lists.get(expression.listName)?.kind === 'wildcard';
  const expression = sentence.expression;
  if (isWildcard(expression)) return [prepared.text];
  const items = expression.kind === 'sequence' ? expression.items : [];
  if (isWildcard(items[0])) return [prepared.skipWords.remove(prepared.text, 'end')];
  if (isWildcard(items[items.length - 1])) return [prepared.skipWords.remove(prepared.text, 'start')];
  return prepared.withoutSkipWords === prepared.text ? [prepared.text] : [prepared.text, prepared.withoutSkipWords];
}

interface SentenceRun {
  intents: Intents;
  options: RecognizeOptions;
  candidate: Candidate;
  sentence: Sentence;
  input: MatchInput;
}

function matchSentence(run: SentenceRun, onResult: (result: RecognizeResult) => boolean): void {
  const { intents, options, candidate, sentence, input } = run;
  const language = options.language ?? intents.language;
  const m = createMatcher({
    input,
    lists: candidate.lists,
    rules: candidate.rules,
    ignoreWhitespace: intents.settings.ignoreWhitespace,
    language,
    block: candidate.block,
    numberWords: (list) => intents.cache.numberWords(list, list.wordsLanguage ?? language),
    where: { intent: candidate.intent.name, template: sentence.text },
  });
  const start: MatchState = {
    pos: 0,
    isBroken: false,
    isStartOfWord: true,
    entities: null,
    captures: null,
    context: options.intentContext ?? {},
    textChunksMatched: 0,
  };
  const origin = {
    intent: candidate.intent,
    block: candidate.block,
    sentence,
    defaultResponse: options.defaultResponse ?? 'default',
  };
  m.match(sentence.expression, start, (state) => {
    const result = finishMatch(m, origin, state);
    if (result !== undefined && !onResult(result)) throw new StopMatching();
  });
}
