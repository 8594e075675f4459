// The paths of the entity reads: the entity id checked before it goes into a URL, and the times encoded.

import type { EntityWindow, ReadFailure } from '../reader.ts';

/** A path to send, or why nothing is sent. */
export type ReadPath = { ok: true; path: string } | { ok: false; failure: ReadFailure; reason: string };

/** The shape of an entity id, `domain.object_id` in lower-case letters, digits and `_`. */
const ENTITY_ID = /^[a-z0-9_]+\.[a-z0-9_]+$/;

/** True when `entityId` has the shape of an entity id, so it can go into a URL as it is. */
export function isValidEntityId(entityId: string): boolean {
  return ENTITY_ID.test(entityId);
}

/** `/api/states/<entity_id>`. */
export function statePath(entityId: string): ReadPath {
  return isValidEntityId(entityId) ? { ok: true, path: `/api/states/${entityId}` } : invalidEntity(entityId);
}

/** `/api/history/period/<start>?filter_entity_id=…&end_time=…&minimal_response&no_attributes`. */
export function historyPath(window: EntityWindow): ReadPath {
  const checked = checkWindow(window);
  if (checked !== undefined) return checked;
  const start = encodeURIComponent(haTime(window.start));
  const query = `filter_entity_id=${window.entityId}&end_time=${encodeURIComponent(haTime(window.end))}`;
  // Presence switches them on (ha-apis.md §2.5): rows between the first and last carry only state and time.
  return { ok: true, path: `/api/history/period/${start}?${query}&minimal_response&no_attributes` };
}

/** `/api/logbook/<start>?entity=…&end_time=…`. */
export function logbookPath(window: EntityWindow): ReadPath {
  const checked = checkWindow(window);
  if (checked !== undefined) return checked;
  const start = encodeURIComponent(haTime(window.start));
  return {
    ok: true,
    path: `/api/logbook/${start}?entity=${window.entityId}&end_time=${encodeURIComponent(haTime(window.end))}`,
  };
}

/**
 * A time as Home Assistant writes it, in UTC with `+00:00` (e.g. `2026-01-01T06:00:00.000+00:00`). Its `+` must be
 * percent-encoded: a raw `+` in a query decodes to a space, and HA answers `Invalid end_time`.
 */
export function haTime(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00');
}

/** Why a window cannot be sent, or undefined when it can. */
function checkWindow(window: EntityWindow): ReadPath | undefined {
  if (!isValidEntityId(window.entityId)) return invalidEntity(window.entityId);
  if (Number.isNaN(window.start.getTime()) || Number.isNaN(window.end.getTime())) {
    return {
      ok: false,
      failure: 'refused',
      reason: 'the start or end of the time window is not a valid time; nothing was sent',
    };
  }
  return undefined;
}

function invalidEntity(entityId: string): ReadPath {
  // Only the start is quoted: the text may come from a model and be long.
  const shown = JSON.stringify(entityId.length > 64 ? `${entityId.slice(0, 64)}…` : entityId);
  return {
    ok: false,
    failure: 'not-found',
    reason: `${shown} is not a valid entity id (domain.object_id in lower-case letters, digits and _); nothing was sent`,
  };
}
