// Applying the exclusions to entities: one entity's decision, and a list filtered without saying which were left out.

import type { Exclusions } from './exclusion-config.ts';

/** What is known of an entity's area: its id, no area at all, or unknown (Home Assistant could not say). */
export type AreaFact = { kind: 'area'; id: string } | { kind: 'none' } | { kind: 'unknown' };

/** What is known of an entity's labels: their ids, or unknown (a Home Assistant without labels, before 2024.4). */
export type LabelFact = { kind: 'labels'; ids: readonly string[] } | { kind: 'unknown' };

/** The facts about one entity that the exclusions look at. */
export interface ExclusionSubject {
  /** The whole entity id, e.g. `light.kitchen`. */
  entityId: string;
  /** The entity's domain, e.g. `light`. */
  domain: string;
  area: AreaFact;
  labels: LabelFact;
}

/** The rule that excluded an entity. */
export type ExclusionRule = 'domain' | 'pattern' | 'label' | 'area';

/** A note the caller puts into its result, because the exclusions could not be fully applied. */
export type ExclusionNote = 'label-exclusion-not-applied' | 'area-unknown-refused';

/** The text of each note, as the model and the user read it. */
export const EXCLUSION_NOTE_TEXT: Readonly<Record<ExclusionNote, string>> = Object.freeze({
  'label-exclusion-not-applied': 'The label exclusion was not applied: this Home Assistant does not report labels.',
  'area-unknown-refused':
    'Some entities were withheld because Home Assistant could not say which area they are in, and areas are excluded.',
});

/**
 * One entity's decision: kept (with a flag when the label exclusion could not be checked), excluded by a
 * rule, or refused because its area is unknown while areas are excluded (refused, not guessed).
 */
export type ExclusionDecision =
  | { kind: 'kept'; labelsNotChecked: boolean }
  | { kind: 'excluded'; rule: ExclusionRule }
  | { kind: 'refused'; reason: 'area-unknown' };

/** Decides whether the tools may show or touch an entity. */
export function isExcluded(entity: ExclusionSubject, exclusions: Exclusions): ExclusionDecision {
  if (exclusions.domains.includes(entity.domain)) return { kind: 'excluded', rule: 'domain' };
  if (exclusions.patterns.some((pattern) => pattern.matches(entity.entityId)))
    return { kind: 'excluded', rule: 'pattern' };
  if (entity.labels.kind === 'labels' && entity.labels.ids.some((id) => exclusions.labels.includes(id.toLowerCase())))
    return { kind: 'excluded', rule: 'label' };
  if (exclusions.areas.length > 0) {
    if (entity.area.kind === 'unknown') return { kind: 'refused', reason: 'area-unknown' };
    if (entity.area.kind === 'area' && exclusions.areas.includes(entity.area.id.toLowerCase()))
      return { kind: 'excluded', rule: 'area' };
  }
  return { kind: 'kept', labelsNotChecked: entity.labels.kind === 'unknown' && exclusions.labels.length > 0 };
}

/** The entities a tool may show, how many were left out (never which), and the notes for the result. */
export interface FilteredEntities<T> {
  kept: T[];
  /** Entities left out, excluded or refused together. */
  excludedCount: number;
  /** Each note at most once, in a fixed order. */
  notes: ExclusionNote[];
}

/** Filters a list of entities (each carrying its facts, and anything else the caller needs) through the exclusions. */
export function filterEntities<T extends ExclusionSubject>(
  entities: readonly T[],
  exclusions: Exclusions,
): FilteredEntities<T> {
  const kept: T[] = [];
  let labelsNotChecked = false;
  let areaUnknown = false;
  for (const entity of entities) {
    const decision = isExcluded(entity, exclusions);
    if (decision.kind === 'kept') {
      kept.push(entity);
      labelsNotChecked ||= decision.labelsNotChecked;
    } else if (decision.kind === 'refused') areaUnknown = true;
  }
  const notes: ExclusionNote[] = [];
  if (labelsNotChecked) notes.push('label-exclusion-not-applied');
  if (areaUnknown) notes.push('area-unknown-refused');
  return { kept, excludedCount: entities.length - kept.length, notes };
}
