// A connection's home as HA-Assist sees it in a request (areas and entities with their states), read under the limits.

import type { Area, Entity, Home, HomeAttributeValue } from '../../homeassistant/request/index.ts';
import { redact } from '../results/redact.ts';
import type { HomeView } from './visible-home.ts';

/** The most entities put in one playground home: Home Assistant's own prompts hold a few hundred at most. */
export const MAX_ASSIST_HOME_ENTITIES = 500;

/**
 * Reads the entities the tools may show (every exclusion applied, attributes redacted as in every result) with their
 * areas. Area membership is required: without it an excluded area could not be held back, so the home is refused.
 */
export async function readAssistHome(
  view: HomeView,
): Promise<{ kind: 'ok'; home: Home; cut: number } | { kind: 'refused'; reason: string; said?: string }> {
  const read = await view.read({ needAreas: true });
  if (read.kind === 'refused') return read;
  const { areas, states: visible } = read.home;
  if (areas?.kind !== 'known')
    return { kind: 'refused', reason: `Home Assistant could not say which area each entity is in: ${areas?.reason}` };
  const areaName = new Map(areas.areas.map((area) => [area.id, area.name]));
  const entities = visible.slice(0, MAX_ASSIST_HOME_ENTITIES).map((state): Entity => {
    const domain = state.entity_id.slice(0, state.entity_id.indexOf('.'));
    const { friendly_name, device_class, ...attributes } = state.attributes;
    const areaId = areas.areaOf.get(state.entity_id);
    const area = areaId === undefined ? undefined : areaName.get(areaId);
    return {
      entityId: state.entity_id,
      domain,
      name: typeof friendly_name === 'string' ? friendly_name : state.entity_id,
      aliases: [],
      state: state.state,
      attributes: scalarAttributes(attributes),
      ...(area === undefined ? {} : { area }),
      ...(typeof device_class === 'string' ? { deviceClass: device_class } : {}),
    };
  });
  const used = new Set(entities.flatMap((entity) => (entity.area === undefined ? [] : [entity.area])));
  const homeAreas: Area[] = areas.areas
    .filter((area) => used.has(area.name))
    .map((area) => ({ name: area.name, aliases: [] }));
  return { kind: 'ok', home: { areas: homeAreas, entities }, cut: visible.length - entities.length };
}

/** The attributes a request shows, redacted: scalars only (lists and objects are never part of the entity lines). */
function scalarAttributes(attributes: Record<string, unknown>): Record<string, HomeAttributeValue> {
  const redacted = redact(attributes);
  const kept: Record<string, HomeAttributeValue> = {};
  if (redacted === null || typeof redacted !== 'object' || Array.isArray(redacted)) return kept;
  for (const [key, value] of Object.entries(redacted))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      kept[key] = value as HomeAttributeValue;
  return kept;
}
