// The WebSocket command table: one row per command type, its schema, when the version has it, and its handler.

import { ASSIST_COMMANDS } from './assist-commands.ts';
import type { BinaryHandler } from './binary-handlers.ts';
import { type FakeHaContext, type FakeUser, readableStates, renderFor } from './context.ts';
import type { HaFeatures } from './features.ts';
import { parseResult } from './python-literal.ts';
import { areaRow, deviceRow, entityRow, floorRow, labelRow } from './registry-rows.ts';
import { runServiceCall, type ServiceCallResult } from './service-calls.ts';
import { isoTime } from './ha-time.ts';
import { servicesDict } from './services.ts';
import { isBoolean, isDict, isFeatureMap, isFloat, isPositiveInt, isString, type MessageSchema } from './ws-schema.ts';

/** A command message after the id and type checks. */
export type WsMessage = Record<string, unknown> & { id: number; type: string };

/** What a command handler may do on its connection. */
export interface WsConnection {
  readonly context: FakeHaContext;
  readonly user: FakeUser;
  /** Which connection, counting from 1 in the order they were opened (as in the record). */
  readonly index: number;
  /** Live subscriptions by the id of the command that opened them; the value ends one. */
  readonly subscriptions: Map<number, () => void>;
  /** The `features` of the last `supported_features` command. */
  supportedFeatures: Record<string, number>;
  send(message: Record<string, unknown>): void;
  sendResult(id: number, result?: unknown): void;
  sendError(id: number, code: string, message: string): void;
  sendEvent(id: number, event: unknown): void;
  /** Breaks the connection without a close handshake (`dropAfterServiceCall`, `assist.dropAt`). */
  terminate(): void;
  /** Stops reading and answering anything, the socket left open (`assist.silentAt`): a frozen Home Assistant. */
  silence(): void;
  /** `async_register_binary_handler`: the handler id (index + 1) and the function that frees it. */
  registerBinaryHandler(handler: BinaryHandler): [id: number, unregister: () => void];
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

/** Every command the fake knows. Later additions are new rows. */
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
  call_service: {
    schema: {
      required: { domain: isString, service: isString },
      optional: { service_data: isDict, target: isDict, return_response: isBoolean },
    },
    handle: callService,
  },
  subscribe_events: {
    schema: { optional: { event_type: isString } },
    handle: subscribeEvents,
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
    context.home.registries.current().areas.map((area) => areaRow(area, context.options.features)),
  ),
  'config/floor_registry/list': {
    ...list(({ context }) => context.home.registries.current().floors.map(floorRow)),
    isAvailable: (features) => features.floors,
  },
  'config/label_registry/list': {
    ...list(({ context }) => context.home.registries.current().labels.map(labelRow)),
    isAvailable: (features) => features.labels,
  },
  'config/device_registry/list': list(({ context }) => {
    const { devices, entities } = context.home.registries.current();
    const platformOf = (id: string) => entities.find((entity) => entity.device_id === id)?.platform ?? 'unknown';
    return devices.map((device) => deviceRow(device, platformOf(device.id), context.options.features));
  }),
  'config/entity_registry/list': list(({ context }) =>
    context.home.registries.current().entities.map((entity) => entityRow(entity, context.options.features)),
  ),
  ...ASSIST_COMMANDS,
};

/**
 * The event types a non-admin may subscribe to: the registry events of `auth/permissions/events.py`'s
 * `SUBSCRIBE_ALLOWLIST` that the fake fires (HA's list is longer; an admin may subscribe to anything).
 */
const SUBSCRIBE_ALLOWLIST: readonly string[] = [
  'area_registry_updated',
  'device_registry_updated',
  'entity_registry_updated',
  'label_registry_updated',
  'state_changed',
];

/**
 * `handle_subscribe_events` (ha-apis.md §3.5): an empty result, then every matching event on the bus as
 * `{event_type, data, origin, time_fired, context}`. The fake's bus carries the registry events only.
 */
function subscribeEvents(message: WsMessage, connection: WsConnection): void {
  const eventType = message.event_type as string | undefined;
  if (!connection.user.admin && (eventType === undefined || !SUBSCRIBE_ALLOWLIST.includes(eventType))) {
    connection.sendError(message.id, 'unauthorized', 'Unauthorized');
    return;
  }
  const { context } = connection;
  const stop = context.home.registries.onEvent((event) => {
    if (eventType !== undefined && event.event_type !== eventType) return;
    const time = isoTime(context.options.now());
    connection.sendEvent(message.id, {
      ...event,
      origin: 'LOCAL',
      time_fired: time,
      context: { id: context.nextContextId(), parent_id: null, user_id: null },
    });
  });
  connection.subscriptions.set(message.id, stop);
  connection.sendResult(message.id, null);
}

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

/**
 * `handle_call_service` (ha-apis.md §3.7): `target` is merged into the service data, the result carries the call's
 * context, and `response` only when it was asked for. It runs apart from the connection (`@async_response`), so a
 * call whose connection drops still completes.
 */
function callService(message: WsMessage, connection: WsConnection): void {
  const domain = message.domain as string;
  const service = message.service as string;
  const data = { ...(message.service_data as object | undefined), ...(message.target as object | undefined) };
  const isResponseRequested = message.return_response === true;
  const request = { domain, service, data, isResponseRequested, via: 'ws' as const, user: connection.user };
  void runServiceCall(connection.context, request).then((result) =>
    answerServiceCall({ message, connection, result, isResponseRequested }),
  );
}

/** The validation errors HA raises from `async_call` when `return_response` does not suit the service. */
const RESPONSE_ERRORS = {
  'response-not-supported': "An action which does not return responses can't be called with return_response=True",
  'response-required': 'The action requires responses and must be called with return_response=True',
} as const;

function answerServiceCall(answer: {
  message: WsMessage;
  connection: WsConnection;
  result: ServiceCallResult;
  isResponseRequested: boolean;
}): void {
  const { message, connection, result } = answer;
  if (result.kind === 'dropped') connection.terminate();
  else if (result.kind === 'done') {
    const response = answer.isResponseRequested ? { response: result.response } : {};
    connection.sendResult(message.id, { context: result.context, ...response });
  } else {
    const [code, text] = serviceCallError(message, result);
    connection.sendError(message.id, code, text);
  }
}

/** The error code and message of a call that did not run (`handle_call_service`'s `except` clauses). */
function serviceCallError(
  message: WsMessage,
  result: Exclude<ServiceCallResult, { kind: 'dropped' | 'done' }>,
): [code: string, message: string] {
  switch (result.kind) {
    case 'not-found':
      return ['not_found', `Service ${message.domain}.${message.service} not found.`];
    case 'response-not-supported':
    case 'response-required':
      return ['service_validation_error', `Validation error: ${RESPONSE_ERRORS[result.kind]}`];
    case 'invalid':
      return ['invalid_format', result.message];
    case 'raised':
      return result.error === 'validation'
        ? ['service_validation_error', `Validation error: ${result.message}`]
        : ['home_assistant_error', result.message];
  }
}
