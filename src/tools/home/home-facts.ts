// The facts the exclusions need about a home (areas, labels), read once per tool call, and each entity's subject.

import type { Exclusions } from '../policy/exclusion-config.ts';
import { EXCLUSION_NOTE_TEXT, type ExclusionSubject, filterEntities, isExcluded } from '../policy/exclusions.ts';
import type { HomeAssistantReader } from '../../homeassistant/index.ts';
import { type AreaMembership, areasOfRegistries, readAreaMembership } from './area-membership.ts';
import { type LabelMembership, labelsOfRegistries, readLabelMembership } from './label-membership.ts';
import { mayAskRegistries } from './template-fallback.ts';

/** What one call knows: the area and label membership when they were needed, and the exclusions in ids. */
export interface HomeFacts {
  /** Read when the tool needs areas or areas are excluded; otherwise undefined. */
  areas: AreaMembership | undefined;
  /** Read when labels are excluded; otherwise undefined. */
  labels: LabelMembership | undefined;
  /** The exclusions, with area and label names written in the configuration turned into Home Assistant's ids. */
  exclusions: Exclusions;
}

/**
 * Reads the facts a call needs: from the connection's live registry mirror when it can vouch for them, else with the
 * fixed templates (as before there was a mirror). A home whose labels cannot be read is refused (the exclusion would
 * be skipped).
 */
export async function readHomeFacts(
  context: { reader: HomeAssistantReader; exclusions: Exclusions },
  options: { needAreas: boolean },
): Promise<{ kind: 'ok'; facts: HomeFacts } | { kind: 'refused'; reason: string }> {
  const { exclusions, reader } = context;
  const needs = { areas: options.needAreas || exclusions.areas.length > 0, labels: exclusions.labels.length > 0 };
  const [areas, labels] = (await fromMirror(reader, needs)) ?? (await fromTemplates(reader, needs));
  if (labels?.kind === 'unknown')
    return {
      kind: 'refused',
      reason: `the labels could not be read, so the label exclusion cannot be applied: ${labels.reason}`,
    };
  return { kind: 'ok', facts: { areas, labels, exclusions: inIds(exclusions, areas, labels) } };
}

type Needs = { areas: boolean; labels: boolean };
type Memberships = [AreaMembership | undefined, LabelMembership | undefined];

/**
 * The memberships from the mirror; undefined when nothing is needed, or the reader has no mirror ready (the templates
 * answer then). A ready mirror that failed because Home Assistant did not answer (or was refused) is not followed by
 * the templates: they would wait a second timeout for the same silence, so the memberships are unknown (as a failed
 * template's are).
 */
async function fromMirror(reader: HomeAssistantReader, needs: Needs): Promise<Memberships | undefined> {
  if ((!needs.areas && !needs.labels) || reader.readRegistries === undefined) return undefined;
  const mirrored = await reader.readRegistries();
  if (mirrored === undefined) return undefined;
  if (!mirrored.ok) {
    if (mayAskRegistries(mirrored.failure)) return undefined;
    const unknown = { kind: 'unknown' as const, reason: mirrored.reason };
    return [needs.areas ? unknown : undefined, needs.labels ? unknown : undefined];
  }
  return [
    needs.areas ? areasOfRegistries(mirrored.value) : undefined,
    needs.labels ? labelsOfRegistries(mirrored.value) : undefined,
  ];
}

/** The memberships from the fixed templates (each falling back to the registry listings itself). */
function fromTemplates(reader: HomeAssistantReader, needs: Needs): Promise<Memberships> {
  return Promise.all([
    needs.areas ? readAreaMembership(reader) : undefined,
    needs.labels ? readLabelMembership(reader) : undefined,
  ]);
}

/** The facts the exclusion rules look at for one entity. */
export function subjectOf(entityId: string, facts: HomeFacts): ExclusionSubject {
  const domain = entityId.slice(0, entityId.indexOf('.'));
  const areaId = facts.areas?.kind === 'known' ? facts.areas.areaOf.get(entityId) : undefined;
  const area: ExclusionSubject['area'] =
    facts.areas?.kind !== 'known'
      ? { kind: 'unknown' }
      : areaId === undefined
        ? { kind: 'none' }
        : { kind: 'area', id: areaId };
  const labels: ExclusionSubject['labels'] =
    facts.labels?.kind === 'known'
      ? { kind: 'labels', ids: facts.labels.labelsOf.get(entityId) ?? [] }
      : { kind: 'unknown' };
  return { entityId, domain, area, labels };
}

/** True when the tools may show this entity. */
export function isVisible(entityId: string, facts: HomeFacts): boolean {
  return isExcluded(subjectOf(entityId, facts), facts.exclusions).kind === 'kept';
}

/** The visible items of a list (each with its entity id), and the notices the result must carry. */
export function visibleOnly<T extends { entity_id: string }>(
  items: readonly T[],
  facts: HomeFacts,
): { kept: T[]; notices: string[] } {
  const subjects = items.map((item) => ({ ...subjectOf(item.entity_id, facts), item }));
  const filtered = filterEntities(subjects, facts.exclusions);
  return {
    kept: filtered.kept.map((subject) => subject.item),
    notices: filtered.notes.map((note) => EXCLUSION_NOTE_TEXT[note]),
  };
}

/** The notices of one entity that was shown (the label exclusion not applied on a Home Assistant without labels). */
export function entityNotices(entityId: string, facts: HomeFacts): string[] {
  const decision = isExcluded(subjectOf(entityId, facts), facts.exclusions);
  return decision.kind === 'kept' && decision.labelsNotChecked
    ? [EXCLUSION_NOTE_TEXT['label-exclusion-not-applied']]
    : [];
}

/** Area and label exclusions may name an area or label by its name; Home Assistant's facts speak in ids. */
function inIds(
  exclusions: Exclusions,
  areas: AreaMembership | undefined,
  labels: LabelMembership | undefined,
): Exclusions {
  const areaIds = new Map(
    areas?.kind === 'known' ? areas.areas.map((area) => [area.name.toLowerCase(), area.id.toLowerCase()]) : [],
  );
  const labelIds = new Map(
    labels?.kind === 'known' ? [...labels.names].map(([id, name]) => [name.toLowerCase(), id.toLowerCase()]) : [],
  );
  return {
    ...exclusions,
    areas: exclusions.areas.map((area) => areaIds.get(area) ?? area),
    labels: exclusions.labels.map((label) => labelIds.get(label) ?? label),
  };
}
