// Reading a Home Assistant REST answer: its status, its two forms of error body, and a JSON body checked by a schema.

import type { z } from 'zod';
import { firstIssueMessage, isRecord, safeParseJson } from '../../common/index.ts';
import type { Read, ReadFailure } from '../reader.ts';

/** One answer as it came off the wire. */
export interface RestAnswer {
  status: number;
  /** The `Location` header (a redirect's target), or null. */
  location: string | null;
  /** The whole body as text, already held to the body limit. */
  text: string;
}

/** Which request an answer belongs to, for the reasons: e.g. `GET` and `/api/states/light.kitchen`. */
export interface RestTarget {
  method: 'GET' | 'POST';
  /** The path without the query. */
  pathname: string;
}

/** Reads the body of a 2xx answer into a value, or says why it is not the documented shape. */
export type DecodeAnswer<T> = (text: string, target: RestTarget) => Read<T>;

/**
 * The message of a JSON error body, `{"message": "…"}` (a view's `json_message`), or undefined. Home Assistant's
 * other form, bare aiohttp text such as `400: Bad Request` (ha-apis.md §2.1), only repeats the status, so it gives
 * no message.
 */
export function errorMessage(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isRecord(body) && typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

/** The failure of an answer that is not a 2xx: a redirect, 401, 404, 503 or another status. */
export function statusFailure<T>(answer: RestAnswer, target: RestTarget): Read<T> {
  const { status } = answer;
  if (status >= 300 && status < 400) {
    const location = answer.location ?? 'an unnamed location';
    return fail('unreachable', `Home Assistant answered with a redirect to ${location}; redirects are not followed`);
  }
  if (status === 401) return fail('unauthorized', 'the token was refused');
  if (status === 503) return fail('unreachable', 'Home Assistant is starting or stopping (HTTP 503)');
  const message = errorMessage(answer.text);
  const reason = `Home Assistant answered HTTP ${status} to ${target.method} ${target.pathname}`;
  return fail(status === 404 ? 'not-found' : 'unreachable', message === undefined ? reason : `${reason}: ${message}`);
}

/** A decoder of a JSON body checked by `schema`; extra keys are the schema's business (loose where HA adds them). */
export function decodeJson<S extends z.ZodType>(schema: S): DecodeAnswer<z.output<S>> {
  return (text, target) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(
        'bad-answer',
        `Home Assistant answered ${target.method} ${target.pathname} with something that is not JSON`,
      );
    }
    const parsed = safeParseJson(schema, body);
    if (parsed.success) return { ok: true, value: parsed.data };
    return fail(
      'bad-answer',
      `Home Assistant's ${target.pathname} answer is not as expected: ${firstIssueMessage(parsed.error)}`,
    );
  };
}

/** A failed read, of whatever value type. */
export function fail(failure: ReadFailure, reason: string): { ok: false; failure: ReadFailure; reason: string } {
  return { ok: false, failure, reason };
}
