// A test file's fake home as the intents repository's harness builds it: slot lists, states, areas, floors.

import {
  createTextSlotList,
  createTextValue,
  ResponseState,
  textSlotListFromStrings,
  type RecognizeResult,
  type SlotList,
} from '../../../src/hassil/index.ts';
import { isTemplate } from '../../../src/hassil/parse.ts';
import type { TestEntity, TestFile } from './test-file.ts';

/** The satellite's area when the test file marks none (the harness's sentinel). */
export const CONTEXT_AREA_NAME = '__context_area__';

/** An area of the fake home. */
export interface FakeArea {
  id: string;
  name: string;
  floorId: string | undefined;
}
/** A floor of the fake home. */
export interface FakeFloor {
  id: string;
  name: string;
}
/** A state plus what the harness filters it by. */
export interface FakeState {
  state: ResponseState;
  areaId: string | undefined;
  isExposed: boolean;
}

/** Everything one test file's sentences run against. */
export interface FakeHome {
  slotLists: Record<string, SlotList>;
  contextArea: string;
  states: FakeState[];
  areas: FakeArea[];
  floors: FakeFloor[];
  /** Entity name → the domains of entities with that name. */
  domainsByName: Map<string, Set<string>>;
}

/** Python's str.casefold, closely enough for names (ß folds to ss). */
export function casefold(text: string): string {
  return text.toLowerCase().replaceAll('ß', 'ss');
}

/** `_slug`: an id from a human name. */
export function slug(name: string): string {
  return casefold(name.trim()).replaceAll(' ', '_');
}

function plainName(name: string, what: string): string {
  // The harness samples template names; no en/de test file uses one, so this harness does not.
  if (isTemplate(name)) throw new Error(`${what} name '${name}' is a template; sampling names is not implemented`);
  return name.trim();
}

/** Builds the fake home of a test file. */
export function createFakeHome(test: TestFile): FakeHome {
  const entities = test.entities ?? [];
  const areas = test.areas ?? [];
  const contextAreas = areas.filter((area) => area.context_area === true).map((area) => area.name);
  if (contextAreas.length > 1) throw new Error('only one area can be the context area');
  const domainsByName = new Map<string, Set<string>>();
  for (const entity of entities)
    domainsByName.set(entity.name, (domainsByName.get(entity.name) ?? new Set()).add(entity.domain));
  return {
    slotLists: {
      name: createTextSlotList(
        'name',
        entities.map((e) =>
          createTextValue(e.name, e.name, {
            allowTemplate: true,
            context: { domain: e.domain },
            metadata: entityMetadata(e),
          }),
        ),
      ),
      area: textSlotListFromStrings(
        'area',
        areas.map((area) => area.name),
      ),
      floor: textSlotListFromStrings(
        'floor',
        (test.floors ?? []).map((floor) => floor.name),
      ),
    },
    contextArea: contextAreas[0] ?? CONTEXT_AREA_NAME,
    states: entities.map(toFakeState),
    areas: areas.map((area) => ({
      id: slug(area.name),
      name: plainName(area.name, 'area'),
      floorId: area.floor ? slug(area.floor) : undefined,
    })),
    floors: (test.floors ?? []).map((floor) => ({ id: slug(floor.name), name: plainName(floor.name, 'floor') })),
    domainsByName,
  };
}

function entityMetadata(e: TestEntity): Record<string, unknown> {
  return {
    domain: e.domain,
    state: e.state ?? null,
    state_with_unit: e.state_with_unit ?? null,
    entity_id: `${e.domain}.${slug(e.name)}`,
    attributes: e.attributes ?? {},
    name: e.name,
  };
}

/** `_build_fixtures` + `get_states`: a missing state is "off"; `state_with_unit` stands in for a missing state. */
function toFakeState(e: TestEntity): FakeState {
  const raw = e.state !== undefined ? e.state : e.state_with_unit !== undefined ? e.state_with_unit : 'off';
  const inOut =
    typeof raw === 'object' && raw !== null && 'out' in raw ? (raw as { in: unknown; out: unknown }) : undefined;
  const state = new ResponseState({
    entityId: `${e.domain}.${slug(e.name)}`,
    name: plainName(e.name, 'entity'),
    state: inOut === undefined ? raw : inOut.out,
    ...(inOut === undefined ? {} : { humanState: String(inOut.in) }),
    attributes: e.attributes ?? {},
  });
  return { state, areaId: e.area ? slug(e.area) : undefined, isExposed: e.is_exposed ?? true };
}

function entityValue(result: RecognizeResult, name: string): unknown {
  return result.entities[name]?.value;
}

/** `get_matched_states`: the states a result targets, split by whether they have the requested state. */
export function matchStates(
  home: FakeHome,
  result: RecognizeResult,
): { matched: ResponseState[]; unmatched: ResponseState[] } {
  let states = home.states;
  const intent = result.intent.name;
  if (intent === 'HassClimateGetTemperature' || intent === 'HassClimateSetTemperature')
    states = states.filter((s) => s.state.domain === 'climate');
  else if (intent === 'HassGetWeather') states = states.filter((s) => s.state.domain === 'weather');
  const normalize = (value: unknown) => (value === undefined ? undefined : casefold(String(value).trim()));
  const name = normalize(entityValue(result, 'name'));
  const area = normalize(entityValue(result, 'area'));
  const floor = normalize(entityValue(result, 'floor'));
  const domain = normalize(entityValue(result, 'domain'));
  const deviceClass = entityValue(result, 'device_class');
  const wanted = result.entities.state;
  const areaIds = new Map(home.areas.map((a) => [casefold(a.name), a.id]));
  const floorIds = new Map(home.floors.map((f) => [casefold(f.name), f.id]));
  const floorOfArea = new Map(home.areas.map((a) => [a.id, a.floorId]));
  const matched: ResponseState[] = [];
  const unmatched: ResponseState[] = [];
  for (const { state, areaId, isExposed } of states) {
    if (!isExposed) continue;
    if (name !== undefined && casefold(state.name) !== name) continue;
    const floorId = areaId === undefined ? undefined : floorOfArea.get(areaId);
    // Python compares None with None here: an entity without an area passes an unknown area.
    if (floor !== undefined && floorId !== floorIds.get(floor)) continue;
    if (area !== undefined && areaId !== areaIds.get(area)) continue;
    if (domain !== undefined && domain !== state.domain) continue;
    if (deviceClass !== undefined && deviceClass !== (state.attributes.device_class ?? undefined)) continue;
    if (wanted === undefined || state.hass_state === wanted.value) matched.push(state);
    else unmatched.push(state);
  }
  return { matched, unmatched };
}

/** The `{name}` shortcut of the harness: states with the matched name, split by the requested state. */
export function statesNamed(
  home: FakeHome,
  result: RecognizeResult,
  name: unknown,
): { matched: ResponseState[]; unmatched: ResponseState[] } {
  const target = casefold(String(name).trim());
  const named = home.states.map((s) => s.state).filter((state) => casefold(state.name.trim()) === target);
  const wanted = result.entities.state;
  if (wanted === undefined) return { matched: named, unmatched: [] };
  return {
    matched: named.filter((s) => s.hass_state === wanted.value),
    unmatched: named.filter((s) => s.hass_state !== wanted.value),
  };
}
