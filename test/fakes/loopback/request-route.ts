// Reading a recorded request the way every fake's router does: its route, and its body as a JSON object.

import type { RecordedRequest } from './recording-server.ts';

/** The method and path without the query string, e.g. `POST /api/chat`. */
export function requestRoute(request: RecordedRequest): string {
  return `${request.method} ${request.path.split('?')[0]}`;
}

/** The parsed body when it is a JSON object; `undefined` when it is anything else or missing. */
export function jsonObjectBody(request: RecordedRequest): Record<string, unknown> | undefined {
  return isJsonObject(request.body) ? request.body : undefined;
}

/** True for a JSON object: not `null`, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
