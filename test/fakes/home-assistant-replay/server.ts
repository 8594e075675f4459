// A replay Home Assistant on loopback: it answers exactly what a recorded exchange holds, and nothing it does not.

import { isDeepStrictEqual } from 'node:util';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RecordedCommand, RecordedExchange, RecordedRestExchange } from './recording.ts';

/** One REST request the replay received. */
export interface ReplayedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A running replay. */
export interface ReplayHomeAssistant {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Every REST request, in order. */
  readonly requests: readonly ReplayedRequest[];
  /** Every request or command the recording had no answer for, described; a contract run leaves it empty. */
  readonly unmatched: readonly string[];
  close(): Promise<void>;
}

/** The status the replay answers a request the recording does not hold: no Home Assistant sends it. */
export const NOT_RECORDED_STATUS = 599;

/**
 * Starts the replay. A REST request is answered when its method, path, bearer token and JSON body match a recorded
 * one. On the WebSocket it sends the recorded `auth_required`, answers `auth` by its token, and answers a command
 * whose fields (all but its id) match a recorded one with the recorded answer, given the command's id: the id is the
 * client's choice, the one thing a replay must not copy.
 */
export async function startReplayHomeAssistant(exchange: RecordedExchange): Promise<ReplayHomeAssistant> {
  const requests: ReplayedRequest[] = [];
  const unmatched: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer();
  const wss = new WebSocketServer({ noServer: true });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(request);
      const recorded = exchange.rest.find((candidate) => matches(candidate, request));
      if (recorded === undefined) {
        unmatched.push(`${request.method} ${request.path} ${request.body}`);
        res.writeHead(NOT_RECORDED_STATUS, { 'content-type': 'text/plain' }).end('not in the recording');
        return;
      }
      res.writeHead(recorded.response.status, recorded.response.headers).end(recorded.response.body);
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (req.url !== '/api/websocket') {
      unmatched.push(`upgrade ${req.url ?? ''}`);
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => replayWebSocket(ws, exchange, unmatched));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    unmatched,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function matches(recorded: RecordedRestExchange, request: ReplayedRequest): boolean {
  const { method, path, token, body } = recorded.request;
  if (request.method !== method || request.path !== path) return false;
  if (request.headers.authorization !== `Bearer ${token}`) return false;
  if (body === null) return request.body === '';
  try {
    return isDeepStrictEqual(JSON.parse(request.body), body);
  } catch {
    return false;
  }
}

/** One WebSocket: the recorded hello, the auth answer for the token sent, then the recorded commands. */
function replayWebSocket(ws: WebSocket, exchange: RecordedExchange, unmatched: string[]): void {
  const { hello, auth, commands } = exchange.websocket;
  let isAuthenticated = false;
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    if (!isAuthenticated) {
      const answer = auth.find((candidate) => message.type === 'auth' && message.access_token === candidate.token);
      if (answer === undefined) {
        unmatched.push('an auth message with a token the recording does not hold');
        ws.terminate();
        return;
      }
      ws.send(JSON.stringify(answer.answer));
      if (answer.closes) ws.close();
      else isAuthenticated = true;
      return;
    }
    const { id, ...fields } = message;
    const recorded = commands.find((candidate: RecordedCommand) => isDeepStrictEqual(candidate.request, fields));
    if (recorded === undefined) {
      unmatched.push(`command ${JSON.stringify(fields)}`);
      ws.send(
        JSON.stringify({
          id,
          type: 'result',
          success: false,
          error: { code: 'not_in_recording', message: 'not in the recording' },
        }),
      );
      return;
    }
    ws.send(JSON.stringify({ id, ...recorded.answer }));
  });
  ws.send(JSON.stringify(hello));
}
