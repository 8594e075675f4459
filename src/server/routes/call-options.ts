// What a chat route hands the chat service with a turn: the request's logger, and its abort signal made on demand.

import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * The request's logger and abort signal. The signal is made only when a step asks for it (a model call, a
 * verification wait): creating one costs every deterministic answer a few percent of its time.
 */
export function callOptions(c: Context<AppEnv>) {
  const raw = c.req.raw;
  return {
    logger: c.var.logger,
    get signal() {
      return raw.signal;
    },
  };
}
