// The fault steps every protocol fake can be scripted with: an HTTP error, a raw body, a hang, a drop.

import type { ServerResponse } from 'node:http';
import { pause, sendBody, untilAborted } from './respond.ts';

/** Answer with an HTTP status and a body, e.g. an error. */
export interface HttpErrorStep {
  kind: 'http-error';
  status: number;
  /** A string is sent verbatim as text, anything else as JSON. */
  body: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** Answer with this body verbatim (e.g. not JSON, or JSON of the wrong shape). */
export interface RawBodyStep {
  kind: 'raw-body';
  body: string;
  /** Defaults to 200. */
  status?: number;
  /** Defaults to `application/json`, since the point is usually a body that lies about its type. */
  contentType?: string;
  delayMs?: number;
}

/** Never answer: no headers, no body, until the client leaves or the fake closes. */
export interface HangStep {
  kind: 'hang';
}

/** Destroy the socket without answering. */
export interface DropStep {
  kind: 'drop';
  delayMs?: number;
}

/** A step that answers any endpoint with a failure or an odd body. */
export type FaultStep = HttpErrorStep | RawBodyStep | HangStep | DropStep;

const FAULT_KINDS = new Set(['http-error', 'raw-body', 'hang', 'drop']);

/** True when `step` is one of the shared fault steps. */
export function isFaultStep(step: { kind: string }): step is FaultStep {
  return FAULT_KINDS.has(step.kind);
}

/** Answers `res` as the fault says. */
export async function playFault(step: FaultStep, res: ServerResponse, signal: AbortSignal): Promise<void> {
  switch (step.kind) {
    case 'hang':
      await untilAborted(signal);
      res.destroy();
      return;
    case 'drop':
      await pause(step.delayMs, signal);
      res.destroy();
      return;
    case 'http-error':
      await pause(step.delayMs, signal);
      sendBody(res, step.status, step.body);
      return;
    case 'raw-body':
      await pause(step.delayMs, signal);
      sendBody(res, step.status ?? 200, step.body, step.contentType ?? 'application/json');
      return;
  }
}
