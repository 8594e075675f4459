// What /readyz checks: the data folder (its key and database) can be used, and each enabled model's backend and each
// enabled Home Assistant connection answers, in parallel, each within a short timeout.

import { existsSync } from 'node:fs';
import type { Readiness, ReadinessCheck } from '../server/index.ts';
import { DATABASE_FILE, SECRET_KEY_ENV, SECRET_KEY_FILE } from '../storage/index.ts';
import type { ConnectionAdmin } from '../tools/index.ts';
import type { Config, ModelConfig } from './config-schema.ts';
import { enabledModels } from './config.ts';
import type { DataFolder } from './data-folder.ts';

/** How long one check may take: a readiness probe must answer well within a supervisor's own timeout. */
export const READINESS_TIMEOUT_MS = 3000;

/** One check of the data folder: the key (`secret.key` or `HEARTH_SECRET_KEY`) or the database (`hearth.db`). */
export interface StorageCheck {
  kind: 'storage';
  /** `secret.key`, `HEARTH_SECRET_KEY` or `hearth.db`. */
  name: string;
  /** The file's path (the variable's name for `HEARTH_SECRET_KEY`). */
  url: string;
  ok: boolean;
  /** Why it cannot be used: the coded error's message, naming the file and the cause. */
  reason?: string;
}

/** The connections /readyz tests, with the checks of the data folder they are stored in, when the add-on has one. */
export type ReadinessConnections = ConnectionAdmin & { storage?: () => StorageCheck[] };

/** The checks of `config`'s backends, the data folder of `connections` and its enabled connections, run at each call. */
export function createReadiness(
  config: Config,
  connections: ReadinessConnections | undefined,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): () => Promise<Readiness> {
  return async () => {
    const storage = connections?.storage?.() ?? [];
    const backends = [...enabledModels(config)].map(([key, name]) => checkBackend(name, config.models[key]!, fetch));
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
    const checks = [...storage, ...(await Promise.all([...backends, ...homes]))];
    return { ready: checks.every((check) => check.ok), checks };
  };
}

/** The checks of the data folder's key and database, run at each call; the database check stops writes while it fails. */
export function createStorageChecks(folder: Pick<DataFolder, 'key' | 'health' | 'db'>): () => StorageCheck[] {
  const keyName = folder.key.source === SECRET_KEY_ENV ? SECRET_KEY_ENV : SECRET_KEY_FILE;
  return () => {
    let keyProblem: string | undefined;
    try {
      folder.key.current();
    } catch (error) {
      keyProblem = error instanceof Error ? error.message : String(error);
    }
    const databaseProblem = folder.health.check()?.message;
    return [
      { kind: 'storage', name: keyName, url: folder.key.source, ...outcome(keyProblem) },
      { kind: 'storage', name: DATABASE_FILE, url: folder.db.name, ...outcome(databaseProblem) },
    ];
  };
}

function outcome(problem: string | undefined): { ok: boolean; reason?: string } {
  return problem === undefined ? { ok: true } : { ok: false, reason: problem };
}

/** An HTTP backend answers its model list (Ollama: its version); an embedded model's file exists. */
async function checkBackend(name: string, entry: ModelConfig, fetch: typeof globalThis.fetch): Promise<ReadinessCheck> {
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
