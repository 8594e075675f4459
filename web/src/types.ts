// The JSON shapes hearth's /ui and /admin endpoints answer, in the wire's own spelling.

/** `GET /ui/status`: what this hearth offers the page. */
export interface Status {
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
  chat_models: string[];
  /** Homes the playground can run against: "demo" and the connection names. */
  homes: string[];
}

/** The error body of every failed request. */
export interface ErrorBody {
  error: { message: string; type?: string; code?: string; param?: string | null };
}

/** How far hearth may act on one home. */
export type WriteMode = 'read-only' | 'ask-first' | 'act';

/** One saved Home Assistant connection; its token never leaves the server. */
export interface Connection {
  name: string;
  address: string;
  /** `host:port=sha256` of a pinned self-signed certificate, or null. */
  pin: string | null;
  enabled: boolean;
  write_mode: WriteMode;
  created_at: string;
}

/** `GET /admin/connections`. */
export interface ConnectionList {
  connections: Connection[];
}

/** `POST /admin/connections` and `PATCH /admin/connections/{name}`. */
export interface ConnectionReply {
  connection: Connection;
}

/** `POST /admin/connections` body. */
export interface NewConnection {
  name: string;
  url: string;
  token: string;
  pin?: string;
}

/** `PATCH /admin/connections/{name}` body. */
export interface ConnectionChange {
  enabled?: boolean;
  write_mode?: WriteMode;
}

/** `POST /admin/connections/{name}/test`. */
export type ConnectionTest = { ok: true; version: string } | { ok: false; reason: string };

/** How much a person is asked before a service runs. */
export type ServiceClass = 'quiet' | 'confirmed';

/** One allowed service of the limits. */
export interface ServiceRule {
  service: string;
  class: ServiceClass;
}

/** The four kinds of exclusion the limits have. */
export type ExcludeKind = 'domains' | 'areas' | 'patterns' | 'labels';

/** policy.json: what the tools may do. */
export interface Policy {
  version: number;
  services: ServiceRule[];
  /** A list left out of the file gets hearth's default (hearth shows valid limits with every default written). */
  exclude?: Partial<Record<ExcludeKind, string[]>>;
  /** Entities one tool call may act on (1–20); left out, the default. */
  max_entities?: number;
}

/** `GET /admin/policy`. When the file on disk is broken, `policy` is what could be read: an object or raw text. */
export type PolicyReply =
  | { valid: true; hash: string; policy: Policy }
  | { valid: false; reason: string; policy: unknown };

/** `PUT /admin/policy`. */
export interface PolicySaved {
  saved: true;
  hash: string;
}

/** One entity a proposal would change. */
export interface ProposalEntity {
  entity_id: string;
  name: string;
  /** The state when the change was proposed. */
  state: string;
  /** The state now, or null when hearth could not read it. */
  current_state: string | null;
}

/** A change the model proposed and a person has to confirm. */
export interface Proposal {
  id: string;
  connection: string;
  tool: string;
  service: string;
  entities: ProposalEntity[];
  data: Record<string, unknown>;
  class: ServiceClass;
  /** "open" until confirmed, cancelled or expired; other values may come. */
  status: string;
  /** True when the limits changed after the proposal was made. */
  stale: boolean;
  /** Why a confirmation's re-check closed it (the entity hidden, the connection changed, …), or null. */
  closed_reason?: string | null;
  operation_id: string | null;
  created_at: string;
  expires_at: string;
}

/** `GET /admin/proposals`: one page, newest first. */
export interface ProposalList {
  proposals: Proposal[];
  /** The `before` of the next (older) page, or null on the last one. */
  next: string | null;
}

/** The query of `GET /admin/proposals`; the server defaults to open ones, 20 a page. */
export interface ProposalQuery {
  status?: 'open' | 'confirmed' | 'cancelled' | 'expired' | 'stale' | 'all';
  /** 1 to 100. */
  limit?: number;
  /** A page's `next`: the proposals older than that one. */
  before?: string;
}

/** What happened to a call sent to Home Assistant. */
export type Outcome = 'done' | 'failed' | 'unknown' | 'not-sent';

/** `POST /admin/proposals/{id}/confirm`. */
export interface ConfirmReply {
  proposal: Proposal;
  operation_id: string | null;
  outcome: Outcome;
  changed?: { entity_id: string; state: string }[];
  reason?: string;
}

/** `POST /admin/proposals/{id}/cancel`. */
export interface ProposalReply {
  proposal: Proposal;
}

/** One call in the journal. */
export interface Operation {
  operation_id: string;
  connection: string;
  service: string;
  entity_ids: string[];
  data: unknown;
  proposal_id: string | null;
  state: 'sending' | 'done' | 'failed' | 'unknown';
  detail: string | null;
  created_at: string;
  finished_at: string | null;
}

/** `GET /admin/journal`. */
export interface Journal {
  operations: Operation[];
}

/** How HA-Assist answered: without a model, with the text model, or with the vision model. */
export type Route = 'direct' | 'llm' | 'vlm';

/** `POST /ui/playground`: one HA-Assist run, explained. */
export interface PlaygroundResult {
  home: string;
  route: Route;
  /** The model that was called, or null for direct. */
  model: string | null;
  intent: string | null;
  slot_combination: string | null;
  slots: Record<string, unknown>;
  tool_calls: { name: string; arguments: Record<string, unknown> }[];
  answer: string | null;
  why: string | null;
  prompt: PlaygroundPrompt | null;
  timings: { prep_ms: number; recognize_ms: number | null; total_ms: number };
}

/** The prompt HA-Assist built for the model. */
export interface PlaygroundPrompt {
  messages: { role: string; text: string }[];
  tools: string[];
  tokens: number;
  /** How `tokens` was counted, e.g. "estimate". */
  token_source: string;
}

/** One recent HA-Assist request. */
export interface AssistRequest {
  /** ISO time the request was answered. */
  at: string;
  route: Route;
  ms: number;
  source: 'playground' | 'api';
}

/** `GET /ui/assist/recent`, oldest first. */
export interface AssistRecent {
  requests: AssistRequest[];
}
