// The visible view of one home for one tool call: read once (the exclusions' facts and every state), limits applied.

import type { HaState, HomeAssistantReader } from '../../homeassistant/index.ts';
import type { CallEntity } from '../policy/decide-call.ts';
import type { Exclusions } from '../policy/exclusion-config.ts';
import { createEntityView, type EntityView } from '../results/entity-filter.ts';
import type { AreaMembership } from './area-membership.ts';
import { entityNotices, type HomeFacts, isVisible, readHomeFacts, subjectOf, visibleOnly } from './home-facts.ts';

/**
 * What a tool sees of a home: only the entities the limits let through. Nothing in it names an excluded entity, so a
 * tool cannot hand one to the model even by mistake (and the guard's boundary filter removes any that slips in).
 */
export interface VisibleHome {
  /** The states of the visible entities, in Home Assistant's order. */
  readonly states: readonly HaState[];
  /** The areas, each holding only visible entities; undefined when they were not asked for (nor areas excluded). */
  readonly areas: AreaMembership | undefined;
  /** The notices a list of the visible entities carries (the label exclusion not applied, entities withheld). */
  readonly notices: readonly string[];
  /** The exclusions, with the area and label names of the configuration turned into Home Assistant's ids. */
  readonly exclusions: Exclusions;
  /** The state of a visible entity; undefined for one that is excluded or that Home Assistant does not have. */
  state(entityId: string): HaState | undefined;
  /** True when the limits let the entity through (whether or not Home Assistant has it). */
  isVisible(entityId: string): boolean;
  /** The notices of one entity that is shown (the label exclusion not applied on a Home Assistant without labels). */
  noticesOf(entityId: string): string[];
  /** What the decision on a service call reads about each named entity (an excluded one reads as missing). */
  callEntities(entityIds: readonly string[]): CallEntity[];
}

/** The view, with the filter the guard judges results by; or why the home cannot be read (nothing is shown then). */
export type HomeRead =
  | { kind: 'ok'; home: VisibleHome; filter: EntityView }
  | { kind: 'refused'; reason: string; said?: string };

/** The view as a tool gets it: without the filter, which knows the excluded entities. */
export type VisibleHomeRead = { kind: 'ok'; home: VisibleHome } | Extract<HomeRead, { kind: 'refused' }>;

/** One call's reader of the visible home: the first read asks Home Assistant, every later one gets the same view. */
export interface HomeView {
  /** The view; `needAreas` reads the area membership too (always read when areas are excluded). */
  read(options: { needAreas: boolean }): Promise<HomeRead>;
}

/**
 * Creates the view of one home for one call. It is read at most once (once more only when areas are asked for after a
 * read without them), so the tool and the boundary filter judge by the same home and Home Assistant is asked once.
 */
export function createHomeView(reader: HomeAssistantReader, exclusions: Exclusions): HomeView {
  let states: ReturnType<HomeAssistantReader['getStates']> | undefined;
  let built: { hasAreas: boolean; read: Promise<HomeRead> } | undefined;
  return {
    read({ needAreas }) {
      const wantsAreas = needAreas || exclusions.areas.length > 0;
      if (built === undefined || (wantsAreas && !built.hasAreas)) {
        states ??= reader.getStates();
        built = { hasAreas: wantsAreas, read: build(states, readHomeFacts({ reader, exclusions }, { needAreas })) };
      }
      return built.read;
    },
  };
}

async function build(
  reading: ReturnType<HomeAssistantReader['getStates']>,
  readingFacts: ReturnType<typeof readHomeFacts>,
): Promise<HomeRead> {
  const [states, facts] = await Promise.all([reading, readingFacts]);
  if (facts.kind === 'refused') return facts;
  if (!states.ok)
    return { kind: 'refused', reason: 'the states could not be read from Home Assistant', said: states.reason };
  const filter = createEntityView(
    states.value.map((state) => {
      const name = state.attributes.friendly_name;
      return {
        entityId: state.entity_id,
        isVisible: isVisible(state.entity_id, facts.facts),
        ...(typeof name === 'string' ? { name } : {}),
      };
    }),
  );
  return { kind: 'ok', home: visibleHome(states.value, facts.facts), filter };
}

function visibleHome(all: readonly HaState[], facts: HomeFacts): VisibleHome {
  const visible = visibleOnly(all, facts);
  const byId = new Map(visible.kept.map((state) => [state.entity_id, state]));
  return {
    states: visible.kept,
    areas: visibleAreas(facts),
    notices: visible.notices,
    exclusions: facts.exclusions,
    state: (entityId) => byId.get(entityId),
    isVisible: (entityId) => isVisible(entityId, facts),
    noticesOf: (entityId) => entityNotices(entityId, facts),
    callEntities: (entityIds) =>
      entityIds.map((id) => ({
        ...subjectOf(id, facts),
        exists: byId.has(id),
        deviceClass: deviceClassOf(byId.get(id)),
      })),
  };
}

/** The area membership with the excluded entities taken out of each area. */
function visibleAreas(facts: HomeFacts): AreaMembership | undefined {
  const { areas } = facts;
  if (areas?.kind !== 'known') return areas;
  const shown = (entityId: string) => isVisible(entityId, facts);
  return {
    kind: 'known',
    areas: areas.areas.map((area) => ({ ...area, entityIds: area.entityIds.filter(shown) })),
    areaOf: new Map([...areas.areaOf].filter(([entityId]) => shown(entityId))),
  };
}

function deviceClassOf(state: HaState | undefined): string | null {
  const value = state?.attributes.device_class;
  return typeof value === 'string' ? value : null;
}
