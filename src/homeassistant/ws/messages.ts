// Builders of the messages hearth sends Home Assistant over the WebSocket: plain objects, no I/O, no ids.

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

/** `unsubscribe_events` for the subscription opened by command `subscription`. */
export function unsubscribeEventsCommand(subscription: number): Command {
  return { type: 'unsubscribe_events', subscription };
}

/** `ping`; HA answers with a `pong` of the same id. */
export function pingCommand(): Command {
  return { type: 'ping' };
}
