// Opening the WebSocket to Home Assistant: the address rules, the pin, and the auth handshake, within one deadline.

import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import WebSocket, { type ClientOptions, type RawData } from 'ws';
import type { HearthError } from '../../common/index.ts';
import { checkAddress, type ResolveHost } from '../rest/address-policy.ts';
import { type CertificatePin, pinApplies } from '../rest/certificate-pin.ts';
import { privateOnlyLookup } from '../rest/pinned-connector.ts';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, resolveAll } from '../rest/rest-transport.ts';
import { wsError } from './failures.ts';
import { authMessage } from './messages.ts';
import { type HomeAssistantSocket, wrapAuthenticatedSocket } from './authenticated-socket.ts';
import { connectPinnedTls } from './pinned-tls.ts';
import { closedDuringHandshake, type HandshakePhase, nextHandshakeStep } from './handshake-step.ts';
import { socketOpenError, textOf, upgradeRefusal } from './socket-errors.ts';

/** Creates the client WebSocket (default: the `ws` package's); tests inject one to watch or vary it. */
export type WebSocketFactory = (url: string, options: ClientOptions) => WebSocket;

/** How to open the WebSocket of one Home Assistant connection. */
export interface HomeAssistantSocketOptions {
  /** The connection's address, e.g. `https://homeassistant.local:8123`; the socket goes to `/api/websocket` there. */
  address: string;
  /** The long-lived access token; sent only in the auth message. */
  token: string;
  /** A pinned certificate; for its host:port it replaces certificate verification. */
  pin?: CertificatePin;
  /** The DNS lookup for the plain-http name rule (default: the system resolver). */
  resolve?: ResolveHost;
  /** The DNS lookup when a plain `ws:` connection opens, held to private addresses (default: the system's). */
  lookup?: LookupFunction;
  /** The whole handshake, from connecting to `auth_ok` (ms, default 10 000). */
  handshakeTimeoutMs?: number;
  /** The largest message accepted, in bytes (default 4 MiB); a larger one closes the connection. */
  maxMessageBytes?: number;
  /** Creates the WebSocket (default: `new WebSocket(url, options)` of the `ws` package). */
  webSocketFactory?: WebSocketFactory;
}

export type { HomeAssistantSocket, SocketListener } from './authenticated-socket.ts';

/**
 * Opens `ws(s)://HOST:PORT/api/websocket` for the connection's address and authenticates: waits for
 * `auth_required`, sends `{"type": "auth", "access_token": …}`, and resolves on `auth_ok`. Throws a coded
 * `HearthError` (see failures.ts) that never holds the token.
 */
export async function openHomeAssistantSocket(options: HomeAssistantSocketOptions): Promise<HomeAssistantSocket> {
  const checked = await checkAddress(options.address, options.resolve ?? resolveAll);
  if (!checked.ok) throw wsError('HA_ADDRESS_REFUSED', checked.reason);
  const url = new URL('/api/websocket', checked.origin.replace(/^http/, 'ws'));
  const timeoutMs = options.handshakeTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_BODY_BYTES;
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    deadline.abort(
      wsError(
        'HA_TIMEOUT',
        `Home Assistant at ${url.origin} did not finish the WebSocket handshake within ${timeoutMs} ms`,
      ),
    );
  }, timeoutMs);
  try {
    const handshake: Handshake = { url, token: options.token, signal: deadline.signal, timeoutMs, maxMessageBytes };
    return await authenticate(await createWebSocket(options, handshake), handshake);
  } finally {
    clearTimeout(timer);
  }
}

/** The client WebSocket: verified `wss:`, pinned `wss:` over a checked TLS socket, or `ws:` to private addresses only. */
async function createWebSocket(options: HomeAssistantSocketOptions, handshake: Handshake): Promise<WebSocket> {
  const { url, timeoutMs } = handshake;
  const common: ClientOptions = {
    // A redirect could lead the token's message elsewhere: a 3xx upgrade answer is a failure.
    followRedirects: false,
    maxPayload: handshake.maxMessageBytes,
  };
  let tls: TLSSocket | undefined;
  let connectionOptions = common;
  if (url.protocol === 'ws:') {
    // Plain ws: may only reach a private address, checked again as the connection opens (a name may rebind).
    connectionOptions = { ...common, lookup: privateOnlyLookup(options.lookup) } as ClientOptions;
  } else {
    tls = await connectIfPinned(options.pin, handshake);
    const pinned = tls;
    if (pinned !== undefined) {
      // The socket is already connected and checked; ws's https request runs over it.
      const createConnection = (() => pinned) as unknown as ClientOptions['createConnection'];
      connectionOptions = { ...common, createConnection };
    }
  }
  const create = options.webSocketFactory ?? ((address, clientOptions) => new WebSocket(address, clientOptions));
  try {
    return create(url.href, connectionOptions);
  } catch (error) {
    tls?.destroy();
    throw socketOpenError(error, url.origin, timeoutMs);
  }
}

/** For the pin's host:port, a TLS socket whose certificate is the pinned one; undefined elsewhere. */
async function connectIfPinned(pin: CertificatePin | undefined, handshake: Handshake): Promise<TLSSocket | undefined> {
  const { url, signal, timeoutMs } = handshake;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = Number(url.port || 443);
  if (pin === undefined || !pinApplies(pin, host, port)) return undefined;
  try {
    return await connectPinnedTls({ host, port, pin, signal });
  } catch (error) {
    throw socketOpenError(error, url.origin, timeoutMs);
  }
}

/** One handshake's target and limits. */
interface Handshake {
  /** `ws(s)://HOST:PORT/api/websocket`. */
  url: URL;
  token: string;
  /** Aborted, with a `HA_TIMEOUT` error as its reason, when the handshake's deadline passes. */
  signal: AbortSignal;
  timeoutMs: number;
  maxMessageBytes: number;
}

/** The auth handshake (ha-apis.md §3.1); every failure terminates the socket. */
function authenticate(socket: WebSocket, handshake: Handshake): Promise<HomeAssistantSocket> {
  const { url, token, signal, timeoutMs } = handshake;
  return new Promise((resolve, reject) => {
    let phase: HandshakePhase = 'auth_required';
    let lastError: Error | undefined;
    const finish = (outcome: HomeAssistantSocket | HearthError): void => {
      signal.removeEventListener('abort', onAbort);
      socket.off('error', onError).off('close', onClose).off('unexpected-response', onUnexpected);
      socket.off('message', onMessage);
      if (!(outcome instanceof Error)) {
        resolve(outcome);
        return;
      }
      // ws reports an aborted handshake as an 'error' later: it must find a listener.
      socket.on('error', () => {});
      socket.terminate();
      reject(outcome);
    };
    const onAbort = (): void => finish(signal.reason as HearthError);
    const onError = (error: Error): void => {
      lastError = error;
    };
    const onClose = (): void => {
      const origin = url.origin;
      finish(
        lastError === undefined ? closedDuringHandshake(origin, phase) : socketOpenError(lastError, origin, timeoutMs),
      );
    };
    const onUnexpected = (_request: unknown, response: IncomingMessage): void => {
      finish(upgradeRefusal(url, response.statusCode ?? 0, response.headers.location));
    };
    const onMessage = (data: RawData, isBinary: boolean): void => {
      const message = isBinary ? undefined : parseJson(textOf(data));
      const step = nextHandshakeStep(phase, message, { origin: url.origin, token });
      if (step.kind === 'failed') {
        finish(step.error);
      } else if (step.kind === 'send-auth') {
        phase = 'auth_result';
        socket.send(JSON.stringify(authMessage(token)));
      } else {
        const { maxMessageBytes } = handshake;
        finish(wrapAuthenticatedSocket(socket, { url, maxMessageBytes, haVersion: step.haVersion }));
      }
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    socket.on('error', onError).on('close', onClose).on('unexpected-response', onUnexpected).on('message', onMessage);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
