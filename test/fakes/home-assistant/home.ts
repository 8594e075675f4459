// The fake Home Assistant's model: current states, the registries, the services and the recorder of one home fixture.

import { fakeUlid } from './fake-ids.ts';
import type { HaFeatures } from './features.ts';
import { createFakeRegistries, type FakeRegistries } from './registry-changes.ts';
import type { AreaEntry, DeviceEntry, EntityEntry, FloorEntry, LabelEntry } from './registry-entries.ts';

/** Who or what caused a state (`Context.as_dict`). */
export interface HaContext {
  id: string;
  parent_id: string | null;
  user_id: string | null;
}

/** A state object as Home Assistant sends it (`State.as_dict`); `last_reported` exists since 2024.3. */
export interface HaState {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
  last_changed: string;
  last_reported?: string;
  last_updated: string;
  context: HaContext;
}

export type { AreaEntry, DeviceEntry, EntityEntry, FloorEntry, LabelEntry } from './registry-entries.ts';

/** A current state as the fixture writes it; `last_updated` defaults to `last_changed`, the context is derived. */
export interface FixtureState {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
  last_changed: string;
  last_updated?: string;
  context?: HaContext;
}

/** A service's description as `GET /api/services` shows it (without `response`, which comes from the spec). */
export interface ServiceDescription {
  name: string;
  description: string;
  fields: Record<string, Record<string, unknown>>;
  target?: Record<string, unknown>;
}

/** One service of the home. */
export interface ServiceSpec {
  domain: string;
  service: string;
  description: ServiceDescription;
  /** Whether the service returns data: `optional` and `only` add `response: {optional}` to the description. */
  supportsResponse: 'none' | 'optional' | 'only';
}

/** One row the recorder holds for an entity. */
export interface RecordedState {
  state: string;
  attributes: Record<string, unknown>;
  /** When the state last changed; equal to `last_updated` for a state change, earlier for an attribute-only change. */
  last_changed: string;
  last_updated: string;
  /** The context that caused the row; its origin becomes the logbook's `context_*` keys. */
  context?: RecordedContext;
}

/** A recorded context: its id (what `?context_id=` matches) and what the logbook says of its origin. */
export interface RecordedContext {
  id: string;
  /** Written as `context_<key>` on logbook state rows: user_id, event_type, domain, service, entity_id, … */
  origin?: Record<string, string>;
}

/** A logbook entry that is not a state change (`logbook_entry`, automation and script runs), in wire form. */
export type LogbookEvent = { when: string; entity_id: string | null; domain: string } & Record<string, unknown>;

/** What the recorder holds: explicit rows per entity, the other events, and the entities it does not record. */
export interface RecorderFixture {
  /** Rows oldest first. An entity without rows here is recorded as one row: its current state at `last_changed`. */
  history: Record<string, RecordedState[]>;
  /** Non-state logbook entries, oldest first. */
  logbook: LogbookEvent[];
  /** Entities the recorder excludes (`recorder: exclude:`): no history, no logbook. */
  excluded: string[];
}

/** A whole home: what `GET /api/config` says, registries, states, services and the recorder. */
export interface HomeFixture {
  /** `hass.config.as_dict()`; the fake replaces its `version` with its `haVersion`. */
  config: Record<string, unknown>;
  areas: AreaEntry[];
  floors: FloorEntry[];
  labels: LabelEntry[];
  devices: DeviceEntry[];
  entities: EntityEntry[];
  states: FixtureState[];
  services: ServiceSpec[];
  recorder: RecorderFixture;
}

/** The fake's home: the fixture plus the current states, seen through one version's features. */
export interface FakeHome {
  readonly fixture: HomeFixture;
  readonly features: HaFeatures;
  /** The registries as they are now (the fixture's at start); tests change them, and each change fires its event. */
  readonly registries: FakeRegistries;
  /** Every current state in wire form, in fixture order. */
  states(): HaState[];
  /** One current state in wire form. */
  state(entityId: string): HaState | undefined;
  /** The recorder's rows for one entity, oldest first; empty when it is excluded or unknown. */
  recorded(entityId: string): RecordedState[];
  /** Every entity id the recorder knows (states, explicit history), excluded ones left out. */
  recordedEntityIds(): string[];
  /**
   * Writes an entity's new state as `async_set` does: nothing happens when neither the state nor the attributes
   * change; otherwise `last_updated` (and `last_changed` when the state differs) become `change.at`, the context is
   * the writer's, and the recorder gets the row. Returns the new state in wire form, or undefined when unchanged.
   */
  setState(entityId: string, change: StateChange): HaState | undefined;
}

/** A state written by a service call. */
export interface StateChange {
  state: string;
  attributes: Record<string, unknown>;
  /** When it was written (HA's time text). */
  at: string;
  /** The call's context; `origin` becomes the logbook's `context_*` keys. */
  context: HaContext;
  origin?: Record<string, string>;
}

/** Builds the fake home over a fixture, for one version's features. */
export function createFakeHome(fixture: HomeFixture, features: HaFeatures): FakeHome {
  const initial = new Map(fixture.states.map((state) => [state.entity_id, state]));
  // The fixture's objects are shared by every fake, so a change replaces an entry and never edits one.
  const current = new Map(initial);
  /** Rows the recorder got from changes made while the fake ran, after the fixture's. */
  const written = new Map<string, RecordedState[]>();
  const excluded = new Set(fixture.recorder.excluded);
  const wire = (state: FixtureState): HaState => toWireState(state, features);
  return {
    fixture,
    features,
    registries: createFakeRegistries(fixture),
    states: () => [...current.values()].map(wire),
    state: (entityId) => {
      const state = current.get(entityId);
      return state === undefined ? undefined : wire(state);
    },
    recorded(entityId) {
      if (excluded.has(entityId)) return [];
      const state = initial.get(entityId);
      const rows = fixture.recorder.history[entityId] ?? (state === undefined ? [] : [recordedFromState(state)]);
      return [...rows, ...(written.get(entityId) ?? [])];
    },
    recordedEntityIds: () =>
      [...new Set([...current.keys(), ...Object.keys(fixture.recorder.history)])].filter((id) => !excluded.has(id)),
    setState(entityId, change) {
      const before = current.get(entityId);
      if (before === undefined) return undefined;
      const isStateChange = before.state !== change.state;
      if (!isStateChange && sameJson(before.attributes, change.attributes)) return undefined;
      const after: FixtureState = {
        entity_id: entityId,
        state: change.state,
        attributes: change.attributes,
        last_changed: isStateChange ? change.at : before.last_changed,
        last_updated: change.at,
        context: change.context,
      };
      current.set(entityId, after);
      const context = { id: change.context.id, ...(change.origin === undefined ? {} : { origin: change.origin }) };
      const row = { ...recordedFromState(after), context };
      written.set(entityId, [...(written.get(entityId) ?? []), row]);
      return wire(after);
    },
  };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A fixture state in wire form: `last_reported` only when the version has it, a derived context when none is set. */
export function toWireState(state: FixtureState, features: HaFeatures): HaState {
  const lastUpdated = state.last_updated ?? state.last_changed;
  return {
    entity_id: state.entity_id,
    state: state.state,
    attributes: state.attributes,
    last_changed: state.last_changed,
    ...(features.lastReported ? { last_reported: lastUpdated } : {}),
    last_updated: lastUpdated,
    context: state.context ?? { id: fakeUlid(`${state.entity_id}@${lastUpdated}`), parent_id: null, user_id: null },
  };
}

function recordedFromState(state: FixtureState): RecordedState {
  return {
    state: state.state,
    attributes: state.attributes,
    last_changed: state.last_changed,
    last_updated: state.last_updated ?? state.last_changed,
  };
}
