// The HA-Assist pipeline: the one place that knows the order of the steps.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import { deltasOfReply, type Reply, type ReplyDelta, type Turn } from '../conversation/index.ts';
import type { Intents } from '../hassil/index.ts';
import type { Backend } from '../backends/index.ts';
import type { HomeListsCache } from './home-lists.ts';
import { roundMs } from './metrics.ts';
import { textReply, toolCallReply } from './reply.ts';
import type { AssistSettings } from './settings.ts';
import { decide, type Decision } from './steps/deterministic.ts';
import { detectRequestType, type RequestType } from './steps/detect-request-type.ts';
import { filterHistory } from './steps/filter-history.ts';
import { generativeRouteOf, selectBackend } from './steps/select-backend.ts';
import type { ToolSchemaValidator } from './tool-schema.ts';
import { readHaContext, understandRequest, type HaRequest, type UnderstandCaches } from './understand/index.ts';

/** What the pipeline is built from; cli/ supplies the concrete parts. */
export interface AssistDeps {
  settings: AssistSettings;
  /** The enabled physical models by name. */
  backends: ReadonlyMap<string, Backend>;
  clock: Clock;
  ids: IdSource;
  /** Parsed prompts and catalogues, kept between requests (HA re-sends the same home every round). */
  caches: UnderstandCaches;
  homeLists: HomeListsCache;
  /** The intent grammar: built in, or Home Assistant's from `intents.path`. */
  grammar: Intents;
  validator: ToolSchemaValidator;
  /** Waits `ms` (the verification delay); rejects when `signal` aborts. Per request: it never blocks others. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
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
  metrics: Record<string, unknown>;
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

/** Where a turn goes: answered here, or to one backend (chosen when it is called) with the history it may see. */
type Route =
  | { kind: 'direct'; reply: Reply; metrics: Record<string, unknown> }
  | { kind: 'generative'; type: RequestType; turn: Turn; prepMs: number; metrics: Record<string, unknown> };

/** Builds the HA-Assist pipeline. */
export function createHaAssist(deps: AssistDeps): HaAssist {
  async function route(turn: Turn, options: AssistCallOptions): Promise<Route> {
    const started = deps.clock.monotonic();
    // Step 1 (the boundary) happened before: only `model: "HA-Assist"` reaches this point.
    const request = understandRequest(turn, deps.caches, readHaContext(turn.extra));
    // Step 2: text, image or tool-result round. An image is never answered by a text shortcut.
    const type = detectRequestType(request);
    // Step 3: deterministic Home Assistant processing.
    const decision = type === 'image' ? undefined : decideDeterministically(request, type);
    if (decision !== undefined && decision.kind !== 'generative') return direct(decision, started, options);
    // Steps 4–7 (retrieval, prompt compiler, validation) are not built yet: the turn goes to one backend
    // with finished house-control turns removed from its history.
    const history = filterHistory(turn.messages, request.history);
    const metrics = {
      ha_history: history.metrics,
      ...(decision?.intent === undefined ? {} : { ha_intent: decision.intent }),
      ...(decision?.plan === undefined ? {} : { ha_plan: { ...decision.plan, generative_reason: decision.kind === 'generative' ? decision.reason : undefined } }),
    };
    log(options.logger, request, type, metrics);
    return { kind: 'generative', type, turn: { ...turn, messages: history.messages }, prepMs: roundMs(deps.clock.monotonic() - started), metrics };
  }

  /** The one backend a generative route calls, and the complete metrics. A missing setting is a 503. */
  function chooseBackend(decided: Route & { kind: 'generative' }) {
    const choice = selectBackend(decided.type, deps.settings, deps.backends);
    const metrics = { ha_route: { route: choice.route, backend: choice.backend.name, prep_ms: decided.prepMs, inference_calls: 1 }, ...decided.metrics };
    return { backend: choice.backend, metrics };
  }

  function decideDeterministically(request: HaRequest, type: RequestType): Decision {
    const lists = deps.homeLists.listsFor(request.catalog, request.floors);
    return decide({ request, type, grammar: deps.grammar, lists, validator: deps.validator, settings: deps.settings });
  }

  async function direct(decision: Exclude<Decision, { kind: 'generative' }>, started: number, options: AssistCallOptions): Promise<Route> {
    const prepMs = roundMs(deps.clock.monotonic() - started);
    const waitMs = decision.kind === 'call' ? decision.waitMs ?? 0 : 0;
    // The verification delay: this request waits, nothing else does.
    if (waitMs > 0) await deps.sleep(waitMs, options.signal);
    const reply = decision.kind === 'answer' ? textReply(decision.text) : toolCallReply([{ id: deps.ids.next('call_'), ...decision.call }]);
    const metrics = {
      ha_route: { route: 'direct', backend: null, prep_ms: prepMs, inference_calls: 0 },
      ha_plan: decision.plan,
      ...(decision.intent === undefined ? {} : { ha_intent: decision.intent }),
      ...(decision.verify === undefined ? {} : { ha_verify: decision.verify }),
      ...(waitMs > 0 ? { ha_verify_settle_ms: waitMs } : {}),
    };
    options.logger.info({ route: 'direct', plan: decision.plan.kind, prepMs }, 'ha-assist route');
    return { kind: 'direct', reply, metrics };
  }

  return {
    async explain(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') return { route: 'direct', reply: decided.reply, metrics: decided.metrics };
      const { route: routeName, model } = generativeRouteOf(decided.type, deps.settings);
      const metrics = { ha_route: { route: routeName, backend: model ?? null, prep_ms: decided.prepMs, inference_calls: 1 }, ...decided.metrics };
      return { route: routeName, ...(model === undefined ? {} : { backend: model }), metrics };
    },

    async complete(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') return { ...decided.reply, metrics: decided.metrics };
      const { backend, metrics } = chooseBackend(decided);
      const reply = await backend.complete(decided.turn, callOptions(options));
      return { ...reply, metrics };
    },

    async *stream(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') {
        yield* deltasOfReply(decided.reply);
        return;
      }
      yield* chooseBackend(decided).backend.stream(decided.turn, callOptions(options));
    },
  };
}

function callOptions(options: AssistCallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

function log(logger: Logger, request: HaRequest, type: RequestType, metrics: Record<string, unknown>): void {
  logger.info({ type, ...metrics, entities: request.catalog?.entities.length ?? 0, tools: request.tools.length }, 'ha-assist route');
  if (request.contextProblem !== undefined) logger.warn({ problem: request.contextProblem }, 'ha-assist could not read the home catalogue');
  // Message content is private: only at debug level.
  if (logger.isLevelEnabled('debug')) logger.debug({ userText: request.userText }, 'ha-assist turn');
}
