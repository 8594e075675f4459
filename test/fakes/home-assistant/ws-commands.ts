// The WebSocket command table: one row per command type, its schema, when the version has it, and its handler.

import { type FakeHaContext, type FakeUser, readableStates, renderFor } from './context.ts';
import type { HaFeatures } from './features.ts';
import { parseResult } from './python-literal.ts';
import { areaRow, deviceRow, entityRow, floorRow, labelRow } from './registry-rows.ts';
import { servicesDict } from './services.ts';
import { isBoolean, isDict, isFeatureMap, isFloat, isPositiveInt, isString, type MessageSchema } from './ws-schema.ts';

/** A command message after the id and type checks. */
export type WsMessage = Record<string, unknown> & { id: number; type: string };

/** What a command handler may do on its connection. */
export interface WsConnection {
  readonly context: FakeHaContext;
  readonly user: FakeUser;
  /** Live subscriptions by the id of the command that opened them; the value ends one. */
  readonly subscriptions: Map<number, () => void>;
  /** The `features` of the last `supported_features` command. */
  supportedFeatures: Record<string, number>;
  send(message: Record<string, unknown>): void;
  sendResult(id: number, result?: unknown): void;
  sendError(id: number, code: string, message: string): void;
  sendEvent(id: number, event: unknown): void;
}

/** One row of the table. */
export interface WsCommand {
  schema: MessageSchema;
  /** Whether this version knows the command; an unknown one answers `unknown_command`. Default: always. */
  isAvailable?: (features: HaFeatures) => boolean;
  handle(message: WsMessage, connection: WsConnection): void;
}

// `info.listeners` of a template that reads no state: the area and label functions read registries only.
const NO_LISTENERS = { all: false, domains: [], entities: [], time: false };

const list = (rows: (connection: WsConnection) => unknown[]): WsCommand => ({
  schema: {},
  handle: (message, connection) => connection.sendResult(message.id, rows(connection)),
});

/** Every command the fake knows. Later additions (call_service, subscriptions, assist_pipeline/*) are new rows. */
export const WS_COMMANDS: Record<string, WsCommand> = {
  ping: { schema: {}, handle: (message, connection) => connection.send({ id: message.id, type: 'pong' }) },
  supported_features: {
    schema: { required: { features: isFeatureMap } },
    handle(message, connection) {
      connection.supportedFeatures = message.features as Record<string, number>;
      connection.sendResult(message.id, null);
    },
  },
  get_states: list(({ context, user }) => readableStates(context, user)),
  get_config: {
    schema: {},
    handle: (message, connection) => connection.sendResult(message.id, connection.context.options.config),
  },
  get_services: {
    schema: {},
    handle: (message, connection) => connection.sendResult(message.id, servicesDict(connection.context.home)),
  },
  render_template: {
    schema: {
      required: { template: isString },
      optional: {
        entity_ids: isStringOrList,
        variables: isDict,
        timeout: isFloat,
        strict: isBoolean,
        report_errors: isBoolean,
      },
    },
    handle: renderTemplate,
  },
  unsubscribe_events: {
    schema: { required: { subscription: isPositiveInt } },
    handle(message, connection) {
      const id = Number(message.subscription);
      const end = connection.subscriptions.get(id);
      if (end === undefined) return connection.sendError(message.id, 'not_found', 'Subscription not found.');
      connection.subscriptions.delete(id);
      end();
      connection.sendResult(message.id, null);
    },
  },
  'config/area_registry/list': list(({ context }) =>
    context.home.fixture.areas.map((area) => areaRow(area, context.options.features)),
  ),
  'config/floor_registry/list': {
    ...list(({ context }) => context.home.fixture.floors.map(floorRow)),
    isAvailable: (features) => features.floors,
  },
  'config/label_registry/list': {
    ...list(({ context }) => context.home.fixture.labels.map(labelRow)),
    isAvailable: (features) => features.labels,
  },
  'config/device_registry/list': list(({ context }) => {
    const { devices, entities } = context.home.fixture;
    const platformOf = (id: string) => entities.find((entity) => entity.device_id === id)?.platform ?? 'unknown';
    return devices.map((device) => deviceRow(device, platformOf(device.id), context.options.features));
  }),
  'config/entity_registry/list': list(({ context }) =>
    context.home.fixture.entities.map((entity) => entityRow(entity, context.options.features)),
  ),
};

function isStringOrList(value: unknown): string | undefined {
  return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    ? undefined
    : 'Entity IDs should be a comma separated string or a list';
}

/**
 * `handle_render_template`: it subscribes, answers a null result, then sends one event with the result read back
 * the way HA's `parse_result` does (so JSON text without null/true/false arrives as a list or dict, not text).
 * A failing template: with `report_errors`, a null result and an error event; without, a `template_error` result.
 */
function renderTemplate(message: WsMessage, connection: WsConnection): void {
  const template = message.template as string;
  const variables = message.variables as Record<string, unknown> | undefined;
  const outcome = renderFor(connection.context, template, 'ws', variables);
  if (!outcome.ok && message.report_errors !== true) {
    connection.sendError(message.id, 'template_error', outcome.error);
    return;
  }
  connection.subscriptions.set(message.id, () => {});
  connection.sendResult(message.id, null);
  if (!outcome.ok) {
    connection.sendEvent(message.id, { error: outcome.error, level: 'ERROR' });
    return;
  }
  // A static template (no tag) is not parsed: its stripped text is the result.
  const isStatic = !['{%', '{{', '{#'].some((marker) => template.includes(marker));
  const result = isStatic ? template.trim() : parseResult(outcome.text);
  connection.sendEvent(message.id, { result, listeners: NO_LISTENERS });
}
