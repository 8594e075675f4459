// The limits as the editor holds them while a person changes them, and the conversions to and from policy.json.
import type { ExcludeKind, PolicyJson, ServiceClass, ServiceRule } from './types.ts';

/** The four exclusion lists with the label of their input. */
export const EXCLUDE_LISTS: readonly { kind: ExcludeKind; label: string }[] = [
  { kind: 'domains', label: 'Excluded domains' },
  { kind: 'areas', label: 'Excluded areas' },
  { kind: 'patterns', label: 'Excluded patterns' },
  { kind: 'labels', label: 'Excluded labels' },
];

/** The two service classes. */
export const SERVICE_CLASSES: readonly ServiceClass[] = ['quiet', 'confirmed'];

/** The editor's copy of the limits; the texts stay as typed until the draft is saved. */
export interface PolicyDraft {
  /** The policy as loaded, so fields this page does not edit are saved unchanged. */
  base: Record<string, unknown>;
  services: ServiceRule[];
  /** Each exclusion list as text, one item per line (a pattern may hold a comma, as in `{1,3}`). */
  exclude: Record<ExcludeKind, string>;
  /** The "Entities per call" input's text. */
  maxEntities: string;
}

/** True when `value` has the shape the structured editor can show (a broken file may still have it). */
export function isEditablePolicy(value: unknown): value is PolicyJson {
  if (!isObject(value) || !Array.isArray(value.services)) return false;
  const hasRules = value.services.every((rule) => isObject(rule) && typeof rule.service === 'string');
  return hasRules && (value.exclude === undefined || isObject(value.exclude));
}

/** The draft of a loaded policy. */
export function toDraft(policy: PolicyJson): PolicyDraft {
  const exclude: Record<string, unknown> = isObject(policy.exclude) ? policy.exclude : {};
  const listText = (kind: ExcludeKind) => {
    const list: unknown = exclude[kind];
    return Array.isArray(list) ? list.join('\n') : '';
  };
  return {
    base: { ...policy },
    services: policy.services.map((rule) => ({ ...rule })),
    exclude: {
      domains: listText('domains'),
      areas: listText('areas'),
      patterns: listText('patterns'),
      labels: listText('labels'),
    },
    maxEntities: policy.max_entities === undefined ? '' : String(policy.max_entities),
  };
}

/** The policy a draft saves as; the server checks it, so nothing is validated here. */
export function fromDraft(draft: PolicyDraft): PolicyJson {
  const baseExclude: Record<string, unknown> = isObject(draft.base.exclude) ? draft.base.exclude : {};
  const exclude: Record<string, unknown> = { ...baseExclude };
  for (const { kind } of EXCLUDE_LISTS) {
    const items = splitList(draft.exclude[kind]);
    // A list the file left out stays out while it is left empty: hearth then applies its default, which an empty
    // list written here would remove.
    if (items.length > 0 || kind in baseExclude) exclude[kind] = items;
  }
  const { max_entities: loaded, ...base } = draft.base;
  const typed = draft.maxEntities.trim();
  const policy: PolicyJson = {
    version: typeof draft.base.version === 'number' ? draft.base.version : 1,
    services: draft.services,
    exclude,
  };
  // Left empty: the number the file had, or none (hearth's default); never 0.
  if (typed !== '') policy.max_entities = Number(typed);
  else if (typeof loaded === 'number') policy.max_entities = loaded;
  // Keys this page does not edit are saved as they were.
  return Object.assign({}, base, policy);
}

/** The items of a list written one per line, trimmed, without empty ones. */
export function splitList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The draft with `rule` added, or with its class changed when the service is listed already. */
export function withService(draft: PolicyDraft, rule: ServiceRule): PolicyDraft {
  const others = draft.services.filter((existing) => existing.service !== rule.service);
  const isListed = others.length !== draft.services.length;
  const services = isListed
    ? draft.services.map((existing) => (existing.service === rule.service ? rule : existing))
    : [...draft.services, rule];
  return { ...draft, services };
}

/** The draft without `service`. */
export function withoutService(draft: PolicyDraft, service: string): PolicyDraft {
  return { ...draft, services: draft.services.filter((rule) => rule.service !== service) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
