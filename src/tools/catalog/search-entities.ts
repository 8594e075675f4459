// search-entities: entities by words, domain, area or state, at most 50 per call, with the total.

import { z } from 'zod';
import type { HaState } from '../../homeassistant/index.ts';
import type { AreaInfo, AreaMembership, KnownAreas } from '../home/area-membership.ts';
import { defineTool, refusedQuoting, type ToolOutcome } from '../tool.ts';

/** The most entities one call returns. */
export const MAX_RESULTS = 50;

const SearchArgsSchema = z.strictObject({
  words: z
    .string()
    .max(200)
    .optional()
    .describe('Words that must all appear in the entity id or name, e.g. "office temp".'),
  domain: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'must be a domain such as light or sensor')
    .optional()
    .describe('Only this domain, e.g. light.'),
  area: z.string().max(100).optional().describe('Only this area, by id or name, e.g. kitchen.'),
  state: z.string().max(100).optional().describe('Only entities in this state, e.g. unavailable or on.'),
});

/** The search-entities tool. */
export const searchEntitiesTool = defineTool({
  name: 'search-entities',
  kind: 'read',
  title: 'Search entities',
  description: `Entities by words, domain, area or state (all optional, combined), at most ${MAX_RESULTS} per call, with the total.`,
  args: SearchArgsSchema,
  async run(args, context) {
    const read = await context.home({ needAreas: args.area !== undefined });
    if (read.kind === 'refused') return read;
    const { areas } = read.home;
    let area: AreaInfo | undefined;
    if (args.area !== undefined) {
      if (areas?.kind !== 'known')
        return refusedQuoting('Home Assistant could not say which entities its areas hold', `${areas?.reason}`);
      const found = findArea(args.area, areas);
      if (found.kind === 'refused') return found;
      area = found.area;
    }
    const matches = read.home.states
      .filter((state) => matchesSearch(state, args, area))
      .sort((a, b) => a.entity_id.localeCompare(b.entity_id));
    const notices = [...read.home.notices];
    if (matches.length > MAX_RESULTS)
      notices.push(`${MAX_RESULTS} of ${matches.length} matches are shown; narrow the search.`);
    return {
      kind: 'data',
      data: {
        total: matches.length,
        entities: matches.slice(0, MAX_RESULTS).map((state) => describe(state, areas)),
      },
      notices,
    };
  },
});

function findArea(
  wanted: string,
  areas: KnownAreas,
): { kind: 'found'; area: AreaInfo } | Extract<ToolOutcome, { kind: 'refused' }> {
  const key = wanted.trim().toLowerCase();
  const area = areas.areas.find((item) => item.id.toLowerCase() === key || item.name.toLowerCase() === key);
  if (area !== undefined) return { kind: 'found', area };
  // Area names are Home Assistant's text, so they stay out of a refusal (which is not marked untrusted).
  return { kind: 'refused', reason: `Home Assistant has no area "${wanted}"; list-areas shows its areas.` };
}

function matchesSearch(state: HaState, args: z.output<typeof SearchArgsSchema>, area: AreaInfo | undefined): boolean {
  if (args.domain !== undefined && !state.entity_id.startsWith(`${args.domain}.`)) return false;
  if (args.state !== undefined && state.state.toLowerCase() !== args.state.trim().toLowerCase()) return false;
  if (area !== undefined && !area.entityIds.includes(state.entity_id)) return false;
  if (args.words === undefined) return true;
  const haystack = `${state.entity_id.replaceAll('_', ' ')} ${friendlyName(state)}`.toLowerCase();
  return args.words
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

function describe(state: HaState, areas: AreaMembership | undefined) {
  const area = areaOf(state.entity_id, areas);
  return {
    entity_id: state.entity_id,
    name: friendlyName(state),
    state: state.state,
    ...(area === undefined ? {} : { area }),
  };
}

/** The entity's area name, when the areas were read; null when it has none. */
function areaOf(entityId: string, areas: AreaMembership | undefined): string | null | undefined {
  if (areas?.kind !== 'known') return undefined;
  const id = areas.areaOf.get(entityId);
  return id === undefined ? null : (areas.areas.find((area) => area.id === id)?.name ?? id);
}

function friendlyName(state: HaState): string {
  const name = state.attributes.friendly_name;
  return typeof name === 'string' ? name : '';
}
