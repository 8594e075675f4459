// One JSON POST to an upstream model server under a read watchdog, failing with errors that name the model.

import {
  badResponse,
  cancelledError,
  redactSecrets,
  wrapFetchError,
  wrapStatusError,
  type FailurePhase,
} from './upstream-error.ts';
import { createWatchdog, type Watchdog } from './watchdog.ts';

/** Who is called and how: the settings every HTTP backend, embedder and token counter shares. */
export interface UpstreamTarget {
  /** The configured model name, used in every error. */
  name: string;
  /** Sent as a bearer token, and nowhere else. */
  apiKey?: string;
  /** Longest silence allowed: until the response headers, and between body reads. */
  readTimeoutMs: number;
  /** The HTTP client; cli/ passes one with a connect timeout. */
  fetch: typeof globalThis.fetch;
}

/** A response whose headers arrived with a 2xx status, and the watchdog still guarding its body. */
export interface OpenResponse {
  response: Response;
  /** The caller reads the body under it and must `stop()` it when done. */
  watchdog: Watchdog;
}

/** One POST: where, what (sent as JSON), the caller's abort signal, and the answer's expected type. */
export interface UpstreamPost {
  url: string;
  body: unknown;
  signal?: AbortSignal | undefined;
  /** The `accept` header (default `application/json`). */
  accept?: string;
}

/** Sends a JSON POST; HTTP error statuses are thrown, with the key blotted out of the quoted body. */
export async function openPost(target: UpstreamTarget, post: UpstreamPost): Promise<OpenResponse> {
  const { url, body, signal } = post;
  const watchdog = createWatchdog(target.readTimeoutMs, signal);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: post.accept ?? 'application/json',
  };
  if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
  let response: Response;
  try {
    response = await target.fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: watchdog.signal,
    });
  } catch (error) {
    watchdog.stop();
    throw failure(target.name, error, watchdog, 'request');
  }
  if (!response.ok) {
    const text = await readText(response, watchdog, target.name).catch(() => '');
    watchdog.stop();
    throw wrapStatusError(target.name, response.status, withoutSecret(text, target.apiKey));
  }
  return { response, watchdog };
}

/**
 * Sends a streaming POST and yields what `read` makes of the body; the watchdog is stopped however it ends. Once the
 * caller's signal aborts, nothing more is yielded, not even what one network read already brought (as the embedded
 * backend sends nothing it generated before the abort).
 */
export async function* streamPost<T>(
  target: UpstreamTarget,
  post: UpstreamPost,
  read: (response: Response, watchdog: Watchdog) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const { response, watchdog } = await openPost(target, post);
  try {
    for await (const item of read(response, watchdog)) {
      if (post.signal?.aborted) throw cancelledError(target.name, post.signal.reason);
      yield item;
    }
  } finally {
    watchdog.stop();
  }
}

/** POSTs `body` as JSON and returns the answer parsed as JSON (not yet validated). */
export async function postJson(
  target: UpstreamTarget,
  url: string,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const { response, watchdog } = await openPost(target, { url, body, signal });
  try {
    return parseJson(await readText(response, watchdog, target.name), target.name);
  } finally {
    watchdog.stop();
  }
}

/** The pieces of a streamed body, each read under the watchdog; the body is cancelled if the caller stops early. */
export async function* readChunks(response: Response, watchdog: Watchdog, name: string): AsyncGenerator<Uint8Array> {
  if (response.body === null) throw badResponse(name, 'the stream has no body');
  const reader = response.body.getReader();
  try {
    for (;;) {
      const chunk = await readChunk(reader, watchdog, name);
      if (chunk === undefined) return;
      yield chunk;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** The next piece of a streamed body, or `undefined` at its end; restarts the silence count first. */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  watchdog: Watchdog,
  name: string,
): Promise<Uint8Array | undefined> {
  watchdog.restart();
  try {
    const { done, value } = await reader.read();
    return done ? undefined : value;
  } catch (error) {
    throw failure(name, error, watchdog, 'response');
  }
}

/** The whole body as text, read under the watchdog. */
async function readText(response: Response, watchdog: Watchdog, name: string): Promise<string> {
  watchdog.restart();
  try {
    return await response.text();
  } catch (error) {
    throw failure(name, error, watchdog, 'response');
  }
}

/** `text` parsed as JSON, or a bad-response error naming the model. */
export function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badResponse(name, 'the body is not JSON');
  }
}

/**
 * `text` with the API key and anything else key-shaped blotted out: some servers echo the key they were
 * sent, or part of it ("sk-backend-SE****"), in their error messages (see `redactSecrets`).
 */
export function withoutSecret(text: string, apiKey: string | undefined): string {
  return redactSecrets(text, apiKey);
}

/** `baseUrl` without trailing slashes. */
export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

function failure(name: string, error: unknown, watchdog: Watchdog, phase: FailurePhase): Error {
  return wrapFetchError(name, error, { phase, timedOut: watchdog.hasFired(), cancelled: watchdog.isCancelled() });
}
