// Which devices are reached only by their exact name or alias, never by part of it: locks, alarm panels, and every
// device the confirmation table counts as sensitive (garage, gate and door covers, gas valves, opener switches).

import { sensitiveActionOf } from '../confirm/sensitive-actions.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';

/** Domains that are exact-only whatever they are asked to do (locking is as much a lock's business as unlocking). */
const EXACT_ONLY_DOMAINS: ReadonlySet<string> = new Set(['lock', 'alarm_control_panel']);

/** The intents a sensitive device may be worked by, each asked of the confirmation table (a position opens). */
const PROBES: readonly { intent: string; extra: Record<string, unknown> }[] = [
  { intent: 'HassTurnOn', extra: {} },
  { intent: 'HassTurnOff', extra: {} },
  { intent: 'HassToggle', extra: {} },
  { intent: 'HassSetPosition', extra: { position: 50 } },
];

/**
 * True when `entity` must be named exactly: a lock or an alarm panel, or a device some intent would do something
 * sensitive to (judged by the confirmation table, as the gate judges it; a class not yet read counts as sensitive).
 */
export function needsExactName(entity: CatalogEntity, catalog: EntityCatalog): boolean {
  if (EXACT_ONLY_DOMAINS.has(entity.domain)) return true;
  const only = { ...catalog, entities: [entity] };
  return PROBES.some(
    (probe) =>
      sensitiveActionOf(
        { arguments: JSON.stringify({ name: entity.name, domain: [entity.domain], ...probe.extra }) },
        probe.intent,
        only,
      ) !== undefined,
  );
}
