// What a state-question answerer returns, and the small readings helpers the answerers share.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { AttributeValue, CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';

/** An answer, or why the data does not give one clearly. */
export type QueryAnswer =
  | {
      kind: 'answer';
      text: string;
      matched: CatalogEntity[];
      unmatched: CatalogEntity[];
      /** The answer to a yes-or-no question, when the text is a plain yes or no with nothing it must not lose. */
      yesNo?: boolean;
    }
  | { kind: 'unclear'; reason: string; candidates: CatalogEntity[] };

/** Answers a state question from live state. */
export type StateAnswerer = (result: RecognizeResult, live: EntityCatalog) => QueryAnswer;

/** States that are no reading at all: the device did not report. */
const NOT_A_READING: ReadonlySet<string> = new Set(['unavailable', 'unknown', '', 'none']);

/** True when the entity reported a state (not `unavailable`, `unknown` or empty). */
export function hasReading(entity: CatalogEntity): boolean {
  return !NOT_A_READING.has(normalizeName(entity.state ?? ''));
}

/** A finite number from a state or attribute, or undefined. */
export function numberOf(value: AttributeValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A number as said in an answer: whole numbers as they are, others to one decimal. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
}

/** The one candidate as an answer, or unclear: none fits, or several fit equally (never resolved by order). */
export function answerFromOne(
  candidates: readonly CatalogEntity[],
  reasons: { none: string; several: string },
  text: (entity: CatalogEntity) => string,
): QueryAnswer {
  if (candidates.length === 0) return { kind: 'unclear', reason: reasons.none, candidates: [] };
  if (candidates.length > 1) return { kind: 'unclear', reason: reasons.several, candidates: [...candidates] };
  const entity = candidates[0]!;
  return { kind: 'answer', text: text(entity), matched: [entity], unmatched: [] };
}
