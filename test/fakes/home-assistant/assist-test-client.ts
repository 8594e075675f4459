// A bare `ws` client for the fake pipeline's tests: messages in arrival order, binary frames, and event collection.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { ADMIN_TOKEN, type FakeHomeAssistant } from './index.ts';

/** One message from the fake. */
export type Message = Record<string, unknown>;

/** An event's `event` field: `{type, data, timestamp}`. */
export interface PipelineEvent {
  type: string;
  data: Record<string, unknown> | null;
  timestamp: string;
}

/** A connected, authenticated client. */
export interface TestClient {
  socket: WebSocket;
  /** The next message; fails after `ms` (default 2 s) so a missing message fails the test quickly. */
  next(ms?: number): Promise<Message>;
  /** Sends JSON. */
  send(message: Message): void;
  /** Sends a binary frame: the handler id byte, then the payload. */
  sendAudio(handlerId: number, payload?: Buffer): void;
  /** Whatever arrives within `ms` (to check that nothing more comes). */
  drain(ms: number): Promise<Message[]>;
  /** Resolves with the close code. */
  closed: Promise<number>;
}

/** Opens a WebSocket to the fake and authenticates. */
export async function connect(fake: FakeHomeAssistant, token = ADMIN_TOKEN): Promise<TestClient> {
  const socket = new WebSocket(fake.wsUrl);
  const queue: Message[] = [];
  const waiters: ((message: Message) => void)[] = [];
  socket.on('message', (data) => {
    const parsed = JSON.parse(data.toString()) as Message | Message[];
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const waiter = waiters.shift();
      if (waiter === undefined) queue.push(message);
      else waiter(message);
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await once(socket, 'open');
  const client: TestClient = {
    socket,
    next: (ms = 2000) => {
      const message = queue.shift();
      if (message !== undefined) return Promise.resolve(message);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms);
        waiters.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    send: (message) => socket.send(JSON.stringify(message)),
    sendAudio: (handlerId, payload = Buffer.alloc(0)) =>
      socket.send(Buffer.concat([Buffer.from([handlerId]), payload])),
    drain: async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return queue.splice(0);
    },
    closed,
  };
  assert.equal((await client.next()).type, 'auth_required');
  client.send({ type: 'auth', access_token: token });
  assert.equal((await client.next()).type, 'auth_ok');
  return client;
}

/** Sends a command and returns the next message (its result). */
export async function call(client: TestClient, message: Message): Promise<Message> {
  client.send(message);
  return client.next();
}

/** The next events of subscription `id` until one satisfies `isLast` (inclusive). */
export async function eventsUntil(
  client: TestClient,
  id: number,
  isLast: (event: PipelineEvent) => boolean,
): Promise<PipelineEvent[]> {
  const events: PipelineEvent[] = [];
  for (;;) {
    const message = await client.next();
    assert.equal(message.type, 'event', `expected an event, got ${JSON.stringify(message)}`);
    assert.equal(message.id, id);
    const event = message.event as PipelineEvent;
    events.push(event);
    if (isLast(event)) return events;
  }
}

/** Until `run-end`. */
export const isRunEnd = (event: PipelineEvent): boolean => event.type === 'run-end';

/** The event types, in order. */
export const typesOf = (events: PipelineEvent[]): string[] => events.map((event) => event.type);

/** The data of the first event of a type. */
export function dataOf(events: PipelineEvent[], type: string): Record<string, unknown> {
  const event = events.find((candidate) => candidate.type === type);
  assert.ok(event, `no ${type} event`);
  return event.data ?? {};
}

/** 16-bit PCM silence of `bytes` bytes. */
export const pcm = (bytes: number, fill = 0): Buffer => Buffer.alloc(bytes, fill);
