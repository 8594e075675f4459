// The fake OpenAI-compatible server: a real loopback HTTP server that records requests and answers from a script.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { playStep } from './play.ts';
import type { FakeStep, RecordedRequest } from './script.ts';

/** How to start the fake. */
export interface FakeOpenAiServerOptions {
  /** Model ids listed by `GET /v1/models` (default `['fake-model']`). */
  models?: string[];
  /** The step for chat requests when the script queue is empty (default: a short text). */
  defaultStep?: FakeStep;
  /** The clock for `receivedAt` (default `Date.now`). */
  now?: () => number;
}

/** A running fake server; every chat request takes the next scripted step, or the default one. */
export interface FakeOpenAiServer {
  /** The API root, `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  /** Every request received, in arrival order (recorded once its body is read). */
  readonly requests: readonly RecordedRequest[];
  /** How many scripted steps are still queued. */
  readonly pendingSteps: number;
  /** Queues steps; each chat request takes the first one. */
  script(...steps: FakeStep[]): void;
  /** Sets the step used when the queue is empty. */
  setDefault(step: FakeStep): void;
  /** Resolves once at least `count` requests were recorded. */
  waitForRequests(count: number): Promise<RecordedRequest[]>;
  /** Forgets recorded requests and queued steps and restores the starting default step. */
  reset(): void;
  /** Ends every open response (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

/** The text answered when nothing else is scripted. */
export const DEFAULT_TEXT = 'Hello from the fake server.';
/** The `created` timestamp of every response, fixed so output is deterministic. */
const CREATED = 1_700_000_000;

/** Starts a fake OpenAI-compatible server on a free loopback port. */
export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const startingDefault: FakeStep = options.defaultStep ?? { kind: 'text', text: DEFAULT_TEXT };
  const models = options.models ?? ['fake-model'];
  const now = options.now ?? Date.now;
  const closing = new AbortController();
  const requests: RecordedRequest[] = [];
  const queue: FakeStep[] = [];
  const waiters: { count: number; resolve: (all: RecordedRequest[]) => void; reject: (error: Error) => void }[] = [];
  let defaultStep = startingDefault;
  let responseCount = 0;
  let callCount = 0;

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
    const body = parseJson(rawBody);
    const path = req.url ?? '/';
    record({ method: req.method ?? '', path, headers: { ...req.headers }, rawBody, body, receivedAt: now() });
    const route = `${req.method} ${path.split('?')[0]}`;
    if (route === 'GET /v1/models') {
      sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'fake' })) });
    } else if (route === 'POST /v1/chat/completions') {
      await answerChat(body, res);
    } else {
      sendJson(res, 404, { error: { message: `No route for ${route}.`, type: 'invalid_request_error', code: 'not_found' } });
    }
  }

  async function answerChat(body: unknown, res: ServerResponse): Promise<void> {
    if (!isObject(body)) {
      sendJson(res, 400, { error: { message: 'The body must be a JSON object.', type: 'invalid_request_error' } });
      return;
    }
    const step = queue.shift() ?? defaultStep;
    const left = new AbortController();
    res.on('close', () => left.abort());
    await playStep(step, res, {
      isStream: body.stream === true,
      includeUsage: isObject(body.stream_options) && body.stream_options.include_usage === true,
      identity: { id: `chatcmpl-fake-${++responseCount}`, model: typeof body.model === 'string' ? body.model : '', created: CREATED },
      newCallId: () => `call_fake_${++callCount}`,
      signal: AbortSignal.any([left.signal, closing.signal]),
    });
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get pendingSteps() {
      return queue.length;
    },
    script: (...steps) => void queue.push(...steps),
    setDefault: (step) => void (defaultStep = step),
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve([...requests]);
      if (closing.signal.aborted) return Promise.reject(new Error('The fake OpenAI server is closed.'));
      return new Promise((resolve, reject) => waiters.push({ count, resolve, reject }));
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      defaultStep = startingDefault;
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('The fake OpenAI server closed first.'));
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

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
