// The per-request values middleware puts on the Hono context, and the dependencies the app is built from.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import type { ChatService } from '../assist/index.ts';
import type { ChangeService, ConnectionAdmin, JournalEntry, LimitsAdmin, Proposal, ToolGuard } from '../tools/index.ts';

/** What `createApp` needs; cli/ builds the concrete parts. */
export interface AppDeps {
  chat: ChatService;
  /** The models `POST /v1/embeddings` reaches by name. */
  embeddings: EmbeddingService;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Bearer keys accepted on /v1; empty means no authentication. */
  apiKeys: readonly string[];
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /** The tool add-on: the guard behind /mcp and the connections behind /admin; without it both answer 404. */
  tools?: ToolAddOn;
  /** hearth's admin key (`server.admin_key`); without it /admin answers 403. */
  adminKey?: string | null;
}

/** The tool add-on's parts the server exposes. */
export interface ToolAddOn {
  guard: ToolGuard;
  connections: ConnectionAdmin;
  /** Confirming and cancelling proposals (a confirmation runs the change from this process). */
  changes: ChangeService;
  /** policy.json: read by any authenticated caller, saved only with the admin key. */
  limits: LimitsAdmin;
  proposals: { list(): Proposal[] };
  journal: { recent(limit: number): JournalEntry[] };
  /** How the MCP server names itself (hearth and its version). */
  serverInfo: { name: string; version: string };
}

/** Hono environment: the variables set per request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The request's logger, bound to its id. */
    logger: Logger;
    /** The parsed JSON body of a POST. */
    body: unknown;
  };
}

/**
 * Embeds texts with the model a client names (cli/ builds it from backends/): throws 404 `model_not_found` for
 * an unknown name and 400 for a model that cannot embed.
 */
export interface EmbeddingService {
  embed(
    model: string,
    texts: readonly string[],
    options?: { signal?: AbortSignal },
  ): Promise<{ vectors: Float32Array[]; promptTokens: number }>;
}
