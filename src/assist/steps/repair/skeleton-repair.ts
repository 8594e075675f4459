// Skeleton repair: a small error in the sentence frame ("turn of the kitchen light") fixed from the grammar's own sentences.

import { toMap, type Intents, type RecognizeResult, type SlotList } from '../../../hassil/index.ts';
import { entitiesOf, type NameIndex } from './catalog-names.ts';
import type { RepairLexicon } from './lexicon.ts';
import { refuse, repaired, roundScore, type Recognize, type RepairCandidate, type RepairOutcome } from './outcome.ts';
import type { SkeletonSettings } from './settings.ts';
import { editDistance } from './similarity.ts';
import { createFrameEdits } from './skeleton-edits.ts';
import {
  createConstraintCheck,
  findFallback,
  PLACEHOLDER_MARK,
  type ConstraintFailure,
} from './skeleton-constraints.ts';
import { sampleNearSentences, type CandidateSentence } from './skeleton-sampling.ts';
import {
  findExtendableSides,
  findInputTargets,
  frameOf,
  keepsTargetNeighbours,
  narrowLists,
  TARGET_LISTS,
  type ExtendableSides,
  type InputTargets,
  type SlotLists,
} from './skeleton-targets.ts';
import { requiresExactName } from './target-safety.ts';
import { splitWords } from './words.ts';

/** What skeleton repair works with. */
export interface SkeletonRepairInput {
  readonly text: string;
  readonly intents: Intents;
  /** The caller's lists (`name`, `area`, `floor`, …), as recognition uses them. */
  readonly slotLists: SlotLists;
  /** The catalogue's names, to tell which targets need an exact name. */
  readonly names: NameIndex;
  readonly recognize: Recognize;
  readonly settings: SkeletonSettings;
  /** Without a lexicon for the grammar's language, skeleton repair does not run. */
  readonly lexicon: RepairLexicon | undefined;
}

/** The input as skeleton repair reads it. */
interface InputFrame {
  /** Its words without skip words, each target name one placeholder word. */
  readonly frame: readonly string[];
  readonly targets: InputTargets;
  readonly skipPhrases: readonly (readonly string[])[];
  readonly slotLists: ReadonlyMap<string, SlotList>;
  /** The word edits a candidate may need: one per `wordsPerEdit` words, at least one, at most `maxDistance`. */
  readonly maxEdits: number;
  /** Targets a longer catalogue name continues, by placeholder. */
  readonly extendable: ReadonlyMap<string, ExtendableSides>;
}

/** A sampled sentence within the allowed distance of the input. */
interface ScoredCandidate extends CandidateSentence {
  readonly edits: number;
  readonly score: number;
}

/** Why a candidate within the distance is not a repair: a constraint, or an edit that would change a word's meaning. */
type CandidateFailure = ConstraintFailure | 'word-changed';

/** Candidates within the distance: those that keep the constraints, and those that do not (nearest first). */
interface ScoredCandidates {
  readonly passing: readonly ScoredCandidate[];
  readonly rejected: readonly (ScoredCandidate & { readonly failure: CandidateFailure })[];
}

/**
 * Replaces the input with the grammar sentence whose frame is closest (in word edits, targets as single
 * placeholder words) when that sentence is unique in meaning at its distance, is reached by edits that
 * cannot change meaning (function words and spelling only: `createFrameEdits`), keeps the input's
 * polarity, numbers, units and qualifiers, and parses as the intent it was sampled from. Negations,
 * conditions, relative and composite requests, unknown polarity, targets that need an exact name and
 * candidate sets beyond the bounds are refused.
 */
export function repairSkeleton(input: SkeletonRepairInput): RepairOutcome {
  const { lexicon, settings } = input;
  if (lexicon === undefined) return { kind: 'none' };
  const read = readFrame(input);
  if (read.frame.length === 0) return { kind: 'none' };
  const fallback = findFallback(read.frame, lexicon);
  if (fallback !== undefined) return refuse('skeleton', fallback, []);
  if (hasExactOnlyTarget(read.targets, input.names)) return refuse('skeleton', 'unsafe-target', []);
  const sampled = sampleNearSentences({
    intents: input.intents,
    slotLists: narrowLists(input.intents.slotLists, read.slotLists, {
      targets: read.targets,
      frame: read.frame,
      lexicon,
    }),
    targetLists: TARGET_LISTS,
    inputWords: read.frame.filter((word) => !word.startsWith(PLACEHOLDER_MARK)),
    frameLength: read.frame.length,
    skipPhrases: read.skipPhrases,
    maxEdits: read.maxEdits,
    maxPerTemplate: settings.maxPerTemplate,
    maxSampled: settings.maxSampled,
  });
  if (sampled.isTruncated) return refuse('skeleton', 'too-many-candidates', []);
  // Built on first use: most inputs have no sampled sentence within the plain word edits.
  let frameEdits: ReturnType<typeof createFrameEdits> | undefined;
  const { passing, rejected } = scoreCandidates(sampled.sentences, read, {
    check: createConstraintCheck(read.frame, lexicon),
    edits: (candidate, max) => (frameEdits ??= createFrameEdits(read.frame, lexicon, settings))(candidate, max),
  });
  const nearestRejected = rejected[0];
  if (passing.length > 0) return chooseCandidate(passing, input);
  if (nearestRejected === undefined) return { kind: 'none' };
  return refuse('skeleton', nearestRejected.failure, rejected.slice(0, settings.maxCandidates).map(toCandidate));
}

function readFrame(input: SkeletonRepairInput): InputFrame {
  const slotLists = toMap(input.slotLists);
  const skipPhrases = input.intents.skipWords.map((phrase) => splitWords(phrase).map((word) => word.key));
  const targets = findInputTargets(
    splitWords(input.text).map((word) => word.key),
    slotLists,
  );
  const frame = frameOf(input.text, targets, skipPhrases);
  const { maxDistance, wordsPerEdit } = input.settings;
  const maxEdits = Math.max(1, Math.min(maxDistance, Math.floor(frame.length / wordsPerEdit)));
  return { frame, targets, skipPhrases, slotLists, maxEdits, extendable: findExtendableSides(targets, input.names) };
}

/** The checks of a candidate frame against the input's. */
interface CandidateChecks {
  readonly check: ReturnType<typeof createConstraintCheck>;
  readonly edits: ReturnType<typeof createFrameEdits>;
}

/**
 * The candidates within the distance, each scored and checked against the constraints, nearest first. A
 * candidate within plain word edits that only edits that change meaning reach is rejected as such (and
 * reported), not repaired.
 */
function scoreCandidates(
  sentences: readonly CandidateSentence[],
  read: InputFrame,
  checks: CandidateChecks,
): ScoredCandidates {
  const passing: ScoredCandidate[] = [];
  const rejected: (ScoredCandidate & { failure: CandidateFailure })[] = [];
  for (const candidate of sentences) {
    const candidateFrame = frameOf(candidate.sentence, read.targets, read.skipPhrases);
    const plainEdits = editDistance(read.frame, candidateFrame, read.maxEdits);
    if (plainEdits > read.maxEdits) continue;
    const safeEdits = checks.edits(candidateFrame, read.maxEdits);
    const edits = safeEdits <= read.maxEdits ? safeEdits : plainEdits;
    const scored = { ...candidate, edits, score: 1 - edits / Math.max(read.frame.length, candidateFrame.length) };
    // A word that may be part of a longer name stays next to the name: "bll lamp" is not "Lamp". A broken
    // constraint says more than the edits (it is why the edit would change meaning), so it is reported first.
    const constraint = keepsTargetNeighbours(read.frame, candidateFrame, read.extendable)
      ? checks.check(candidateFrame)
      : 'qualifier-changed';
    const failure = constraint ?? (safeEdits > read.maxEdits ? 'word-changed' : undefined);
    if (failure === undefined) passing.push(scored);
    else rejected.push({ ...scored, failure });
  }
  const byEdits = (a: ScoredCandidate, b: ScoredCandidate) => a.edits - b.edits;
  return { passing: passing.sort(byEdits), rejected: rejected.sort(byEdits) };
}

/** True when a mentioned target is (also) the name of an entity that must be named exactly, such as a lock. */
function hasExactOnlyTarget(targets: InputTargets, names: NameIndex): boolean {
  return [...targets.phrases.keys()].some((key) => {
    const group = names.byKey.get(key);
    return group !== undefined && entitiesOf(group).some(requiresExactName);
  });
}

/**
 * The nearest distance at which some candidate parses as its own intent decides: one meaning there is a
 * repair, several are ambiguous. More than `maxCandidates` sentences at a distance are too many to
 * reparse and choose from. The runner-up for the margin is the nearest candidate farther away.
 */
function chooseCandidate(candidates: readonly ScoredCandidate[], input: SkeletonRepairInput): RepairOutcome {
  const { maxCandidates } = input.settings;
  for (const distance of [...new Set(candidates.map((candidate) => candidate.edits))]) {
    const level = candidates.filter((candidate) => candidate.edits === distance);
    if (level.length > maxCandidates)
      return refuse('skeleton', 'too-many-candidates', level.slice(0, maxCandidates).map(toCandidate));
    const parsed = level.flatMap((candidate) => {
      const result = input.recognize(candidate.sentence);
      return result?.intent.name === candidate.intent ? [{ candidate, result }] : [];
    });
    if (parsed.length === 0) continue;
    if (new Set(parsed.map(({ result }) => meaningOf(result))).size > 1)
      return refuse(
        'skeleton',
        'ambiguous',
        parsed.map(({ candidate }) => toCandidate(candidate)),
      );
    const { candidate, result } = parsed[0]!;
    const runnerUp = candidates.find((other) => other.edits > distance);
    return repaired(candidate.sentence, result, {
      kind: 'skeleton',
      from: input.text,
      to: candidate.sentence,
      score: candidate.score,
      runnerUpScore: runnerUp?.score,
      edits: candidate.edits,
    });
  }
  return refuse('skeleton', 'reparse-failed', candidates.map(toCandidate));
}

/** The intent and its slot values: two candidates with the same meaning are not a choice. */
function meaningOf(result: RecognizeResult): string {
  const slots = result.entitiesList.map((entity) => `${entity.name}=${JSON.stringify(entity.value)}`).sort();
  return [result.intent.name, ...slots].join('\n');
}

function toCandidate(candidate: ScoredCandidate): RepairCandidate {
  return {
    kind: 'sentence',
    text: candidate.sentence,
    intent: candidate.intent,
    score: roundScore(candidate.score),
    edits: candidate.edits,
  };
}
