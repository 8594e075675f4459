// What /readyz checks: the data folder (its key and database) can be used, and each enabled model's backend and each
// enabled Home Assistant connection answers, in parallel, each within a short timeout.

import { existsSync } from 'node:fs';
import type { Readiness, ReadinessCheck } from '../server/index.ts';
import type { ConnectionAdmin } from '../tools/index.ts';
import type { StorageCheck } from './storage-checks.ts';

/** How long one check may take: a readiness probe must answer well within a supervisor's own timeout. */
export const READINESS_TIMEOUT_MS = 3000;

/** The connections /readyz tests, with the checks of the data folder they are stored in, when the add-on has one. */
export type ReadinessConnections = ConnectionAdmin & { storage?: () => StorageCheck[] };

/** How one enabled model's backend is reached, as the configuration gives it. */
export interface ReadinessBackend {
  /** The model's public name. */
  name: string;
  backend: 'openai' | 'ollama' | 'llama-cpp';
  base_url?: string | undefined;
  model_path?: string | undefined;
  api_key?: string | undefined;
}

/** The checks of `backends`, the data folder of `connections` and its enabled connections, run at each call. */
export function createReadiness(
  backends: readonly ReadinessBackend[],
  connections: ReadinessConnections | undefined,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): () => Promise<Readiness> {
  return async () => {
    const storage = connections?.storage?.() ?? [];
    const backendChecks = backends.map((entry) => checkBackend(entry, fetch));
    // Connections whose key or database cannot be used are not listed: the storage check already says why.
    const homes = (storage.every((check) => check.ok) ? (connections?.list() ?? []) : [])
      .filter((connection) => connection.enabled)
      .map(async (connection): Promise<ReadinessCheck> => {
        const tested = await withTimeout(connections!.test(connection.name));
        const base = { kind: 'connection' as const, name: connection.name, url: connection.address };
        if (tested === 'timeout') return { ...base, ok: false, reason: `no answer within ${READINESS_TIMEOUT_MS} ms` };
        if (tested === undefined) return { ...base, ok: false, reason: 'the connection was removed' };
        return tested.ok ? { ...base, ok: true } : { ...base, ok: false, reason: tested.reason };
      });
    const checks = [...storage, ...(await Promise.all([...backendChecks, ...homes]))];
    return { ready: checks.every((check) => check.ok), checks };
  };
}

/** An HTTP backend answers its model list (Ollama: its version); an embedded model's file exists. */
async function checkBackend(entry: ReadinessBackend, fetch: typeof globalThis.fetch): Promise<ReadinessCheck> {
  const { name } = entry;
  if (entry.backend === 'llama-cpp') {
    const path = entry.model_path ?? '';
    return existsSync(path)
      ? { kind: 'backend', name, url: path, ok: true }
      : { kind: 'backend', name, url: path, ok: false, reason: 'the model file does not exist' };
  }
  const base = (entry.base_url ?? '').replace(/\/+$/, '');
  const url = entry.backend === 'ollama' ? `${base}/api/version` : `${base}/models`;
  const shown = withoutCredentials(base);
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
      ...(entry.api_key === undefined ? {} : { headers: { authorization: `Bearer ${entry.api_key}` } }),
    });
    await response.body?.cancel();
    return response.ok
      ? { kind: 'backend', name, url: shown, ok: true }
      : { kind: 'backend', name, url: shown, ok: false, reason: `it answered ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    const reason = timedOut ? `no answer within ${READINESS_TIMEOUT_MS} ms` : `unreachable (${cause})`;
    return { kind: 'backend', name, url: shown, ok: false, reason };
  }
}

/** An address as shown: without a user name or password someone put in it. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

async function withTimeout<T>(promise: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
