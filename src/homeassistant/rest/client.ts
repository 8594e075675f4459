// The Home Assistant REST client: the I/O edge that applies the address rules, the pin, and the token rules.

import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, fetch } from 'undici';
import { firstIssueMessage } from '../../common/index.ts';
import { checkAddress, type ResolveHost } from './address-policy.ts';
import type { CertificatePin } from './certificate-pin.ts';
import { type HomeAssistantConfig, HomeAssistantConfigSchema } from './config-schema.ts';
import { describeFetchFailure } from './failure-reason.ts';
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

/** The outcome of {@link HomeAssistantRest.getConfig}. */
export type GetConfigResult = { ok: true; config: HomeAssistantConfig } | { ok: false; reason: string };

/** A REST client for one Home Assistant. */
export interface HomeAssistantRest {
  /** `GET /api/config`: the version, time zone, units, language and state, or the exact reason it failed. */
  getConfig(): Promise<GetConfigResult>;
  /** Closes the client's connections. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** The largest answer read from Home Assistant by default (a config or a page of states is far smaller). */
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Creates the REST client of one connection. */
export function createHomeAssistantRest(options: HomeAssistantRestOptions): HomeAssistantRest {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const resolve = options.resolve ?? resolveAll;
  const dispatcher = new Agent({
    connect: createPinnedConnector({
      pin: options.pin,
      connectTimeoutMs: timeoutMs,
      ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    }),
  });

  async function getConfig(): Promise<GetConfigResult> {
    const checked = await checkAddress(options.address, resolve);
    if (!checked.ok) return checked;
    const origin = checked.origin;
    let response: Awaited<ReturnType<typeof fetch>>;
    let text: string | undefined;
    try {
      response = await fetch(`${origin}/api/config`, {
        dispatcher,
        // A redirect could carry the token to another host, so it is an answer, never followed.
        redirect: 'manual',
        headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await readBounded(response, maxBodyBytes);
    } catch (error) {
      return { ok: false, reason: withoutToken(describeFetchFailure(error, { origin, timeoutMs }), options.token) };
    }
    if (text === undefined)
      return { ok: false, reason: `Home Assistant at ${origin} answered more than ${maxBodyBytes} bytes; refused` };
    return withoutTokenResult(readConfig(response.status, response.headers.get('location'), text), options.token);
  }

  return { getConfig, close: () => dispatcher.close() };
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

/** Reads the answer of `/api/config`; HA's errors are bare text (`401: Unauthorized`), so the status decides. */
function readConfig(status: number, location: string | null, text: string): GetConfigResult {
  if (status >= 300 && status < 400) {
    const target = location ?? 'an unnamed location';
    return { ok: false, reason: `Home Assistant answered with a redirect to ${target}; redirects are not followed` };
  }
  if (status === 401) return { ok: false, reason: 'the token was refused' };
  if (status === 503) return { ok: false, reason: 'Home Assistant is starting or stopping (HTTP 503)' };
  if (status !== 200) return { ok: false, reason: `Home Assistant answered HTTP ${status} to GET /api/config` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Home Assistant answered GET /api/config with something that is not JSON' };
  }
  const parsed = HomeAssistantConfigSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      reason: `Home Assistant's /api/config answer is not as expected: ${firstIssueMessage(parsed.error)}`,
    };
  }
  return { ok: true, config: parsed.data };
}

/** The system resolver, every address of the name. */
async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}

/** Belt and braces: a reason built from an answer (e.g. a redirect target) must not carry the token either. */
function withoutToken(reason: string, token: string): string {
  // A very short "token" would match ordinary words; real Home Assistant tokens are long JWTs.
  return token.length < 8 ? reason : reason.replaceAll(token, '[token]');
}

function withoutTokenResult(result: GetConfigResult, token: string): GetConfigResult {
  return result.ok ? result : { ok: false, reason: withoutToken(result.reason, token) };
}
