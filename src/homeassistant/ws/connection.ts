// One authenticated WebSocket connection: message ids, the in-flight table, and routing of results, events and pongs.

import { type HearthError, isHearthError, safeParseJson } from '../../common/index.ts';
import { DEFAULT_TIMEOUT_MS } from '../rest/rest-transport.ts';
import { wsError } from './failures.ts';
import { encodeMessage, pingCommand, unsubscribeEventsCommand } from './messages.ts';
import type { HomeAssistantSocket } from './socket.ts';
import { type Command, type CommandError, type IncomingMessage, IncomingMessageSchema } from './types.ts';

/** A command's outcome: HA's `result`, or HA's `error` (`{code, message}`). Failures of the socket are thrown. */
export type CommandOutcome = { ok: true; result: unknown } | { ok: false; error: CommandError };

/** An open subscription (e.g. `render_template`): its events go to the callback given to `subscribe`. */
export interface Subscription {
  /** The id of the command that opened it; its events carry this id. */
  readonly id: number;
  /** Stops delivering events at once and sends `unsubscribe_events`. */
  unsubscribe(): Promise<CommandOutcome>;
}

/** The outcome of {@link HomeAssistantConnection.subscribe}. */
export type SubscribeOutcome = { ok: true; subscription: Subscription } | { ok: false; error: CommandError };

/** Options of {@link createHomeAssistantConnection}. */
export interface HomeAssistantConnectionOptions {
  /** How long one command may wait for its result (ms, default 10 000); then it rejects with `HA_TIMEOUT`. */
  commandTimeoutMs?: number;
  /** Sends `ping` every `intervalMs` and gives the connection up when a pong takes longer than `timeoutMs` (default: off). */
  keepalive?: KeepaliveOptions;
}

/** The keepalive of a connection: a silent Home Assistant is noticed within `intervalMs + timeoutMs`. */
export interface KeepaliveOptions {
  /** Time between pings (ms). */
  intervalMs: number;
  /** How long a pong may take (ms); then the connection fails with `HA_STOPPED_ANSWERING`. */
  timeoutMs: number;
}

/** Commands over one authenticated WebSocket. No reconnection: once closed, every command rejects. */
export interface HomeAssistantConnection {
  /** The version `auth_ok` announced. */
  readonly haVersion: string | undefined;
  /** True until the socket closes or {@link close} is called. */
  readonly isOpen: boolean;
  /** Sends a command with the next id and waits for its `result`; rejects with a coded error if the socket fails. */
  command(command: Command): Promise<CommandOutcome>;
  /** Sends a subscribing command; its events go to `onEvent`, from the first one (even in the result's frame). */
  subscribe(command: Command, onEvent: (event: unknown) => void): Promise<SubscribeOutcome>;
  /** Sends `ping` and waits for the `pong`. */
  ping(): Promise<void>;
  /**
   * Sends one binary frame (`[handler id] + payload`, ha-apis.md §3.10); throws `HA_BINARY_FRAME_EMPTY` for a
   * zero-length frame and `HA_CONNECTION_CLOSED` once closed.
   */
  sendBinary(frame: Uint8Array): void;
  /** Calls `listener` once when the connection closes (at once if it already has); returns a function to stop. */
  onClose(listener: (error: HearthError) => void): () => void;
  /** Closes the socket; pending commands reject with `HA_CONNECTION_CLOSED`. */
  close(): void;
}

interface Pending {
  type: string;
  settle(message: IncomingMessage): void;
  fail(error: HearthError): void;
}

/** Wraps an authenticated socket: ids start at 1 and only increase, as Home Assistant requires (ha-apis.md §3.2). */
export function createHomeAssistantConnection(
  socket: HomeAssistantSocket,
  options: HomeAssistantConnectionOptions = {},
): HomeAssistantConnection {
  const timeoutMs = options.commandTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const inFlight = new Map<number, Pending>();
  const subscriptions = new Map<number, (event: unknown) => void>();
  const closeListeners = new Set<(error: HearthError) => void>();
  let lastId = 0;
  let closedWith: HearthError | undefined;
  let stopKeepalive: () => void = () => {};

  function shutDown(error: HearthError): void {
    if (closedWith !== undefined) return;
    closedWith = error;
    stopKeepalive();
    for (const pending of [...inFlight.values()]) pending.fail(error);
    inFlight.clear();
    subscriptions.clear();
    for (const listener of [...closeListeners]) listener(error);
    closeListeners.clear();
  }

  function route(message: IncomingMessage): void {
    if (message.type === 'event') {
      subscriptions.get(message.id)?.(message.event);
      return;
    }
    // An auth message after the handshake has nothing to answer.
    if (message.type !== 'result' && message.type !== 'pong') return;
    const pending = inFlight.get(message.id);
    inFlight.delete(message.id);
    pending?.settle(message);
  }

  function receive(text: string): void {
    const messages = parseFrame(text);
    if (messages === undefined) {
      // The stream is no longer the protocol; an answer may have been lost, so every waiting command fails.
      shutDown(wsError('HA_BAD_ANSWER', 'Home Assistant sent a WebSocket frame that is not JSON'));
      socket.close();
      return;
    }
    for (const raw of messages) {
      const parsed = safeParseJson(IncomingMessageSchema, raw);
      if (parsed.success) route(parsed.data);
      else rejectMalformed(raw);
    }
  }

  /** A malformed answer to a pending command fails that command; anything else unreadable is ignored. */
  function rejectMalformed(raw: unknown): void {
    const id = (raw as { id?: unknown } | null)?.id;
    const pending = typeof id === 'number' ? inFlight.get(id) : undefined;
    if (pending === undefined || typeof id !== 'number') return;
    inFlight.delete(id);
    pending.fail(wsError('HA_BAD_ANSWER', `Home Assistant's answer to ${pending.type} is not a valid result`));
  }

  function send(command: Command, waitMs = timeoutMs): Promise<IncomingMessage> & { id: number } {
    const id = ++lastId;
    const promise = new Promise<IncomingMessage>((resolve, reject) => {
      if (closedWith !== undefined || !socket.isOpen) {
        reject(closedWith ?? wsError('HA_CONNECTION_CLOSED', 'the WebSocket to Home Assistant is closed'));
        return;
      }
      const timer = setTimeout(() => {
        inFlight.delete(id);
        reject(wsError('HA_TIMEOUT', `Home Assistant did not answer ${command.type} within ${waitMs} ms`));
      }, waitMs);
      inFlight.set(id, {
        type: command.type,
        settle(message) {
          clearTimeout(timer);
          resolve(message);
        },
        fail(error) {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(encodeMessage({ ...command, id }));
    });
    return Object.assign(promise, { id });
  }

  async function command(message: Command): Promise<CommandOutcome> {
    return outcomeOf(await send(message));
  }

  async function subscribe(message: Command, onEvent: (event: unknown) => void): Promise<SubscribeOutcome> {
    const sent = send(message);
    // Registered before the result arrives: HA may put the first event in the same frame as the result.
    subscriptions.set(sent.id, onEvent);
    let answer: IncomingMessage;
    try {
      answer = await sent;
    } catch (error) {
      subscriptions.delete(sent.id);
      throw error;
    }
    const outcome = outcomeOf(answer);
    if (!outcome.ok) {
      subscriptions.delete(sent.id);
      return outcome;
    }
    const unsubscribe = (): Promise<CommandOutcome> => {
      subscriptions.delete(sent.id);
      return command(unsubscribeEventsCommand(sent.id));
    };
    return { ok: true, subscription: { id: sent.id, unsubscribe } };
  }

  /** Pings on a timer; a missing pong ends the connection, so every waiting command and run learns at once. */
  function startKeepalive({ intervalMs, timeoutMs: pongMs }: KeepaliveOptions): () => void {
    let isWaiting = false;
    const timer = setInterval(() => {
      if (isWaiting || closedWith !== undefined) return;
      isWaiting = true;
      send(pingCommand(), pongMs).then(
        () => {
          isWaiting = false;
        },
        (error: unknown) => {
          if (!isHearthError(error) || error.code !== 'HA_TIMEOUT') return;
          const seconds = pongMs / 1000;
          shutDown(wsError('HA_STOPPED_ANSWERING', `Home Assistant stopped answering (no pong within ${seconds} s)`));
          // A frozen peer never completes a close handshake: `ws` would wait 30 s for it.
          socket.terminate();
        },
      );
    }, intervalMs);
    // The keepalive alone never keeps the process running.
    timer.unref();
    return () => clearInterval(timer);
  }

  socket.listen({ message: receive, closed: shutDown });
  if (options.keepalive !== undefined && closedWith === undefined) stopKeepalive = startKeepalive(options.keepalive);

  return {
    haVersion: socket.haVersion,
    get isOpen() {
      return closedWith === undefined && socket.isOpen;
    },
    command,
    subscribe,
    ping: async () => {
      await send(pingCommand());
    },
    sendBinary(frame) {
      // Home Assistant drops the whole connection on an empty binary frame, not just the frame.
      if (frame.length === 0) throw wsError('HA_BINARY_FRAME_EMPTY', 'refused to send an empty binary frame');
      if (closedWith !== undefined || !socket.isOpen) {
        throw closedWith ?? wsError('HA_CONNECTION_CLOSED', 'the WebSocket to Home Assistant is closed');
      }
      socket.sendBinary(frame);
    },
    onClose(listener) {
      if (closedWith !== undefined) {
        listener(closedWith);
        return () => {};
      }
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    close() {
      shutDown(wsError('HA_CONNECTION_CLOSED', 'the WebSocket to Home Assistant was closed by hearth'));
      socket.close();
    },
  };
}

/** A frame holds one message, or, once HA coalesces, a JSON array of them (ha-apis.md §3.1). */
function parseFrame(text: string): unknown[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return Array.isArray(value) ? value : [value];
}

function outcomeOf(message: IncomingMessage): CommandOutcome {
  if (message.type === 'result' && message.success === false) {
    return { ok: false, error: { code: message.error.code, message: message.error.message } };
  }
  return { ok: true, result: message.type === 'result' ? (message.result ?? null) : null };
}
