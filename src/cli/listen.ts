// Listens on a host and port with Node's HTTP server, and stops cleanly.

import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { HearthError } from '../common/index.ts';
import type { App } from '../server/index.ts';

/** A listening server. */
export interface Listening {
  /** The base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  port: number;
  /** Stops accepting, ends idle connections and resolves when closed. */
  close(): Promise<void>;
}

/** Starts listening; a taken port or a bad host is a coded error, not a crash. */
export function listen(app: App, host: string, port: number): Promise<Listening> {
  const server = createAdaptorServer({ fetch: app.fetch });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message;
      reject(
        new HearthError('unavailable', 'LISTEN_FAILED', `hearth cannot listen on ${host}:${port}: ${reason}.`, {
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
