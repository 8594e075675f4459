// Clients that send part of a request and then stall: raw loopback sockets, each recording what it got back and when
// the server closed it.

import { connect, type Socket } from 'node:net';

/** One stalled client. */
export interface StalledClient {
  /** What the server sent back, as text. */
  readonly answer: () => string;
  /** Undefined while the connection is open. */
  readonly closedAfterMs: number | undefined;
  /** Resolves once the connection is closed, by either side. */
  readonly closed: Promise<void>;
  destroy(): void;
}

/** The start of a chat request: its headers, then 40 of the 4,000 body bytes it announced. */
export const HALF_BODY = [
  'POST /v1/chat/completions HTTP/1.1',
  'Host: 127.0.0.1',
  'Content-Type: application/json',
  'Content-Length: 4000',
  '',
  '{"model":"HA-Assist","messages":[{"role":',
].join('\r\n');

/** Half a header line: the request line, then the start of a header, with no line end. */
export const HALF_HEADER = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow-Client: abc';

/** Opens `count` connections to `port`, each sending `bytes` and nothing more; resolves once every one was written. */
export async function openStalledClients(port: number, count: number, bytes: string): Promise<StalledClient[]> {
  return Promise.all(Array.from({ length: count }, () => openStalledClient(port, bytes)));
}

function openStalledClient(port: number, bytes: string): Promise<StalledClient> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let closedAfterMs: number | undefined;
    let markClosed: () => void = () => {};
    const closed = new Promise<void>((done) => (markClosed = done));
    const socket: Socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.once('error', reject);
    socket.on('close', () => {
      closedAfterMs = performance.now() - started;
      markClosed();
    });
    socket.on('connect', () =>
      socket.write(bytes, () => {
        socket.off('error', reject);
        resolve({
          answer: () => Buffer.concat(chunks).toString('utf8'),
          get closedAfterMs() {
            return closedAfterMs;
          },
          closed,
          destroy: () => socket.destroy(),
        });
      }),
    );
  });
}
