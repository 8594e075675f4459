// A loopback TCP relay in front of a fake that records which side closed each connection first, or that stalls.

import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Which side ended a relayed connection first: the client (hearth) or the server behind the relay (the fake). */
export type ClosingSide = 'client' | 'server';

/** One connection the relay accepted. */
export interface WatchedConnection {
  /** Undefined while the connection is open. */
  readonly closedBy: ClosingSide | undefined;
  /** Resolves with the side that closed first. */
  readonly closed: Promise<ClosingSide>;
  /** The bytes the client sent, as text. */
  readonly received: () => string;
}

/** A running relay. */
export interface SocketWatch {
  /** `http://127.0.0.1:PORT`. */
  readonly rootUrl: string;
  readonly port: number;
  /** Every connection accepted, in order. */
  readonly connections: readonly WatchedConnection[];
  /** Resolves once `count` connections were accepted. */
  waitForConnections(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the relay. `relay` passes bytes both ways to `targetPort`; `stall` accepts, reads and never answers (a server
 * that is up but does not get to the request: overloaded, or stopped in a debugger).
 */
export async function startSocketWatch(
  options: { mode: 'relay'; targetPort: number } | { mode: 'stall' },
): Promise<SocketWatch> {
  const connections: WatchedConnection[] = [];
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];

  function accept(client: Socket): void {
    sockets.add(client);
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    let closedBy: ClosingSide | undefined;
    let settle: (side: ClosingSide) => void = () => {};
    const closed = new Promise<ClosingSide>((resolve) => (settle = resolve));
    const upstream = options.mode === 'relay' ? connect(options.targetPort, '127.0.0.1') : undefined;
    const finish = (side: ClosingSide) => {
      if (closedBy !== undefined) return;
      closedBy = side;
      settle(side);
      client.destroy();
      upstream?.destroy();
    };
    client.on('error', () => {});
    client.on('close', () => {
      sockets.delete(client);
      finish('client');
    });
    if (upstream !== undefined) {
      sockets.add(upstream);
      upstream.on('error', () => {});
      upstream.on('close', () => {
        sockets.delete(upstream);
        finish('server');
      });
      client.pipe(upstream);
      upstream.pipe(client);
    }
    connections.push({
      get closedBy() {
        return closedBy;
      },
      closed,
      received: () => Buffer.concat(chunks).toString('utf8'),
    });
    for (const waiter of waiters.filter((w) => connections.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  const server = createServer(accept);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    rootUrl: `http://127.0.0.1:${port}`,
    port,
    connections,
    waitForConnections: (count) =>
      connections.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
