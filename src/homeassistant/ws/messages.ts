// Builders of the messages hearth sends Home Assistant over the WebSocket: plain objects, no I/O, no ids.

import assert from 'node:assert/strict';
import { definedProps, firstIssueMessage, safeParseJson } from '../../common/index.ts';
import { wsError } from './failures.ts';
import { INPUT_SCHEMA_OF, type PipelineRunRequest } from './pipeline-types.ts';
import type { AuthMessage, Command } from './types.ts';

/** The seconds HA may spend rendering a template before it answers `template_error` (ha-apis.md §3.9). */
export const TEMPLATE_RENDER_TIMEOUT_S = 3;

/** `{"type": "auth", "access_token": …}`, the first message on a connection. */
export function authMessage(token: string): AuthMessage {
  return { type: 'auth', access_token: token };
}

/**
 * `render_template`: a subscription whose first event carries the rendered result, or, with `report_errors`, the
 * error. Not admin-only, unlike `POST /api/template`.
 */
export function renderTemplateCommand(template: string): Command {
  return { type: 'render_template', template, timeout: TEMPLATE_RENDER_TIMEOUT_S, report_errors: true };
}

/** `config/area_registry/list`. */
export function areaRegistryListCommand(): Command {
  return { type: 'config/area_registry/list' };
}

/** `config/device_registry/list`. */
export function deviceRegistryListCommand(): Command {
  return { type: 'config/device_registry/list' };
}

/** `config/entity_registry/list`. */
export function entityRegistryListCommand(): Command {
  return { type: 'config/entity_registry/list' };
}

/** `config/label_registry/list` (HA 2024.4+; older versions answer `unknown_command`). */
export function labelRegistryListCommand(): Command {
  return { type: 'config/label_registry/list' };
}

/** `subscribe_events` for one event type (ha-apis.md §3.5): an empty result, then one `event` message per event. */
export function subscribeEventsCommand(eventType: string): Command {
  return { type: 'subscribe_events', event_type: eventType };
}

/** `unsubscribe_events` for the subscription opened by command `subscription`. */
export function unsubscribeEventsCommand(subscription: number): Command {
  return { type: 'unsubscribe_events', subscription };
}

/** `ping`; HA answers with a `pong` of the same id. */
export function pingCommand(): Command {
  return { type: 'ping' };
}

/**
 * `assist_pipeline/run` (ha-apis.md §4.2). The input is checked against its start stage's schema first, since Home
 * Assistant answers a stray key with a bare `invalid_format`; throws `HA_PIPELINE_REQUEST_INVALID` naming the field.
 */
export function assistPipelineRunCommand(request: PipelineRunRequest): Command {
  const input = safeParseJson(INPUT_SCHEMA_OF[request.startStage], request.input);
  if (!input.success) {
    const issue = firstIssueMessage(input.error);
    throw wsError('HA_PIPELINE_REQUEST_INVALID', `the input of a run starting at ${request.startStage}: ${issue}`);
  }
  const { volume_multiplier } = input.data as { volume_multiplier?: number };
  return {
    type: 'assist_pipeline/run',
    start_stage: request.startStage,
    end_stage: request.endStage,
    input:
      volume_multiplier === undefined ? input.data : { ...input.data, volume_multiplier: wireFloat(volume_multiplier) },
    ...definedProps({
      pipeline: request.pipeline,
      conversation_id: request.conversationId,
      device_id: request.deviceId,
      timeout: request.timeout,
    }),
  };
}

/** A number that goes on the wire as a float: `2` is written `2.0` (see {@link encodeMessage}). */
export interface WireFloat {
  readonly kind: 'wire-float';
  readonly value: number;
}

/** Marks `value` to be written as a float. */
export function wireFloat(value: number): WireFloat {
  return { kind: 'wire-float', value };
}

/**
 * A message's JSON text, with each {@link WireFloat} spliced in as a float literal. `JSON.stringify(2)` gives `2`,
 * and the pipeline's float fields (`volume_multiplier`) are documented and sent by Home Assistant's own clients as
 * floats, so hearth writes `2.0`; `JSON.rawJSON` would do this but is newer than Node 20.
 */
export function encodeMessage(message: Readonly<Record<string, unknown>>): string {
  return encodeValue(message) ?? 'null';
}

function encodeValue(value: unknown): string | undefined {
  if (isWireFloat(value)) return floatText(value.value);
  if (Array.isArray(value)) return `[${value.map((item) => encodeValue(item) ?? 'null').join(',')}]`;
  if (typeof value !== 'object' || value === null || 'toJSON' in value) return JSON.stringify(value);
  const fields = Object.entries(value).flatMap(([key, field]) => {
    const text = encodeValue(field);
    return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
  });
  return `{${fields.join(',')}}`;
}

function isWireFloat(value: unknown): value is WireFloat {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'wire-float';
}

function floatText(value: number): string {
  assert(Number.isFinite(value), 'a wire float is a finite number');
  const text = JSON.stringify(value);
  // Exponent forms (1e+21, 5e-7) are floats already; only plain integers need the decimal point.
  return /^-?\d+$/.test(text) ? `${text}.0` : text;
}

/** `assist_pipeline/pipeline/list`: every pipeline and the preferred one's id. */
export function assistPipelineListCommand(): Command {
  return { type: 'assist_pipeline/pipeline/list' };
}

/**
 * One binary frame for a pipeline's audio: the handler id byte from `run-start`, then the payload (16-bit mono
 * little-endian PCM). An empty payload makes the end-of-audio frame (ha-apis.md §4.6).
 */
export function binaryFrame(handlerId: number, payload: Uint8Array): Uint8Array {
  const frame = new Uint8Array(payload.length + 1);
  frame[0] = handlerId;
  frame.set(payload, 1);
  return frame;
}
