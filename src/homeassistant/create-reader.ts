// The reader of one Home Assistant: REST for every read, and one lazily opened WebSocket for the registries' mirror.

import { definedProps } from '../common/index.ts';
import type { HomeAssistantClient, Read } from './reader.ts';
import { createHomeAssistantRest, type HomeAssistantRestOptions } from './rest/client.ts';
import { DEFAULT_TIMEOUT_MS, withoutToken } from './rest/rest-transport.ts';
import { createHomeAssistantConnection, type HomeAssistantConnection } from './ws/connection.ts';
import { wsError } from './ws/failures.ts';
import { createWebSocketReads } from './ws/reads.ts';
import { createRegistryMirror } from './ws/registry-mirror.ts';
import { openHomeAssistantSocket, type WebSocketFactory } from './ws/socket.ts';

/** How to reach one Home Assistant: the REST options, plus the WebSocket factory. */
export interface HomeAssistantReaderOptions extends HomeAssistantRestOptions {
  /** Creates the WebSocket (default: the `ws` package's); tests inject one to watch it. */
  webSocketFactory?: WebSocketFactory;
}

/**
 * Creates the reader (and writer) of one connection. Every read and service call goes over REST, except the registry
 * listings (WebSocket only) and `renderTemplate` when REST answers 401: `POST /api/template` is admin-only, the
 * WebSocket's `render_template` is not (ha-apis.md §2.3, §3.9). The WebSocket opens on first need and is reused.
 */
export function createHomeAssistantReader(options: HomeAssistantReaderOptions): HomeAssistantClient {
  const rest = createHomeAssistantRest(options);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let current: Promise<HomeAssistantConnection> | undefined;
  let isClosed = false;

  async function open(): Promise<HomeAssistantConnection> {
    const socket = await openHomeAssistantSocket({
      address: options.address,
      token: options.token,
      handshakeTimeoutMs: timeoutMs,
      ...definedProps({
        pin: options.pin,
        resolve: options.resolve,
        lookup: options.lookup,
        webSocketFactory: options.webSocketFactory,
        maxMessageBytes: options.maxBodyBytes,
      }),
    });
    const connection = createHomeAssistantConnection(socket, { commandTimeoutMs: timeoutMs });
    if (isClosed) connection.close();
    return connection;
  }

  /** The open connection, or a new one; a failed or closed one is forgotten, so the next read opens again. */
  function connect(): Promise<HomeAssistantConnection> {
    if (isClosed) return Promise.reject(wsError('HA_CONNECTION_CLOSED', 'the reader is closed'));
    if (current !== undefined) return current;
    const opening = open();
    current = opening;
    const forget = (): void => {
      if (current === opening) current = undefined;
    };
    opening.then((connection) => connection.onClose(forget), forget);
    return opening;
  }

  const ws = createWebSocketReads(connect, timeoutMs);
  const mirror = createRegistryMirror(connect);
  const scrub = <T>(read: Read<T>): Read<T> =>
    read.ok ? read : { ...read, reason: withoutToken(read.reason, options.token) };

  return {
    address: options.address,
    getConfig: () => rest.getConfig(),
    getStates: () => rest.getStates(),
    getState: (entityId) => rest.getState(entityId),
    getHistory: (window) => rest.getHistory(window),
    getLogbook: (window) => rest.getLogbook(window),
    getServices: () => rest.getServices(),
    async renderTemplate(template) {
      const read = await rest.renderTemplate(template);
      // A 401 here is also a valid token of a non-admin user; the WebSocket decides which it was.
      if (read.ok || read.failure !== 'unauthorized') return read;
      return scrub(await ws.renderTemplate(template));
    },
    listAreas: async () => scrub(await ws.listAreas()),
    listDevices: async () => scrub(await ws.listDevices()),
    listEntities: async () => scrub(await ws.listEntities()),
    async readRegistries() {
      const read = await mirror.read();
      return read === undefined ? undefined : scrub(read);
    },
    // Over REST only: a WebSocket `call_service` whose connection drops is just as unknown, and REST needs no socket.
    callService: (call) => rest.callService(call),
    async close() {
      if (isClosed) return;
      isClosed = true;
      const opening = current;
      current = undefined;
      await rest.close();
      const connection = await opening?.catch(() => undefined);
      connection?.close();
    },
  };
}
