// A small scripted Home Assistant on loopback for the client tests: REST and /api/websocket on one port, recorded.

import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** One HTTP request the server received (REST, or a WebSocket upgrade). */
export interface RecordedRequest {
  method: string;
  /** The raw request target: path and query exactly as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An HTTP answer. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** The server's side of one WebSocket. */
export interface ScriptedPeer {
  /** Sends `message` as one JSON text frame (an array is a coalesced frame). */
  send(message: unknown): void;
  /** Sends raw text. */
  sendText(text: string): void;
  /** Drops the connection without a close frame. */
  terminate(): void;
}

/** A command the WebSocket received after auth. */
export type ReceivedCommand = { id: number; type: string } & Record<string, unknown>;

/** How the scripted Home Assistant behaves. */
export interface ScriptedOptions {
  /** The token it accepts on the WebSocket. */
  token: string;
  /** Serve https/wss with this certificate and key. */
  tls?: { cert: string; key: string };
  /** Answers each REST request (default: `404: Not Found`). */
  rest?: (request: RecordedRequest) => Reply;
  /** The auth behaviour: `ok` (default), `invalid` whatever the token, or silence at either step. */
  auth?: 'ok' | 'invalid' | 'no-auth-required' | 'no-auth-result';
  /** Answers each command after auth (default: `pong` to `ping`, silence otherwise). */
  command?: (command: ReceivedCommand, peer: ScriptedPeer) => void;
  /** Answer the upgrade request with this instead of switching protocols. */
  upgradeReply?: Reply;
}

/** A running scripted Home Assistant. */
export interface ScriptedHomeAssistant {
  /** `http(s)://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly port: number;
  /** REST requests, in order. */
  readonly requests: RecordedRequest[];
  /** WebSocket upgrade requests, in order. */
  readonly upgrades: RecordedRequest[];
  /** Every text frame received on any WebSocket, in order. */
  readonly frames: string[];
  /** Accepted TCP connections (a refused TLS handshake counts too). */
  readonly connectionCount: number;
  /** WebSocket close codes received from clients. */
  readonly closeCodes: number[];
  close(): Promise<void>;
}

/** Home Assistant's version in `auth_required` and `auth_ok`. */
export const HA_VERSION = '2025.10.1';

/** A JSON reply. */
export function json(status: number, body: unknown): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** A text reply, as aiohttp's bare errors (`401: Unauthorized`) and the template endpoint send. */
export function text(status: number, body: string, type = 'text/plain; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': type }, body };
}

/** Starts the server on a free loopback port. */
export async function startScriptedHomeAssistant(options: ScriptedOptions): Promise<ScriptedHomeAssistant> {
  const requests: RecordedRequest[] = [];
  const upgrades: RecordedRequest[] = [];
  const frames: string[] = [];
  const closeCodes: number[] = [];
  const sockets = new Set<Socket>();
  let connectionCount = 0;
  const server: Server = options.tls ? createHttpsServer(options.tls) : createHttpServer();
  const wss = new WebSocketServer({ noServer: true });
  server.on('connection', (socket: Socket) => {
    connectionCount++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => {});
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(request);
      const reply = options.rest?.(request) ?? text(404, '404: Not Found');
      res.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    upgrades.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' });
    if (options.upgradeReply !== undefined) {
      const { status, headers = {}, body = '' } = options.upgradeReply;
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${status} Scripted\r\n${lines.join('')}content-length: ${body.length}\r\n\r\n${body}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => playWebSocket(ws, options, { frames, closeCodes }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    upgrades,
    frames,
    closeCodes,
    get connectionCount() {
      return connectionCount;
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One WebSocket: `auth_required`, the auth answer, then the scripted commands. */
function playWebSocket(ws: WebSocket, options: ScriptedOptions, record: { frames: string[]; closeCodes: number[] }) {
  const auth = options.auth ?? 'ok';
  const peer: ScriptedPeer = {
    send: (message) => ws.send(JSON.stringify(message)),
    sendText: (value) => ws.send(value),
    terminate: () => ws.terminate(),
  };
  let isAuthenticated = false;
  ws.on('close', (code) => record.closeCodes.push(code));
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const frame = data.toString();
    record.frames.push(frame);
    const message = JSON.parse(frame) as Record<string, unknown>;
    if (isAuthenticated) return (options.command ?? answerPing)(message as ReceivedCommand, peer);
    if (auth === 'no-auth-result') return;
    if (auth === 'ok' && message.type === 'auth' && message.access_token === options.token) {
      isAuthenticated = true;
      return peer.send({ type: 'auth_ok', ha_version: HA_VERSION });
    }
    peer.send({ type: 'auth_invalid', message: 'Invalid access token or password' });
    ws.close();
  });
  if (auth !== 'no-auth-required') peer.send({ type: 'auth_required', ha_version: HA_VERSION });
}

function answerPing(command: ReceivedCommand, peer: ScriptedPeer): void {
  if (command.type === 'ping') peer.send({ id: command.id, type: 'pong' });
}
