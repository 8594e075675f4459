// The real clock, id source and logger: the defaults that only cli/ chooses.

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import createPrettyStream from 'pino-pretty';
import type { Clock, IdSource, Logger } from '../common/index.ts';

/** The system clock. */
export function createSystemClock(): Clock {
  return { now: () => Date.now(), monotonic: () => performance.now() };
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Base-62 characters after an id's prefix, one random byte each. */
const ID_LENGTH = 24;

/** Random bytes drawn per refill; an id takes {@link ID_LENGTH} (each request makes two or three ids). */
const POOL_SIZE = 4096;

/** Random ids: the prefix and 24 base-62 characters (~143 bits), from a pool refilled in bulk. */
export function createRandomIds(): IdSource {
  let pool = randomBytes(POOL_SIZE);
  let used = 0;
  return {
    next(prefix) {
      if (used + ID_LENGTH > POOL_SIZE) {
        pool = randomBytes(POOL_SIZE);
        used = 0;
      }
      let id = prefix;
      for (let i = used; i < used + ID_LENGTH; i++) id += ALPHABET[pool[i]! % 62];
      used += ID_LENGTH;
      return id;
    },
  };
}

/** How log lines are written (`log.format`). */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** The process's logger: pino to stderr (stdout stays for command output), with secrets masked. */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  // A person reading a terminal gets one readable line per entry; anything else (a file, journald, a collector) JSON.
  const pretty = format === 'pretty' || (format === 'auto' && process.stderr.isTTY === true);
  const destination = pretty
    ? createPrettyStream({
        destination: 2,
        sync: true,
        colorize: process.stderr.isTTY === true,
        ignore: 'pid,hostname',
      })
    : pino.destination(2);
  return pino(
    {
      level,
      base: undefined,
      // Defence in depth: nothing should log these, and if something does they are masked.
      redact: {
        paths: [
          'authorization',
          '*.authorization',
          'apiKey',
          '*.apiKey',
          'api_key',
          '*.api_key',
          'token',
          '*.token',
          'access_token',
          '*.access_token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  ) as unknown as Logger;
}

/** A timer-based wait that an abort signal ends early. */
export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
