// The JSON of every endpoint the page calls (/ui and /admin), in wire spelling: the one contract routes and web/ share.

// Types only, importing nothing: web/ imports this file itself (`import type`), so it must stay free of server code.

// Errors

/** The body of every failed request (OpenAI's error body; `param` names the request field the server blamed). */
export interface ErrorResponse {
  error: { message: string; type: string; param: string | null; code: string | null };
}

// GET /ui/status, GET /ui/assist/recent

/** `GET /ui/status`: what this hearth offers the page. */
export interface StatusResponse {
  version: string;
  /** True when the server has API keys, so every request needs one. */
  api_key_required: boolean;
  /** True when server.admin_key is set, so the /admin endpoints answer. */
  admin_api: boolean;
  /** True when hearth listens on loopback with no key configured: every view works without a key. */
  keyless_loopback: boolean;
  /** True when the Home Assistant tool add-on is on. */
  tools: boolean;
  /** Models the chat view may use; empty when none is configured. */
  chat_models: readonly string[];
  /** Homes the playground can run against: "demo" and the enabled connections' names. */
  homes: string[];
}

/** How HA-Assist answered: without a model, with the text model, or with the vision model. */
export type AssistRoute = 'direct' | 'llm' | 'vlm';

/** One recent HA-Assist turn (nothing of its text). */
export interface AssistTurnJson {
  /** ISO time the answer was complete. */
  at: string;
  route: AssistRoute;
  /** Milliseconds from the request to the complete answer (for a direct answer, its preparation time). */
  ms: number;
  /** A sentence tried on the playground, or a request from Home Assistant or another client. */
  source: 'playground' | 'api';
}

/** `GET /ui/assist/recent`: the latest turns, oldest first. */
export interface RecentResponse {
  requests: AssistTurnJson[];
}

// POST /ui/playground

/** `POST /ui/playground` body. */
export interface PlaygroundRequest {
  sentence: string;
  /** A connection's name, or `demo` (the default). */
  home?: string;
}

/** The prompt HA-Assist built for the model. */
export interface PlaygroundPromptJson {
  messages: { role: string; text: string }[];
  /** The names of the tools offered. */
  tools: string[];
  tokens: number;
  /** How `tokens` was counted, e.g. "estimate". */
  token_source: string;
}

/** One HA-Assist round explained: the fields `hearth ask --json` prints and the playground answers with. */
export interface AssistRoundJson {
  route: AssistRoute;
  /** The model that was called, or null for direct. */
  model: string | null;
  intent: string | null;
  slot_combination: string | null;
  slots: Record<string, unknown>;
  /** The calls of the answer; `arguments` is the JSON the answer carried (an object, from a well-behaved model). */
  tool_calls: { name: string; arguments: unknown }[];
  answer: string | null;
  /** Why the model gets the turn, when it does. */
  why: string | null;
}

/** `POST /ui/playground`: one HA-Assist run explained (`hearth ask --json`'s fields for the last round), and timings. */
export interface PlaygroundResponse extends AssistRoundJson {
  home: string;
  prompt: PlaygroundPromptJson | null;
  timings: { prep_ms: number; recognize_ms: number | null; total_ms: number };
  /** Entities of a connection's home left out of the request (beyond the most a request holds). */
  entities_cut: number;
}

// POST /ui/chat (server-sent events)

/** One message of the conversation the chat re-sends: text only. */
export interface ChatMessageJson {
  role: 'user' | 'assistant';
  content: string;
}

/** `POST /ui/chat` body: the model and the conversation, ending with the question. */
export interface ChatRequest {
  model: string;
  messages: ChatMessageJson[];
}

/** `POST /ui/chat` answers with server-sent events: each event's name and the JSON of its `data:` line. */
export interface ChatEvents {
  tool_call: { id: string; name: string; arguments: unknown };
  /** The guard's answer as an MCP client gets it: untrusted data, or a plain refusal. */
  tool_result: { id: string; name: string; is_error: boolean; text: string };
  delta: { content: string };
  done: { finish_reason: string };
  /** A failure once the stream has begun (before it, an ordinary {@link ErrorResponse}). */
  error: { message: string };
}

// /admin/connections

/** How far hearth may act on one home. */
export type WriteMode = 'read-only' | 'ask-first' | 'act';

/** One saved Home Assistant connection; its token never leaves the server. */
export interface ConnectionJson {
  name: string;
  address: string;
  /** `host:port=sha256` of a pinned self-signed certificate, or null. */
  pin: string | null;
  enabled: boolean;
  write_mode: WriteMode;
  created_at: string;
}

/** `GET /admin/connections`. */
export interface ConnectionsResponse {
  connections: ConnectionJson[];
}

/** `POST /admin/connections` body. */
export interface NewConnectionRequest {
  name: string;
  url: string;
  token: string;
  pin?: string;
}

/** `POST /admin/connections` (201). */
export interface ConnectionResponse {
  connection: ConnectionJson;
}

/** `PATCH /admin/connections/{name}` body. */
export interface ConnectionUpdateRequest {
  enabled?: boolean;
  write_mode?: WriteMode;
}

/** `PATCH /admin/connections/{name}`: the connection as it is now (null when it was removed meanwhile). */
export interface ConnectionUpdateResponse {
  connection: ConnectionJson | null;
}

/** `POST /admin/connections/{name}/test`. */
export type ConnectionTestResponse = { ok: true; version: string } | { ok: false; reason: string };

// /admin/policy

/** How much a person is asked before a service runs. */
export type ServiceClass = 'quiet' | 'confirmed';

/** One allowed service of the limits. */
export interface ServiceRule {
  service: string;
  class: ServiceClass;
}

/** The four kinds of exclusion the limits have. */
export type ExcludeKind = 'domains' | 'areas' | 'patterns' | 'labels';

/** policy.json: what the tools may do (the body `PUT /admin/policy` takes, as text). */
export interface PolicyJson {
  version: number;
  services: ServiceRule[];
  /** A list left out of the file gets hearth's default (valid limits are shown with every default written). */
  exclude?: Partial<Record<ExcludeKind, string[]>>;
  /** Entities one tool call may act on (1–20); left out, the default. */
  max_entities?: number;
}

/** `GET /admin/policy`. When the file on disk is broken, `policy` is what could be read: an object or raw text. */
export type PolicyResponse =
  | { valid: true; hash: string; policy: PolicyJson }
  | { valid: false; reason: string; policy: unknown };

/** `PUT /admin/policy`. */
export interface PolicySavedResponse {
  saved: true;
  hash: string;
}

// /admin/proposals, /admin/journal

/** One entity a proposal would change. */
export interface ProposalEntityJson {
  entity_id: string;
  name: string;
  /** The state when the change was proposed. */
  state: string;
  /** Only on open proposals of `GET /admin/proposals`: the state now, or null when hearth could not read it. */
  current_state?: string | null;
}

/** A change the model proposed and a person has to confirm. */
export interface ProposalJson {
  id: string;
  connection: string;
  tool: string;
  service: string;
  entities: ProposalEntityJson[];
  data: Record<string, unknown>;
  class: ServiceClass;
  /** "open" until confirmed, cancelled or expired ("stale" when the limits changed); other values may come. */
  status: string;
  /** Only on open proposals of `GET /admin/proposals`: true when the limits changed after it was made. */
  stale?: boolean;
  /** Why a stale proposal was closed (other limits, a refused confirmation's re-check), or null. */
  closed_reason: string | null;
  operation_id: string | null;
  created_at: string;
  expires_at: string;
}

/** The query of `GET /admin/proposals`; the server defaults to open ones, 20 a page. */
export interface ProposalsQuery {
  status?: 'open' | 'confirmed' | 'cancelled' | 'expired' | 'stale' | 'all';
  /** 1 to 100. */
  limit?: number;
  /** A page's `next`: the proposals older than that one. */
  before?: string;
}

/** `GET /admin/proposals`: one page, newest first. */
export interface ProposalsResponse {
  proposals: ProposalJson[];
  /** The `before` of the next (older) page, or null on the last one. */
  next: string | null;
}

/** What happened to a call sent to Home Assistant. */
export type Outcome = 'done' | 'failed' | 'unknown' | 'not-sent';

/** `POST /admin/proposals/{id}/confirm`. */
export interface ConfirmResponse {
  proposal: ProposalJson;
  operation_id: string;
  outcome: Outcome;
  /** When the outcome is `done`: the states Home Assistant reported changed. */
  changed?: { entity_id: string; state: string }[];
  /** When the outcome is not `done`: why, in words. */
  reason?: string;
}

/** `POST /admin/proposals/{id}/cancel`. */
export interface CancelResponse {
  proposal: ProposalJson;
}

/** One call in the journal. */
export interface OperationJson {
  operation_id: string;
  connection: string;
  service: string;
  entity_ids: string[];
  data: Record<string, unknown>;
  proposal_id: string | null;
  state: 'sending' | 'done' | 'failed' | 'unknown';
  /** What happened, in words (a failure's reason, why the outcome is unknown); empty while sending. */
  detail: string;
  created_at: string;
  finished_at: string | null;
}

/** `GET /admin/journal`: the newest calls first. */
export interface JournalResponse {
  operations: OperationJson[];
}
