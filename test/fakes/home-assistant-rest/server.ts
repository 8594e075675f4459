// A minimal fake Home Assistant REST server on loopback (http or https) that records every request it receives.

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface FakeRestRequest {
  method: string;
  /** The path with its query string. */
  path: string;
  /** Header names in lower case, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
}

/** How to start the fake. */
export interface FakeRestOptions {
  /** The one token it accepts. */
  token: string;
  /** Serve https with this certificate and key (PEM); plain http without. */
  tls?: { cert: string; key: string };
  /** Answer every request with a 302 to this location instead. */
  redirectTo?: string;
  /** The `/api/config` body (default: a full 2025.10 answer, location and paths included). */
  config?: Record<string, unknown>;
}

/** A running fake. */
export interface FakeRest {
  /** `http(s)://127.0.0.1:PORT`. */
  readonly rootUrl: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: readonly FakeRestRequest[];
  /** How many TCP connections were accepted (a refused handshake still counts one). */
  readonly connectionCount: number;
  close(): Promise<void>;
}

/** A real `/api/config` answer (ha-apis.md §2.2), with the location, address and path fields hearth must drop. */
export const FAKE_CONFIG: Record<string, unknown> = {
  allowlist_external_dirs: ['/config/www'],
  components: ['api', 'http', 'light'],
  config_dir: '/config',
  country: 'DE',
  elevation: 120,
  external_url: 'https://home.example.org',
  internal_url: 'http://192.168.1.10:8123',
  language: 'en',
  latitude: 52.3,
  location_name: 'Home',
  longitude: 4.9,
  radius: 100,
  state: 'RUNNING',
  time_zone: 'Europe/Amsterdam',
  unit_system: { length: 'km', mass: 'g', pressure: 'Pa', temperature: '°C', volume: 'L', wind_speed: 'm/s' },
  version: '2025.10.1',
};

/** Starts the fake on a free loopback port. */
export async function startFakeHomeAssistantRest(options: FakeRestOptions): Promise<FakeRest> {
  const requests: FakeRestRequest[] = [];
  let connectionCount = 0;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers } });
    req.resume();
    req.on('end', () => answer(req, res, options));
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handle) : createHttpServer(handle);
  server.on('connection', () => connectionCount++);
  // A refused handshake is expected in the pin tests; it must not crash the fake.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    rootUrl: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    get connectionCount() {
      return connectionCount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers like Home Assistant: bare-text 401 and 404 (ha-apis.md §2.1), JSON for `/api/config`. */
function answer(req: IncomingMessage, res: ServerResponse, options: FakeRestOptions): void {
  if (options.redirectTo !== undefined) {
    res.writeHead(302, { location: options.redirectTo }).end();
    return;
  }
  if (req.headers.authorization !== `Bearer ${options.token}`) {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' }).end('401: Unauthorized');
    return;
  }
  if (req.method === 'GET' && req.url === '/api/config') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(options.config ?? FAKE_CONFIG));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404: Not Found');
}
