// list-areas: the areas with entity and device counts, the visible entities by domain, and how many are unavailable.

import { z } from 'zod';
import type { HaState } from '../../homeassistant/index.ts';
import { defineTool, refusedQuoting } from '../tool.ts';

/** Counts of a group of visible entities. */
interface EntityCounts {
  entities: number;
  unavailable: number;
  /** Visible entities per domain, e.g. `{"light": 3}`. */
  domains: Record<string, number>;
}

/** The list-areas tool. */
export const listAreasTool = defineTool({
  name: 'list-areas',
  kind: 'read',
  title: 'Areas',
  description:
    'The areas with their device count, their visible entities by domain and how many are unavailable; and the same for entities in no area.',
  args: z.strictObject({}),
  async run(_args, context) {
    const read = await context.home({ needAreas: true });
    if (read.kind === 'refused') return read;
    const { areas, states, notices } = read.home;
    if (areas?.kind !== 'known')
      return refusedQuoting('Home Assistant could not say which entities its areas hold', `${areas?.reason}`);
    const byArea = new Map<string | null, HaState[]>();
    for (const state of states) {
      const area = areas.areaOf.get(state.entity_id) ?? null;
      byArea.set(area, [...(byArea.get(area) ?? []), state]);
    }
    return {
      kind: 'data',
      data: {
        areas: areas.areas.map((area) => ({
          id: area.id,
          name: area.name,
          devices: area.deviceCount,
          ...countEntities(byArea.get(area.id) ?? []),
        })),
        without_area: countEntities(byArea.get(null) ?? []),
      },
      notices,
    };
  },
});

function countEntities(states: readonly HaState[]): EntityCounts {
  const domains: Record<string, number> = {};
  for (const state of states) {
    const domain = state.entity_id.slice(0, state.entity_id.indexOf('.'));
    domains[domain] = (domains[domain] ?? 0) + 1;
  }
  const unavailable = states.filter((state) => state.state === 'unavailable').length;
  return { entities: states.length, unavailable, domains };
}
