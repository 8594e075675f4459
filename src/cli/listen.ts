// Listens on a host and port with Node's HTTP server, and stops cleanly.

import { STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import { HearthError } from '../common/index.ts';
import { toWireError } from '../openai/index.ts';
import type { App } from '../server/index.ts';

/** A listening server. */
export interface Listening {
  /** The base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  port: number;
  /** Stops accepting, ends idle connections and resolves when closed. */
  close(): Promise<void>;
}

/**
 * How long a client may take to send a request: its headers, then all of it. Home Assistant sends a request in
 * milliseconds; a client that stalls holds a socket, so many stalled ones are closed (408) instead of waiting for Node's
 * defaults (60 s and 5 min). Answers, streams included, are not limited by these.
 */
const SERVER_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 15_000, connectionsCheckingInterval: 1_000 };

/** Starts listening; a taken port or a bad host is a coded error, not a crash. */
export function listen(app: App, host: string, port: number): Promise<Listening> {
  const server = createAdaptorServer({ fetch: app.fetch, serverOptions: SERVER_TIMEOUTS });
  server.on('clientError', answerClientError);
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message;
      reject(
        new HearthError('LISTEN_FAILED', `hearth cannot listen on ${host}:${port}: ${reason}.`, {
          cause: error,
        }),
      );
    });
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

/** The error of a request Node's HTTP parser refused, by the parser's error code. */
function clientErrorOf(error: NodeJS.ErrnoException): HearthError {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return new HearthError('HEADERS_TOO_LARGE', 'The request headers are too large, so hearth closed the connection.');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new HearthError('REQUEST_TIMEOUT', 'The request did not arrive in time, so hearth closed the connection.');
  const reason = (error as { reason?: unknown }).reason;
  const detail = typeof reason === 'string' && reason !== '' ? `: ${reason}` : '';
  return new HearthError('MALFORMED_HTTP', `The request is not valid HTTP${detail}, so hearth closed the connection.`);
}

/**
 * Node's HTTP parser refuses a malformed request (bad header bytes, Content-Length with
 * Transfer-Encoding) before the app sees it, and by default answers a bare 400 with no body. This
 * answers it with the API's own JSON error body instead, then closes the connection. As Node does, a
 * connection that is gone or has already carried bytes of a response is only closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const written = (socket as Partial<Socket>).bytesWritten ?? 0;
  if (error.code === 'ECONNRESET' || !socket.writable || written > 0) {
    socket.destroy();
    return;
  }
  const refused = clientErrorOf(error);
  const wire = toWireError(refused.kind, refused.message, { code: refused.code });
  const body = JSON.stringify(wire.body);
  const head = [
    `HTTP/1.1 ${wire.status} ${STATUS_CODES[wire.status]}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
}
