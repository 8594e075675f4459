// Which labels each entity carries: the fixed labels template, else the entity registry, else "not supported".

import { z } from 'zod';
import type { HaRegistries, HomeAssistantReader } from '../../homeassistant/index.ts';
import { LABELS_TEMPLATE } from './fixed-templates.ts';
import { mayAskRegistries } from './template-fallback.ts';

/** The labels of each entity (ids), with each label's name; or a Home Assistant without labels; or a failure. */
export type LabelMembership =
  | { kind: 'known'; labelsOf: ReadonlyMap<string, readonly string[]>; names: ReadonlyMap<string, string> }
  | { kind: 'unsupported' }
  | { kind: 'unknown'; reason: string };

const TemplateAnswerSchema = z.array(
  z.object({ id: z.string(), name: z.string().nullable(), entities: z.array(z.string()) }),
);

/**
 * True for HA's answer before 2024.4, `UndefinedError: 'labels' is undefined` (ha-apis.md §2.3): `'label'` or
 * `'labels'` after `UndefinedError` on the same line. A scan from the first `UndefinedError` of each line, so a long
 * message is read in linear time (a backtracking `UndefinedError.*'labels?'` takes the square of its length).
 */
function saysNoLabels(reason: string): boolean {
  for (const line of reason.split(/[\n\r\u2028\u2029]/)) {
    const at = line.indexOf('UndefinedError');
    if (at >= 0 && /'labels?'/.test(line.slice(at + 'UndefinedError'.length))) return true;
  }
  return false;
}

/** Reads the labels of every entity. */
export async function readLabelMembership(reader: HomeAssistantReader): Promise<LabelMembership> {
  const rendered = await reader.renderTemplate(LABELS_TEMPLATE);
  if (rendered.ok) return fromTemplate(rendered.value);
  if (rendered.failure === 'template-error' && saysNoLabels(rendered.reason)) return { kind: 'unsupported' };
  if (!mayAskRegistries(rendered.failure)) return { kind: 'unknown', reason: rendered.reason };
  const entities = await reader.listEntities();
  if (!entities.ok) return { kind: 'unknown', reason: `${rendered.reason}; ${entities.reason}` };
  // Registry entries carry `labels` only from 2024.4 on.
  if (entities.value.some((entity) => entity.labels === undefined)) return { kind: 'unsupported' };
  const labelsOf = new Map(entities.value.map((entity) => [entity.entity_id, entity.labels ?? []]));
  return { kind: 'known', labelsOf, names: new Map() };
}

/** The membership the labels template answers, from the label and entity registries (labels are not inherited). */
export function labelsOfRegistries(registries: Pick<HaRegistries, 'labels' | 'entities'>): LabelMembership {
  const { labels, entities } = registries;
  // Before 2024.4 there is no label registry, and registry entries carry no `labels`.
  if (labels === undefined || entities.some((entity) => entity.labels === undefined)) return { kind: 'unsupported' };
  const labelsOf = new Map(entities.map((entity) => [entity.entity_id, entity.labels ?? []]));
  return { kind: 'known', labelsOf, names: new Map(labels.map((label) => [label.label_id, label.name])) };
}

function fromTemplate(text: string): LabelMembership {
  let parsed: z.infer<typeof TemplateAnswerSchema>;
  try {
    parsed = TemplateAnswerSchema.parse(JSON.parse(text));
  } catch {
    return { kind: 'unknown', reason: 'the labels template did not answer the expected JSON' };
  }
  const labelsOf = new Map<string, string[]>();
  for (const label of parsed)
    for (const entityId of label.entities) labelsOf.set(entityId, [...(labelsOf.get(entityId) ?? []), label.id]);
  const names = new Map(parsed.map((label) => [label.id, label.name ?? label.id]));
  return { kind: 'known', labelsOf, names };
}
