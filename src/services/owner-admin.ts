// The one rule for every command that changes connections, write modes, limits or proposals: while a server owns the
// data folder, the change goes through it, with the admin key.
import { HearthError, isRecord } from '../common/index.ts';
import { readOwner } from '../storage/index.ts';

/** What the running server answered: its status and its JSON body (an empty record when it sent none). */
export interface OwnerAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/** The running hearth that owns a data folder, reached through its admin API. */
export interface OwnerAdmin {
  /** Where it listens. */
  url: string;
  /** Sends one admin request (`path` under the server, e.g. `/admin/policy`) with the admin key. */
  send(request: { method: string; path: string; body?: string }): Promise<OwnerAnswer>;
}

/**
 * The server owning `dataDir`, or undefined when none runs (the command then changes the folder itself). Throws
 * `ADMIN_KEY_REQUIRED`, naming what was to be changed, when one runs and no admin key was given: no command changes
 * a folder a server owns behind its back.
 */
export function ownerAdmin(
  dataDir: string,
  options: { adminKey: string | null | undefined; fetch: typeof globalThis.fetch; what: string },
): OwnerAdmin | undefined {
  const owner = readOwner(dataDir);
  if (owner === undefined) return undefined;
  const adminKey = options.adminKey;
  if (!adminKey)
    throw new HearthError(
      'ADMIN_KEY_REQUIRED',
      `hearth at ${owner.url} owns the data folder: set HEARTH_ADMIN_KEY (its server.admin_key) to ${options.what}`,
    );
  return {
    url: owner.url,
    send: async ({ method, path, body }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${adminKey}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await options.fetch(`${owner.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      let parsed: unknown = {};
      try {
        parsed = text === '' ? {} : JSON.parse(text);
      } catch {
        parsed = {};
      }
      return { ok: response.ok, status: response.status, body: isRecord(parsed) ? parsed : {} };
    },
  };
}

/** The server's own reason for a refused request, or its HTTP status. */
export function ownerRefusal(answer: OwnerAnswer): string {
  const error = answer.body.error;
  return isRecord(error) && typeof error.message === 'string' ? error.message : `hearth answered HTTP ${answer.status}`;
}
