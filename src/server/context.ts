// The per-request values middleware puts on the Hono context, and the dependencies the app is built from.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import type { ChatService, RecentTurn } from '../assist/index.ts';
import type { HomeChatEvent, HomeChatMessage } from '../home-chat/index.ts';
import type {
  ChangeService,
  ConnectionAdmin,
  JournalEntry,
  LimitsAdmin,
  ProposalStore,
  ToolGuard,
} from '../tools/index.ts';
import type { PlaygroundResponse } from './page-contract.ts';

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
  /** The connections each limited API key may use on /mcp; a key not in it uses every enabled connection. */
  keyConnections?: ReadonlyMap<string, readonly string[]>;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /** The tool add-on: the guard behind /mcp and the connections behind /admin; without it both answer 404. */
  tools?: ToolAddOn;
  /** hearth's admin key (`server.admin_key`); without it /admin answers 403 (but see `isLoopbackListener`). */
  adminKey?: string | null;
  /**
   * True when hearth listens only on this machine (`server.host` is a loopback address). With no key configured at all,
   * the page's admin and home routes then need none, as the API does; otherwise (and by default) they keep their keys.
   */
  isLoopbackListener?: boolean;
  /** The browser page at `/` and the endpoints only it uses (/ui); without it they answer 404. */
  page?: PageDeps;
  /** Counts every request and serves `/metrics`; without it /metrics answers 404. */
  metrics?: ServerMetrics;
  /** What `/readyz` checks: the configured backends and connections; without it /readyz answers like /healthz. */
  readiness?: () => Promise<Readiness>;
}

/** The server's side of the metrics: it counts requests and serves the Prometheus text. */
export interface ServerMetrics {
  request(labels: { surface: string; route: string; method: string; status: number }, seconds: number): void;
  exposition(): Promise<{ contentType: string; body: string }>;
}

/** Whether everything hearth is configured to reach answers: each model's backend and each enabled connection. */
export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

/** One thing `/readyz` reached, or why it could not. */
export interface ReadinessCheck {
  /**
   * `storage` (the data folder's key or database), `backend` (a model), `connection` (a Home Assistant) or `grammar`
   * (HA-Assist's, named by its language, listed only while it is being compiled or when it could not be).
   */
  kind: 'storage' | 'backend' | 'connection' | 'grammar';
  /** The model's or the connection's name. */
  name: string;
  /** The address reached (a model file for an embedded model). */
  url: string;
  ok: boolean;
  /** Why it is not reachable. */
  reason?: string;
}

/** The page: its built files, and the playground, chat and recent turns behind it. */
export interface PageDeps {
  /** The built page by path (`/index.html`, `/assets/…`); undefined when it was not built. */
  files: ReadonlyMap<string, PageFile> | undefined;
  version: string;
  /** The physical models the chat with the home may use. */
  chatModels: readonly string[];
  /**
   * Streams one answer of the chat with the home; throws `model_not_found` for a model not in `chatModels`. Its tools
   * reach only `request.connections` when the key names them (as on /mcp), every enabled connection otherwise.
   */
  chat(
    model: string,
    conversation: readonly HomeChatMessage[],
    request: { signal: AbortSignal; connections?: readonly string[] },
  ): AsyncIterable<HomeChatEvent>;
  /**
   * What HA-Assist does with a sentence against the demo home or an enabled connection's home, calling no model; a
   * connection outside `caller.connections` (when the key names them) is no home of this caller's.
   */
  playground(sentence: string, home: string, caller: { connections?: readonly string[] }): Promise<PlaygroundAnswer>;
  recent: { list(): RecentTurn[] };
}

/** One file of the built page. */
export interface PageFile {
  body: Uint8Array;
  contentType: string;
}

/** The playground's answer, as `POST /ui/playground` sends it: the page contract's {@link PlaygroundResponse}. */
export type PlaygroundAnswer = PlaygroundResponse;

/** The tool add-on's parts the server exposes. */
export interface ToolAddOn {
  guard: ToolGuard;
  connections: ConnectionAdmin;
  /** Confirming and cancelling proposals (a confirmation runs the change from this process). */
  changes: ChangeService;
  /** policy.json: read by any authenticated caller, saved only with the admin key. */
  limits: LimitsAdmin;
  /** The proposals: the admin API reads them a page at a time (`list`, every one ever made, is for tests). */
  proposals: Pick<ProposalStore, 'list' | 'page'>;
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
    /** The connections the request's API key may use (set only for a key limited to some). */
    keyConnections: readonly string[] | undefined;
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
