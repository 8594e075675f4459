// What a repair lexicon holds: the words repair treats as meaning rather than spelling (domain words, polarity,
// quantifiers, conditions, negations, units) and the function words, the only words a repair may add, drop or exchange.

import type { NumberWordTable } from '../../../../hassil/index.ts';

/**
 * The function words of one language: the only words a repair may insert or delete (a misspelling of
 * one may be deleted too). Each entry is a word or a phrase of words ("can you").
 */
export interface FunctionWords {
  /** Articles and possessives ("the", "my"): also exchanged for one another. */
  readonly articles: readonly string[];
  /**
   * Prepositions ("in", "at"): also exchanged for one another, except next to a number, whose meaning
   * they say ("at 7" is a time, "to 7" a value), where they are kept as typed.
   */
  readonly prepositions: readonly string[];
  /** Fillers and politeness ("please", "just", "can you"): inserted or deleted only. */
  readonly fillers: readonly string[];
}

/** The words of one language that constrain or forbid a repair. All lower case. */
export interface RepairLexicon {
  /** The words a repair may insert, delete or exchange; every other word is kept (or only respelt). */
  readonly functionWords: FunctionWords;
  /** Words that negate a request ("not", "don't"): a negated request is never repaired or answered without a model. */
  readonly negations: readonly string[];
  /** Word endings that negate ("n't"), for contractions the list does not have. */
  readonly negationSuffixes: readonly string[];
  /** Phrases with a negation word that negate nothing ("never mind", the state "not home"). */
  readonly notNegations: readonly string[];
  /** Words that open a question ("is", "what"): a negated question has no plain answer without a model. */
  readonly questionWords: readonly string[];
  /** Units, by quantity: kept like numbers ("70 percent" is never "70 degrees", nor dropped). */
  readonly units: Readonly<Record<string, readonly string[]>>;
  /** Words that name a kind of device, with the entity domains they allow. */
  readonly domainWords: Readonly<Record<string, readonly string[]>>;
  /** Action polarity: each class with the words that say it. */
  readonly polarity: Readonly<Record<string, readonly string[]>>;
  /**
   * Verbs that need a polarity ("turn", "switch"): without one the polarity is unknown. One that is also a
   * domain word ("switch") is the verb where it opens the request ("switch off the lamp", "please switch"),
   * the domain word elsewhere ("turn off the switch"; see `domainsOfWords`).
   */
  readonly actionVerbs: readonly string[];
  /** Qualifiers besides domain words ("all", "every"). */
  readonly quantifiers: readonly string[];
  /** Number words; digits are recognised without a list. */
  readonly numberWords: readonly string[];
  /** Words that make a request conditional ("if", "when"). */
  readonly conditions: readonly string[];
  /** Words that make a request relative ("brighter", "up"). */
  readonly relative: readonly string[];
  /** Words that make a following number relative ("by 10"). */
  readonly relativeBeforeNumber: readonly string[];
  /** Words that join several requests ("and", "then", "except"). */
  readonly composite: readonly string[];
  /** What HA-Assist says to a negated command when no model is configured: nothing was done. */
  readonly negatedAnswer: string;
}

/** A language's number words below a hundred that stand alone: the words below twenty and the tens. */
export function numberWordsOf(table: NumberWordTable): readonly string[] {
  return [...table.belowTwenty, ...table.tens.filter((word) => word !== '')];
}
