// What the tool add-on reads from one Home Assistant: the reader interface and the wire shapes it returns.

import type { GetConfigResult } from './rest/config-schema.ts';

/** Why a read failed, so a tool can choose its answer (e.g. fall back, or say the membership is unknown). */
export type ReadFailure =
  /** The address rules, the pin or the body limit refused it before or while connecting. */
  | 'refused'
  /** Home Assistant refused the token (401; for `/api/template` also a valid non-admin token). */
  | 'unauthorized'
  /** 404: no such entity. */
  | 'not-found'
  /** A template failed to render (HA's 400 `Error rendering template: …`, or WebSocket `template_error`). */
  | 'template-error'
  /** A WebSocket command Home Assistant does not know (an older version). */
  | 'unknown-command'
  /** Network failure, timeout, redirect, 503, or another status. */
  | 'unreachable'
  /** The answer is not the shape Home Assistant documents. */
  | 'bad-answer';

/** A read's outcome: the value, or the failure with a reason that is safe to show (it never holds the token). */
export type Read<T> = { ok: true; value: T } | { ok: false; failure: ReadFailure; reason: string };

/** One state object (`GET /api/states`), in Home Assistant's spelling; other keys may be present. */
export interface HaState {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
  last_changed: string;
  last_updated: string;
}

/** One row of `GET /api/history/period` asked with `minimal_response` and `no_attributes`. */
export interface HaHistoryRow {
  state: string;
  /** ISO time of the change. */
  last_changed: string;
}

/** One logbook entry (`GET /api/logbook`): `when` always, the rest depends on the kind of entry. */
export type HaLogbookEntry = { when: string } & Record<string, unknown>;

/** One field of a service, as `GET /api/services` describes it. */
export interface HaServiceField {
  name?: string;
  description?: string;
  required?: boolean;
  example?: unknown;
  selector?: Record<string, unknown>;
}

/** One service's description (`GET /api/services`). */
export interface HaServiceDescription {
  name?: string;
  description?: string;
  fields?: Record<string, HaServiceField | Record<string, unknown>>;
  target?: Record<string, unknown>;
  response?: { optional: boolean };
}

/** One domain of `GET /api/services`: `services` is an object keyed by service name. */
export interface HaServiceDomain {
  domain: string;
  services: Record<string, HaServiceDescription>;
}

/** One row of `config/area_registry/list` (WebSocket), the fields hearth reads. */
export interface HaAreaEntry {
  area_id: string;
  name: string;
}

/** One row of `config/device_registry/list`, the fields hearth reads. */
export interface HaDeviceEntry {
  id: string;
  area_id: string | null;
  labels?: string[];
}

/** One row of `config/entity_registry/list`, the fields hearth reads. */
export interface HaEntityEntry {
  entity_id: string;
  device_id: string | null;
  /** The entity's own area; null means it inherits its device's. */
  area_id: string | null;
  /** Absent before Home Assistant 2024.4. */
  labels?: string[];
  /** Why the entity is disabled; null or absent when it is enabled (a disabled entity has no state). */
  disabled_by?: string | null;
}

/** One row of `config/label_registry/list` (HA 2024.4+), the fields hearth reads. */
export interface HaLabelEntry {
  label_id: string;
  name: string;
}

/** The four registries the exclusions read, as one connection's mirror holds them. */
export interface HaRegistries {
  areas: readonly HaAreaEntry[];
  /** Undefined on a Home Assistant without labels (before 2024.4: `unknown_command`). */
  labels: readonly HaLabelEntry[] | undefined;
  devices: readonly HaDeviceEntry[];
  entities: readonly HaEntityEntry[];
}

/** A time window of one entity's history or logbook. */
export interface EntityWindow {
  entityId: string;
  start: Date;
  end: Date;
}

/**
 * Reads one Home Assistant. Every method applies the connection's address rules, pin and body limit, sends the
 * token only in the Authorization header, and returns failures as values.
 */
export interface HomeAssistantReader {
  /** The connection's address, e.g. `https://homeassistant.local:8123`. */
  readonly address: string;
  /** `GET /api/config`, reduced to version, time zone, units, language and state. */
  getConfig(): Promise<GetConfigResult>;
  /** `GET /api/states`. */
  getStates(): Promise<Read<HaState[]>>;
  /** `GET /api/states/<entity_id>`; `not-found` on 404. */
  getState(entityId: string): Promise<Read<HaState>>;
  /** `GET /api/history/period/<start>?filter_entity_id=…&end_time=…&minimal_response&no_attributes`; `[]` without data. */
  getHistory(window: EntityWindow): Promise<Read<HaHistoryRow[]>>;
  /** `GET /api/logbook/<start>?entity=…&end_time=…`, oldest first as Home Assistant sends them. */
  getLogbook(window: EntityWindow): Promise<Read<HaLogbookEntry[]>>;
  /** `GET /api/services`. */
  getServices(): Promise<Read<HaServiceDomain[]>>;
  /**
   * Renders one of hearth's fixed templates: `POST /api/template`, and over the WebSocket's `render_template` when
   * the token is not an admin's (REST answers 401). Never called with text from a model.
   */
  renderTemplate(template: string): Promise<Read<string>>;
  /** WebSocket `config/area_registry/list`. */
  listAreas(): Promise<Read<HaAreaEntry[]>>;
  /** WebSocket `config/device_registry/list`. */
  listDevices(): Promise<Read<HaDeviceEntry[]>>;
  /** WebSocket `config/entity_registry/list`. */
  listEntities(): Promise<Read<HaEntityEntry[]>>;
  /**
   * The area, label, device and entity registries from the connection's live mirror, fresh as of this call: every
   * registry event Home Assistant sent before the call is applied first. Undefined while the mirror is not ready (the
   * first call, after a reconnect, after Home Assistant refused it): it is then read in the background, and the caller
   * reads the other way. A failure when the mirror was ready but could not vouch for itself (its socket failed).
   * Optional: a reader without it is always read the other way.
   */
  readRegistries?(): Promise<Read<HaRegistries> | undefined>;
  /** Closes the reader's connections. */
  close(): Promise<void>;
}

/** A service call as sent: `POST /api/services/<domain>/<service>` with `data` as the body (targets inside it). */
export interface ServiceCall {
  domain: string;
  service: string;
  /** The body: `entity_id` and the service's fields. */
  data: Record<string, unknown>;
}

/**
 * The outcome of a service call. `not-sent`: refused or unreachable before any byte of the request left, so nothing
 * happened. `failed`: Home Assistant answered an error. `unknown`: the request left and no answer came (the connection
 * broke, or the time ran out); Home Assistant may have carried it out, so it must never be retried by itself.
 */
export type ServiceCallOutcome =
  | { kind: 'done'; changed: HaState[] }
  | { kind: 'failed'; reason: string }
  | { kind: 'not-sent'; reason: string }
  | { kind: 'unknown'; reason: string };

/** Calls services on one Home Assistant, under the same address rules, pin and token rules as the reader. */
export interface HomeAssistantWriter {
  /** Sends the call once; never retries. */
  callService(call: ServiceCall): Promise<ServiceCallOutcome>;
}

/** Everything hearth does with one Home Assistant: the reads and the service calls. */
export type HomeAssistantClient = HomeAssistantReader & HomeAssistantWriter;
