// The repair step: when exact recognition fails, one conservative repair of the sentence, then a reparse.

import type { Intents } from '../../../hassil/index.ts';
import type { EntityCatalog } from '../../understand/index.ts';
import { createNameIndex, type NameIndex } from './catalog-names.ts';
import { repairNameSpelling } from './fuzzy-repair.ts';
import { lexiconFor } from './lexicon.ts';
import { type Recognize, type RepairOutcome, refuse } from './outcome.ts';
import { DEFAULT_REPAIR_SETTINGS, type RepairSettings } from './settings.ts';
import { repairSkeleton } from './skeleton-repair.ts';
import type { SlotLists } from './skeleton-targets.ts';

export { DEFAULT_REPAIR_SETTINGS, type RepairSettings, type FuzzySettings, type SkeletonSettings } from './settings.ts';
export type {
  Recognize,
  RepairOutcome,
  RepairCorrection,
  RepairCandidate,
  RefusalReason,
  RepairMechanism,
} from './outcome.ts';
export type { SlotLists } from './skeleton-targets.ts';
export { ENGLISH_LEXICON, GERMAN_LEXICON, lexiconFor, type FunctionWords, type RepairLexicon } from './lexicon.ts';
export { hasNegation, isQuestion } from './negation.ts';
export { repairNameSpelling, type FuzzyRepairInput } from './fuzzy-repair.ts';
export { repairSkeleton, type SkeletonRepairInput } from './skeleton-repair.ts';
export { createNameIndex, type NameIndex } from './catalog-names.ts';

/** What `repairSentence` works with. */
export interface RepairInput {
  /** The user's sentence, which exact recognition did not match. */
  readonly text: string;
  readonly catalog: EntityCatalog;
  /** Recognises a sentence with the request's lists and context (the same call exact recognition made). */
  readonly recognize: Recognize;
  readonly intents: Intents;
  /** The lists `recognize` uses (`name`, `area`, `floor`, …); skeleton repair samples with them. */
  readonly slotLists: SlotLists;
  /** Default: `DEFAULT_REPAIR_SETTINGS`. */
  readonly settings?: RepairSettings;
  /** `createNameIndex(catalog)`, when the caller keeps one per catalogue; built here otherwise. */
  readonly names?: NameIndex;
  /** True once the request's time budget is spent: no further repair is tried. */
  readonly isOverBudget?: () => boolean;
}

/**
 * Tries fuzzy slot repair, then skeleton repair. A fuzzy refusal (a negated sentence, an unsafe, ambiguous
 * or too close name) is the answer: the doubt is about a name, which skeleton repair cannot settle and must
 * not paper over (it could drop the misspelled word), or about the whole request. Skeleton repair runs when
 * fuzzy found no close name, or found one whose repair did not parse; when it does not repair either, its
 * refusal says more than the failed reparse. Neither ever changes meaning: only function words and
 * spelling are edited, and only a name's own words replaced (see `createFrameEdits`, `repairNameSpelling`).
 */
export function repairSentence(input: RepairInput): RepairOutcome {
  const settings = input.settings ?? DEFAULT_REPAIR_SETTINGS;
  if (input.isOverBudget?.() === true) return refuse('fuzzy', 'over-budget', []);
  const lexicon = lexiconFor(input.intents.language);
  const names = input.names ?? createNameIndex(input.catalog);
  const fuzzy = repairNameSpelling({
    text: input.text,
    names,
    recognize: input.recognize,
    settings: settings.fuzzy,
    lexicon,
  });
  if (fuzzy.kind === 'repaired' || (fuzzy.kind === 'refused' && fuzzy.reason !== 'reparse-failed')) return fuzzy;
  if (settings.skeleton.maxDistance === 0) return fuzzy;
  if (input.isOverBudget?.() === true) return refuse('skeleton', 'over-budget', []);
  const skeleton = repairSkeleton({
    text: input.text,
    intents: input.intents,
    slotLists: input.slotLists,
    names,
    recognize: input.recognize,
    settings: settings.skeleton,
    lexicon,
  });
  return skeleton.kind === 'none' ? fuzzy : skeleton;
}
