// What a repair attempt returns: a repaired sentence, a refusal with its candidates, or nothing to repair.

import type { RecognizeResult } from '../../../hassil/index.ts';

/** Which mechanism made or refused a repair. */
export type RepairMechanism = 'fuzzy' | 'skeleton';

/** One change made to the sentence, for `metrics.ha_plan` corrections. */
export interface RepairCorrection {
  readonly kind: RepairMechanism;
  /** Fuzzy: the words replaced. Skeleton: the whole input. */
  readonly from: string;
  /** Fuzzy: the catalogue name put in. Skeleton: the sentence put in its place. */
  readonly to: string;
  /** 0–1. Fuzzy: the name similarity. Skeleton: 1 − word edits / the longer frame's length. */
  readonly score: number;
  /** `score` minus the runner-up's score (the runner-up counts as 0 when there is none). */
  readonly margin: number;
  /** Character edits (fuzzy) or word edits (skeleton). */
  readonly edits: number;
}

/** Why a repair was not made although something was close. */
export type RefusalReason =
  /** Two candidates with different meanings are equally close. */
  | 'ambiguous'
  /** The best candidate is ahead of the runner-up by less than the margin. */
  | 'below-margin'
  /** The closest target is a lock, an alarm panel or a door-like cover: those need an exact name. */
  | 'unsafe-target'
  /** The repaired sentence does not parse (or not through the repaired words). */
  | 'reparse-failed'
  /** The request is negated ("don't turn off …"): never repaired, never answered without a model. */
  | 'negated'
  /** Skeleton: the request has a condition ("if", "when", "unless"). */
  | 'condition'
  /** Skeleton: the request is relative ("brighter", "up", "by 10"). */
  | 'relative'
  /** Skeleton: the request joins several ("and", "then", "except"). */
  | 'composite'
  /** Skeleton: the action's polarity (on/off, open/close) is missing or contradictory. */
  | 'unknown-polarity'
  /** Skeleton: the close candidates would change the polarity. */
  | 'polarity-changed'
  /** Skeleton: the close candidates would change a number. */
  | 'number-changed'
  /** Skeleton: the close candidates would change or drop a unit ("70 percent" is not "70"). */
  | 'unit-changed'
  /**
   * Skeleton: the close candidates would insert, delete or replace a word that is no function word (a verb,
   * a content word, a number, a unit), beyond respelling a misspelt one.
   */
  | 'word-changed'
  /** Skeleton: the close candidates would change a target, a domain word or "all". */
  | 'qualifier-changed'
  /** Skeleton: the grammar offers more candidates than the bounds allow. */
  | 'too-many-candidates'
  /** The deterministic attempt's time budget was spent before this repair could run. */
  | 'over-budget';

/** A candidate a refusal was choosing between (for `metrics.ha_intent` candidates, or an LLM's constrained choice). */
export type RepairCandidate =
  | {
      readonly kind: 'entity';
      /** The words of the input it would replace. */
      readonly from: string;
      readonly name: string;
      readonly domain: string;
      readonly area?: string;
      readonly score: number;
      /** Locks, alarm panels and door-like covers: never reached by repair. */
      readonly requiresExactName: boolean;
    }
  | { readonly kind: 'area'; readonly from: string; readonly name: string; readonly score: number }
  | {
      readonly kind: 'sentence';
      readonly text: string;
      readonly intent: string;
      readonly score: number;
      readonly edits: number;
    };

/** The result of a repair attempt. */
export type RepairOutcome =
  | {
      readonly kind: 'repaired';
      /** The repaired sentence. */
      readonly text: string;
      /** What recognising the repaired sentence returned. */
      readonly result: RecognizeResult;
      /** The one change made. */
      readonly corrections: readonly RepairCorrection[];
    }
  | {
      readonly kind: 'refused';
      readonly mechanism: RepairMechanism;
      readonly reason: RefusalReason;
      readonly candidates: readonly RepairCandidate[];
    }
  | { readonly kind: 'none' };

/** A sentence recogniser (the caller's hassil call with its slot lists and context). */
export type Recognize = (text: string) => RecognizeResult | undefined;

/** The refusal outcome. */
export function refuse(
  mechanism: RepairMechanism,
  reason: RefusalReason,
  candidates: readonly RepairCandidate[],
): RepairOutcome {
  return { kind: 'refused', mechanism, reason, candidates };
}

/** A correction as a mechanism finds it: its unrounded score, and the runner-up's (undefined when there is none). */
export interface FoundCorrection extends Omit<RepairCorrection, 'margin'> {
  readonly runnerUpScore: number | undefined;
}

/** The repaired outcome of one correction, its score and margin rounded for reporting. */
export function repaired(text: string, result: RecognizeResult, found: FoundCorrection): RepairOutcome {
  const { kind, from, to, score, runnerUpScore, edits } = found;
  const correction = {
    kind,
    from,
    to,
    score: roundScore(score),
    margin: roundScore(score - (runnerUpScore ?? 0)),
    edits,
  };
  return { kind: 'repaired', text, result, corrections: [correction] };
}

/** Rounds a score for reporting (three decimals are plenty, and keep diagnostics stable). */
export function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}
