// The HTTP client for backends: undici's fetch with a connect timeout (the read timeout is the backend's).

import { Agent, fetch as undiciFetch } from 'undici';

/** A `fetch` whose connections must open within `connectTimeoutMs`. */
export function createHttpFetch(connectTimeoutMs: number): typeof globalThis.fetch {
  // Header and body timeouts are off here: the backend's watchdog enforces its own read timeout.
  const dispatcher = new Agent({ connect: { timeout: connectTimeoutMs }, headersTimeout: 0, bodyTimeout: 0 });
  return ((input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof globalThis.fetch;
}
