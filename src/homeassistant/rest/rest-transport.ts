// The one function every REST request goes through: address rules, pin, token, timeout, body limit, failure reason.

import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, type buildConnector, fetch } from 'undici';
import type { Read, ReadFailure } from '../reader.ts';
import { checkAddress, type ResolveHost } from './address-policy.ts';
import { type DecodeAnswer, fail, type RestAnswer, type RestTarget, statusFailure } from './answer-reading.ts';
import type { CertificatePin } from './certificate-pin.ts';
import { classifyFetchFailure, describeFetchFailure, failedBeforeRequest } from './failure-reason.ts';
import { createPinnedConnector } from './pinned-connector.ts';

/** How to reach one Home Assistant. */
export interface HomeAssistantRestOptions {
  /** The connection's address, e.g. `https://homeassistant.local:8123`; checked by the address rules on every call. */
  address: string;
  /** The long-lived access token; sent only in the `Authorization` header. */
  token: string;
  /** A pinned certificate; for its host:port it replaces certificate verification. */
  pin?: CertificatePin;
  /** The DNS lookup for the http-name rule (default: the system resolver, every address). */
  resolve?: ResolveHost;
  /** The DNS lookup when a connection opens, held to private addresses for plain http (default: the system's). */
  lookup?: LookupFunction;
  /** The whole-request timeout (ms, default 10 000). */
  timeoutMs?: number;
  /** The largest answer read, in bytes (default 4 MiB); a larger one is refused, not read. */
  maxBodyBytes?: number;
}

/** One request and how to read its answer. */
export interface RestCall<T> {
  method: RestTarget['method'];
  /** The path with its query, already encoded, e.g. `/api/states/light.kitchen`. */
  path: string;
  /** A body sent as JSON (POST only). */
  body?: unknown;
  /** Reads a 2xx answer. */
  decode: DecodeAnswer<T>;
  /** Reads a status this request gives a meaning of its own (e.g. a template error); undefined: the common rules. */
  readError?: (answer: RestAnswer) => Read<T> | undefined;
  /** Reads a request that got no readable answer (a write must know whether it may have left); default: a failure. */
  readUnanswered?: (unanswered: Unanswered) => Read<T>;
}

/** A request without a readable answer: refused by the address rules, not connected, or cut off after it left. */
export interface Unanswered {
  /** False only when the request provably never left: the address rules refused it, or its connection never opened. */
  mayHaveBeenSent: boolean;
  failure: ReadFailure;
  /** Token-free. */
  reason: string;
}

/** Sends requests to one Home Assistant. */
export interface RestTransport {
  /** Sends one request; every failure is a value whose reason never holds the token. */
  send<T>(call: RestCall<T>): Promise<Read<T>>;
  /** Closes the transport's connections. */
  close(): Promise<void>;
}

/** How long an idle REST connection to Home Assistant is kept for the next request (ms); under aiohttp's 75 s. */
const KEEP_ALIVE_MS = 30_000;

/** The default whole-request timeout (ms); also the WebSocket handshake's. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The largest answer read from Home Assistant by default (a config or a page of states is far smaller). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Creates the transport of one connection; its connector holds the pin and the plain-http rule at connect time. */
export function createRestTransport(options: HomeAssistantRestOptions): RestTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const resolve = options.resolve ?? resolveAll;
  let closing: Promise<void> | undefined;
  // The errors the connector gave: a request failing with one of them never had a connection to be written on.
  const connectFailures = new WeakSet<Error>();
  const dispatcher = new Agent({
    // Keep-alive, so a tool call does not pay a new TCP (and TLS) handshake: undici's default keeps an idle connection
    // 4 s, less than the pause between a model's calls; Home Assistant's server (aiohttp) keeps one 75 s. A reused
    // connection was opened through the connector below, so its pin and its private-address check still hold.
    keepAliveTimeout: KEEP_ALIVE_MS,
    connect: recordingFailures(
      createPinnedConnector({
        pin: options.pin,
        connectTimeoutMs: timeoutMs,
        ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
      }),
      connectFailures,
    ),
  });

  async function exchange(
    origin: string,
    call: RestCall<unknown>,
  ): Promise<{ ok: true; value: RestAnswer } | { ok: false; unanswered: Unanswered }> {
    let response: Awaited<ReturnType<typeof fetch>>;
    let text: string | undefined;
    try {
      response = await fetch(`${origin}${call.path}`, {
        method: call.method,
        dispatcher,
        // A redirect could carry the token to another host, so it is an answer, never followed.
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await readBounded(response, maxBodyBytes);
    } catch (error) {
      const unanswered: Unanswered = {
        mayHaveBeenSent: !failedBeforeRequest(error, (link) => connectFailures.has(link)),
        failure: classifyFetchFailure(error),
        reason: describeFetchFailure(error, { origin, timeoutMs }),
      };
      return { ok: false, unanswered };
    }
    if (text === undefined) {
      const reason = `Home Assistant at ${origin} answered more than ${maxBodyBytes} bytes; refused`;
      return { ok: false, unanswered: { mayHaveBeenSent: true, failure: 'refused', reason } };
    }
    return { ok: true, value: { status: response.status, location: response.headers.get('location'), text } };
  }

  async function sendUnscrubbed<T>(call: RestCall<T>): Promise<Read<T>> {
    const unanswered = (what: Unanswered): Read<T> => call.readUnanswered?.(what) ?? fail(what.failure, what.reason);
    const checked = await checkAddress(options.address, resolve);
    if (!checked.ok) return unanswered({ mayHaveBeenSent: false, failure: 'refused', reason: checked.reason });
    const exchanged = await exchange(checked.origin, call);
    if (!exchanged.ok) return unanswered(exchanged.unanswered);
    const answer = exchanged.value;
    const target: RestTarget = { method: call.method, pathname: call.path.split('?', 1)[0] ?? call.path };
    if (answer.status >= 200 && answer.status < 300) return call.decode(answer.text, target);
    return call.readError?.(answer) ?? statusFailure(answer, target);
  }

  return {
    async send<T>(call: RestCall<T>): Promise<Read<T>> {
      const result = await sendUnscrubbed(call);
      return result.ok ? result : { ...result, reason: withoutToken(result.reason, options.token) };
    },
    close: () => (closing ??= dispatcher.close()),
  };
}

/** The connector, noting every error it gives in `failures` before undici sees it. */
function recordingFailures(connector: buildConnector.connector, failures: WeakSet<Error>): buildConnector.connector {
  return (connect, callback) =>
    connector(connect, (...args) => {
      if (args[0] !== null) failures.add(args[0]);
      callback(...args);
    });
}

/** Belt and braces: a reason built from an answer (e.g. a redirect target) must not carry the token either. */
export function withoutToken(reason: string, token: string): string {
  // A very short "token" would match ordinary words; real Home Assistant tokens are long JWTs.
  return token.length < 8 ? reason : reason.replaceAll(token, '[token]');
}

/**
 * The body as text, or undefined once it passes `limit` bytes (announced or received): the rest is not read, and
 * the connection is closed.
 */
async function readBounded(response: Awaited<ReturnType<typeof fetch>>, limit: number): Promise<string | undefined> {
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limit) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Leaving the loop cancels the body: the rest is never read.
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The system resolver, every address of the name. */
export async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}
