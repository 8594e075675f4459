// Targets that are never reached by a repair: locks, alarm panels, and covers that may be doors or gates.

import type { CatalogEntity } from '../../understand/index.ts';

const EXACT_ONLY_DOMAINS: ReadonlySet<string> = new Set(['lock', 'alarm_control_panel']);
const DOOR_LIKE_COVER_CLASSES: ReadonlySet<string> = new Set(['garage', 'gate', 'door']);

/**
 * True when an entity must be named exactly: opening a garage or disarming an alarm on a guessed name
 * is worse than asking. A cover whose device class the request does not say may be a garage door, so
 * it counts as one.
 */
export function requiresExactName(entity: CatalogEntity): boolean {
  if (EXACT_ONLY_DOMAINS.has(entity.domain)) return true;
  if (entity.domain !== 'cover') return false;
  const deviceClass = entity.attributes?.device_class;
  return typeof deviceClass !== 'string' || DOOR_LIKE_COVER_CLASSES.has(deviceClass.toLowerCase());
}
