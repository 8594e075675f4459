// The grammar data model: intents, their sentence blocks, responses, and the compiled parts a grammar keeps.

import type { Sentence } from '../expression.ts';
import type { Lookup } from '../name-tables.ts';
import type { SkipWords } from '../text/normalize.ts';
import type { IntentContext, RangeSlotList, SlotList } from './slot-lists.ts';
import type { Trie } from '../speedup/trie.ts';
import type { TemplatePattern } from '../speedup/prefilter.ts';

/** A block that may match a text, with those of its templates that may (in block order); every other cannot. */
export interface PossibleBlock {
  readonly intent: Intent;
  readonly block: IntentData;
  readonly sentences: readonly Sentence[];
}

/** Lazily compiled parts of one grammar, owned by its `Intents`. */
export interface GrammarCache {
  /** The prefilter pattern of `sentence` (of `intent`), compiled with the rules in force the first time (as hassil does). */
  pattern(sentence: Sentence, rules: Lookup<Sentence>, intent: string): TemplatePattern;
  /** The folded number words of `list` in `language`, or undefined when the language has none. */
  numberWords(list: RangeSlotList, language: string): Trie<number> | undefined;
  /** The compiled skip words for this exact list of words. */
  skipWords(words: readonly string[]): SkipWords;
  /**
   * The blocks, in grammar order, with the templates whose required words occur in one of `foldedTexts`
   * and whose required lists have a value there (`listOccurs`); the index is built on first use.
   */
  possibleBlocks(
    intents: Intents,
    foldedTexts: readonly string[],
    listOccurs: (name: string) => boolean,
  ): readonly PossibleBlock[];
}

/** A block of sentences of one intent, with what it requires and what it fills in. */
export interface IntentData {
  /** Parsed templates, sentences with a wildcard list first (more text chunks first), else as written. */
  readonly sentences: readonly Sentence[];
  /** Fixed slots, added when no entity of that name matched. */
  readonly slots: Readonly<Record<string, unknown>>;
  /** The response key; undefined means the caller's default ("default"). */
  readonly response?: string;
  readonly requiresContext: IntentContext;
  readonly excludesContext: IntentContext;
  /** Block-local rules and lists: they override the grammar's and the caller's. */
  readonly expansionRules: ReadonlyMap<string, Sentence>;
  readonly slotLists: ReadonlyMap<string, SlotList>;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** The block is tried only when one of these words is in the input. */
  readonly requiredKeywords?: ReadonlySet<string>;
  readonly filterWithRegex: boolean;
}

/** A named intent and its sentence blocks. */
export interface Intent {
  readonly name: string;
  readonly data: readonly IntentData[];
}

/** Response templates: per intent and key, and the error texts. */
export interface Responses {
  readonly intents: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly errors: Readonly<Record<string, string>>;
}

/** A compiled grammar for one language. */
export interface Intents {
  readonly language: string;
  /** In document order: it decides which match comes first. */
  readonly intents: ReadonlyMap<string, Intent>;
  readonly slotLists: ReadonlyMap<string, SlotList>;
  readonly expansionRules: ReadonlyMap<string, Sentence>;
  readonly skipWords: readonly string[];
  readonly settings: { readonly ignoreWhitespace: boolean; readonly filterWithRegex: boolean };
  readonly responses: Responses;
  /** Prefilter patterns and number words, compiled on first use. */
  readonly cache: GrammarCache;
}
