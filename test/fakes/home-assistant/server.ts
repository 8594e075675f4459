// Starts a fake Home Assistant on loopback: one http(s) server for the REST API whose upgrades go to the WebSocket API.

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createContext, type FakeHaContext, type FakeHomeAssistantOptions, type ResolvedOptions } from './context.ts';
import type { FakeHome } from './home.ts';
import type { FakeHaLog } from './log.ts';
import { answerRest } from './rest.ts';
import { emptyResponse, type RestResponse, unhandledError } from './rest-response.ts';
import { createWebSocketEndpoint, WEBSOCKET_PATHS } from './ws.ts';

/** A running fake Home Assistant. */
export interface FakeHomeAssistant {
  /** `http(s)://127.0.0.1:PORT`, without a trailing slash. */
  readonly rootUrl: string;
  /** `ws(s)://127.0.0.1:PORT/api/websocket`. */
  readonly wsUrl: string;
  readonly port: number;
  /** The home it serves (the fixture and its current states). */
  readonly home: FakeHome;
  /** The options in effect, defaults applied (version, features, clock, …). */
  readonly options: ResolvedOptions;
  /** Every HTTP request, template, service call and WebSocket frame, in order, and HA's warnings. */
  readonly log: FakeHaLog;
  /** TCP connections accepted so far (a refused TLS handshake still counts one). */
  readonly connectionCount: number;
  /** Breaks every open WebSocket (no close frame); the fake goes on serving new ones. */
  dropWebSockets(): void;
  /** Ends every connection (WebSockets included) and stops listening. */
  close(): Promise<void>;
}

/** Starts a fake Home Assistant on a free loopback port. */
export async function startFakeHomeAssistant(options: FakeHomeAssistantOptions): Promise<FakeHomeAssistant> {
  const context = createContext(options);
  const endpoint = createWebSocketEndpoint(context);
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      context.log.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers }, body });
      // An exception in a route becomes aiohttp's 500, as an unhandled one in HA does.
      void respond(context, req, body)
        .catch(() => unhandledError())
        .then((response) => {
          // A dropped call ends without an answer; a slow one may find its connection gone (client timeout, close()).
          if (response.isDropped === true) req.socket.destroy();
          else if (!res.destroyed && !req.socket.destroyed)
            res.writeHead(response.status, response.headers).end(response.body);
        });
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handle) : createHttpServer(handle);
  let connectionCount = 0;
  server.on('connection', () => connectionCount++);
  // A refused handshake (a pinned client seeing another certificate) must not crash the fake.
  server.on('tlsClientError', () => {});
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    context.log.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers }, body: '' });
    const refusal = refuseUpgrade(context, req);
    if (refusal === undefined) endpoint.handleUpgrade(req, socket, head);
    else socket.end(rawResponse(refusal));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    rootUrl: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    wsUrl: `${options.tls ? 'wss' : 'ws'}://127.0.0.1:${port}/api/websocket`,
    port,
    home: context.home,
    options: context.options,
    log: context.log,
    get connectionCount() {
      return connectionCount;
    },
    dropWebSockets: () => endpoint.drop(),
    close: () =>
      new Promise<void>((resolve) => {
        endpoint.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function respond(context: FakeHaContext, req: IncomingMessage, body: string): Promise<RestResponse> {
  const { redirectTo } = context.options;
  if (redirectTo !== undefined) return emptyResponse(302, { location: redirectTo });
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  return answerRest(context, {
    method: req.method ?? '',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body,
  });
}

/** Why an upgrade is not taken over by the WebSocket API: a redirect, an unknown path, or a stopping HA. */
function refuseUpgrade(context: FakeHaContext, req: IncomingMessage): RestResponse | undefined {
  const { redirectTo, stopping } = context.options;
  if (redirectTo !== undefined) return emptyResponse(302, { location: redirectTo });
  const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
  if (!WEBSOCKET_PATHS.includes(path)) return { status: 404, headers: {}, body: '404: Not Found' };
  return stopping ? emptyResponse(503) : undefined;
}

const STATUS_TEXT: Record<number, string> = { 302: 'Found', 404: 'Not Found', 503: 'Service Unavailable' };

function rawResponse(response: RestResponse): string {
  const body = response.body ?? '';
  const headers = Object.entries({ ...response.headers, 'content-length': String(Buffer.byteLength(body)) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const status = `HTTP/1.1 ${response.status} ${STATUS_TEXT[response.status] ?? ''}`;
  return `${status}\r\n${headers}connection: close\r\n\r\n${body}`;
}
