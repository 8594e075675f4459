// Reopening the connection after a drop, with exponential backoff; nothing sent on a dropped connection is re-sent.

import { definedProps } from '../../common/index.ts';
import type { HomeAssistantConnection } from './connection.ts';
import { wsError } from './failures.ts';

/** Options of {@link createReconnectingConnection}. */
export interface ReconnectingConnectionOptions {
  /** Opens and authenticates a new connection; throws a coded error when it cannot. */
  open: () => Promise<HomeAssistantConnection>;
  /** Waits between attempts (default: a timer); tests pass one that records the delays. */
  sleep?: (ms: number) => Promise<void>;
  /** The wait after the first failed attempt (ms, default 500); it doubles after each further failure. */
  initialDelayMs?: number;
  /** The longest wait between attempts (ms, default 30 000). */
  maxDelayMs?: number;
  /** Attempts per reopening before the last attempt's error is thrown (default 8). */
  maxAttempts?: number;
}

/**
 * Hands out an open connection, reopening after a drop. It re-sends nothing: whatever was in flight on the dropped
 * connection (a command, a subscription, a pipeline run) failed with it, and only its owner may start it again.
 */
export interface ReconnectingConnection {
  /** The open connection; when there is none (or it closed), one is opened, and concurrent callers share it. */
  connection(): Promise<HomeAssistantConnection>;
  /** Closes the current connection and stops reopening: later calls reject with `HA_CONNECTION_CLOSED`. */
  close(): void;
}

const DEFAULTS = { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: 8 };

/** A connection that reopens, on demand, after it dropped. */
export function createReconnectingConnection(options: ReconnectingConnectionOptions): ReconnectingConnection {
  const { initialDelayMs, maxDelayMs, maxAttempts } = {
    ...DEFAULTS,
    ...definedProps({
      initialDelayMs: options.initialDelayMs,
      maxDelayMs: options.maxDelayMs,
      maxAttempts: options.maxAttempts,
    }),
  };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let current: HomeAssistantConnection | undefined;
  let opening: Promise<HomeAssistantConnection> | undefined;
  let isClosed = false;

  const closedError = () => wsError('HA_CONNECTION_CLOSED', 'the connection to Home Assistant was closed by hearth');

  async function reopen(): Promise<HomeAssistantConnection> {
    let delayMs = initialDelayMs;
    for (let attempt = 1; ; attempt++) {
      if (isClosed) throw closedError();
      try {
        const opened = await options.open();
        if (isClosed) {
          opened.close();
          throw closedError();
        }
        current = opened;
        return opened;
      } catch (error) {
        if (isClosed || attempt >= maxAttempts) throw error;
      }
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }

  return {
    connection() {
      if (isClosed) return Promise.reject(closedError());
      if (current?.isOpen) return Promise.resolve(current);
      opening ??= reopen().finally(() => {
        opening = undefined;
      });
      return opening;
    },
    close() {
      isClosed = true;
      current?.close();
      current = undefined;
    },
  };
}
