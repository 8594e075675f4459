// A real loopback HTTP server that records every request before a handler answers it: the base of the protocol fakes.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received, as it arrived. */
export interface RecordedRequest {
  method: string;
  /** The path with its query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Header names are lower case, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text; empty when there was none. */
  rawBody: string;
  /** The body parsed as JSON; `undefined` when it was empty or not JSON. */
  body: unknown;
  /** When the body was fully received, from the fake's clock (ms). */
  receivedAt: number;
}

/** Answers one recorded request; `signal` aborts when the client left or the server is closing. */
export type RequestHandler = (
  request: RecordedRequest,
  res: ServerResponse,
  signal: AbortSignal,
) => Promise<void> | void;

/** How to start a recording server. */
export interface RecordingServerOptions {
  handle: RequestHandler;
  /** The clock for `receivedAt` (default `Date.now`). */
  now?: () => number;
  /** Names the fake in rejections of `waitForRequests`. */
  label: string;
}

/** A running recording server. */
export interface RecordingServer {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly rootUrl: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Resolves once at least `count` requests were recorded. */
  waitForRequests(count: number): Promise<RecordedRequest[]>;
  /** Forgets the recorded requests. */
  clearRequests(): void;
  /** Ends every open response (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

/** Starts a recording server on a free loopback port. */
export async function startRecordingServer(options: RecordingServerOptions): Promise<RecordingServer> {
  const now = options.now ?? Date.now;
  const closing = new AbortController();
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: (all: RecordedRequest[]) => void; reject: (error: Error) => void }[] = [];

  function record(entry: RecordedRequest): void {
    requests.push(entry);
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve([...requests]);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    if (rawBody === undefined) return;
    const entry = {
      method: req.method ?? '',
      path: req.url ?? '/',
      headers: { ...req.headers },
      rawBody,
      body: parseJson(rawBody),
      receivedAt: now(),
    };
    record(entry);
    const left = new AbortController();
    res.on('close', () => left.abort());
    try {
      await options.handle(entry, res, AbortSignal.any([left.signal, closing.signal]));
    } catch {
      // A handler that failed has no one to tell but the client, which sees the connection end.
      res.destroy();
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    rootUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve([...requests]);
      if (closing.signal.aborted) return Promise.reject(new Error(`The ${options.label} is closed.`));
      return new Promise((resolve, reject) => waiters.push({ count, resolve, reject }));
    },
    clearRequests: () => void (requests.length = 0),
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(`The ${options.label} closed first.`));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The whole body as text, or `undefined` when the client left before sending it. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req) chunks.push(chunk as Buffer);
  } catch {
    return undefined;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
