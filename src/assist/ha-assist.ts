// The HA-Assist virtual model's contract: what it is built from, what a call passes, and what it answers.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';
import type { Intents } from '../hassil/index.ts';
import type { Embedder } from '../backends/index.ts';
import type { Diagnostics } from './diagnostics/index.ts';
import type { AssistCaches } from './caches.ts';
import type { HomeListsCache } from './home-lists.ts';
import type { RecentTurns } from './recent-turns.ts';
import type { AssistSettings } from './settings.ts';
import type { PendingConfirmations } from './steps/confirm/index.ts';
import type { GenerativeModel } from './steps/select-backend.ts';
import type { ToolSchemaValidator } from './tool-schema.ts';

/** What the pipeline is built from; cli/ supplies the concrete parts. */
export interface AssistDeps {
  settings: AssistSettings;
  /** The enabled physical models by name. */
  models: ReadonlyMap<string, GenerativeModel>;
  /** Ranks entities by meaning too, when configured (`embeddings`). */
  embedder?: Embedder;
  clock: Clock;
  ids: IdSource;
  /** Parsed prompts, catalogues and what is derived from them, kept between requests (HA re-sends the home every round). */
  caches: AssistCaches;
  homeLists: HomeListsCache;
  /** The intent grammar: built in, or Home Assistant's from `intents.path`. */
  grammar: Intents;
  validator: ToolSchemaValidator;
  /** The confirmation questions asked and not yet answered (in memory: a restart forgets them). */
  confirmations: PendingConfirmations;
  /** Waits `ms` (the verification delay); rejects when `signal` aborts. Per request: it never blocks others. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Told of every answered turn: its route and milliseconds until the answer was complete (the page's chart). */
  recent?: RecentTurns;
}

/** Per-request options. */
export interface AssistCallOptions {
  signal?: AbortSignal;
  /** The request's logger (carries the request id). */
  logger: Logger;
}

/** What HA-Assist would do with a turn, without calling any model (`hearth ask`). */
export interface Explanation {
  route: 'direct' | 'llm' | 'vlm';
  /** The reply, when HA-Assist answers itself. */
  reply?: Reply;
  /** The model a generative route would call. */
  backend?: string;
  /** The compact turn a generative route would send (retrieval by words only: `explain` calls nothing). */
  prompt?: Turn;
  diagnostics: Diagnostics;
}

/** The HA-Assist virtual model. */
export interface HaAssist {
  /** Decides a turn as `complete` would, but calls no model. */
  explain(turn: Turn, options: AssistCallOptions): Promise<Explanation>;
  /** Answers a non-streaming turn; the reply carries `metrics`. */
  complete(turn: Turn, options: AssistCallOptions): Promise<Reply>;
  /** Answers a streaming turn; errors before the first delta are thrown by the first `next()`. */
  stream(turn: Turn, options: AssistCallOptions): AsyncIterable<ReplyDelta>;
}
