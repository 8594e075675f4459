// What every answer of the app must be, whatever the body: a documented status and a well-formed body or stream.

import assert from 'node:assert/strict';
import type { App } from '../../src/server/index.ts';

/**
 * The statuses a request may get from the in-process app with scripted backends (which never fail): 200, the 4xx of
 * README's API section, and 503 `backend_not_configured`. 500 is a crash; 502 and 504 would mean a backend failed.
 */
const DOCUMENTED = new Set([200, 400, 401, 404, 413, 415, 503]);

/** The message of an internal error: it must never be sent, in a body or in a stream. */
const INTERNAL = 'The server failed to answer this request';

/** Which API a request went to, which decides the error shape and the stream's framing. */
export type Dialect = 'chat' | 'responses' | 'ollama';

/** POSTs raw text to `path` as JSON. */
export function post(app: App, path: string, text: string): Promise<Response> {
  return app.fetch(
    new Request(`http://hearth.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    }),
  );
}

/** Reads `response` whole and checks it; `request` is quoted (cut) in the failure message. */
export async function checkAnswer(response: Response, dialect: Dialect, request: string): Promise<void> {
  const text = await response.text();
  const where = () => `status ${response.status} for ${request.slice(0, 600)}\n→ ${text.slice(0, 600)}`;
  assert.ok(DOCUMENTED.has(response.status), `an undocumented status: ${where()}`);
  assert.ok(!text.includes(INTERNAL), `an internal error: ${where()}`);
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200) {
    assert.match(type, /^application\/json/, where());
    checkErrorBody(JSON.parse(text), dialect, response.status, where);
    return;
  }
  if (type.startsWith('text/event-stream')) checkEventStream(text, dialect, where);
  else if (type.startsWith('application/x-ndjson')) checkNdjson(text, where);
  else {
    assert.match(type, /^application\/json/, where());
    checkBody(JSON.parse(text), dialect, where);
  }
}

function checkErrorBody(body: unknown, dialect: Dialect, status: number, where: () => string): void {
  if (dialect === 'ollama') {
    // Ollama's `{"error": "…"}`, with the same statuses as /v1.
    assert.deepEqual(Object.keys(body as object), ['error'], where());
    assert.equal(typeof (body as { error: unknown }).error, 'string', where());
    return;
  }
  const { error } = body as { error: Record<string, unknown> };
  assert.equal(typeof error?.message, 'string', where());
  assert.equal(typeof error.type, 'string', where());
  assert.ok(error.param === null || typeof error.param === 'string', where());
  assert.ok(error.code === null || typeof error.code === 'string', where());
  if (status === 503) assert.equal(error.code, 'backend_not_configured', where());
}

function checkBody(body: unknown, dialect: Dialect, where: () => string): void {
  const json = body as Record<string, unknown>;
  if (dialect === 'chat') {
    assert.equal(json.object, 'chat.completion', where());
    assert.ok(Array.isArray(json.choices) && json.choices.length > 0, where());
  } else if (dialect === 'responses') {
    assert.equal(json.object, 'response', where());
    assert.ok(Array.isArray(json.output), where());
  } else {
    // A message, or the load answer of a request without messages.
    assert.equal(json.done, true, where());
    assert.equal(typeof json.model, 'string', where());
  }
}

/** Server-sent events: every `data:` is JSON (or chat's closing `[DONE]`), and no frame is an internal or upstream error. */
function checkEventStream(text: string, dialect: Dialect, where: () => string): void {
  assert.notEqual(dialect, 'ollama', `Ollama answered with server-sent events: ${where()}`);
  const frames = text.split('\n\n').filter((frame) => frame !== '');
  assert.ok(frames.length > 0, `an empty stream: ${where()}`);
  const data = frames.map((frame) => {
    const line = frame.split('\n').find((candidate) => candidate.startsWith('data: '));
    assert.ok(line !== undefined, `a frame without data: ${JSON.stringify(frame)}: ${where()}`);
    return line.slice('data: '.length);
  });
  if (dialect === 'chat') assert.equal(data.at(-1), '[DONE]', `the stream does not end with [DONE]: ${where()}`);
  for (const payload of dialect === 'chat' ? data.slice(0, -1) : data) {
    const frame = JSON.parse(payload) as { error?: { type?: string }; type?: string; response?: { status?: string } };
    if (frame.error !== undefined && dialect === 'chat') checkStreamError(frame.error.type, where);
  }
  if (dialect === 'responses') {
    const last = JSON.parse(data.at(-1)!) as { type?: string };
    assert.ok(
      last.type === 'response.completed' || last.type === 'response.failed' || last.type === 'response.incomplete',
      `the stream does not end with the response: ${where()}`,
    );
  }
}

/** An in-stream error may be a request error, never a server or backend failure. */
function checkStreamError(type: string | undefined, where: () => string): void {
  assert.ok(
    type === 'invalid_request_error' || type === 'service_unavailable_error',
    `an in-stream ${type}: ${where()}`,
  );
}

/** Ollama's NDJSON: every line is JSON, and the last is `done: true` or an error line. */
function checkNdjson(text: string, where: () => string): void {
  const lines = text.split('\n').filter((line) => line !== '');
  assert.ok(lines.length > 0, `an empty stream: ${where()}`);
  const last = JSON.parse(lines.at(-1)!) as { done?: boolean; error?: unknown };
  for (const line of lines.slice(0, -1)) assert.equal(typeof JSON.parse(line), 'object', where());
  assert.ok(last.done === true || typeof last.error === 'string', `the stream does not end: ${where()}`);
}
