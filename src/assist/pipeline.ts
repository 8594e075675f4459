// The HA-Assist pipeline: the one place that knows the order of the steps.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import { deltasOfReply, type Reply, type ReplyDelta, type ToolCall, type Turn } from '../conversation/index.ts';
import type { Intents } from '../hassil/index.ts';
import type { Embedder } from '../backends/index.ts';
import type { HomeListsCache } from './home-lists.ts';
import { roundMs } from './metrics.ts';
import { compilePrompt } from './prompt/index.ts';
import { textReply, toolCallReply } from './reply.ts';
import { retrieve } from './retrieval/index.ts';
import type { AssistSettings } from './settings.ts';
import { checkBudget, countPromptTokens } from './steps/budget-tokens.ts';
import { decide, type Decision } from './steps/deterministic.ts';
import { detectRequestType, type RequestType } from './steps/detect-request-type.ts';
import { filterHistory } from './steps/filter-history.ts';
import { generativeRouteOf, selectModel, type GenerativeModel } from './steps/select-backend.ts';
import { validatedStream } from './steps/validated-stream.ts';
import { validateOutput, type OutputCheck, type OutputRules } from './steps/validate-output.ts';
import type { ToolSchemaValidator } from './tool-schema.ts';
import { readHaContext, understandRequest, type HaRequest, type UnderstandCaches } from './understand/index.ts';

/** What the pipeline is built from; cli/ supplies the concrete parts. */
export interface AssistDeps {
  settings: AssistSettings;
  /** The enabled physical models by name. */
  models: ReadonlyMap<string, GenerativeModel>;
  /** Ranks entities by meaning too, when configured (`embeddings`). */
  embedder?: Embedder;
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
  /** The compact turn a generative route would send (retrieval by words only: `explain` calls nothing). */
  prompt?: Turn;
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

/** Where a turn goes: answered here, or to one model with a compact prompt. */
type Route =
  | { kind: 'direct'; reply: Reply; metrics: Record<string, unknown> }
  | {
      kind: 'generative';
      type: RequestType;
      turn: Turn;
      request: HaRequest;
      decision: (Decision & { kind: 'generative' }) | undefined;
      started: number;
    };

/** A generative turn ready to send: the model, the compiled turn, and the checks its answer must pass. */
interface Prepared {
  model: GenerativeModel;
  turn: Turn;
  check(calls: readonly ToolCall[]): OutputCheck;
  metrics: Record<string, unknown>;
}

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
    // An ambiguous target with no model to ask: the deterministic question is the answer.
    if (decision?.question !== undefined && generativeRouteOf(type, deps.settings).model === undefined) {
      return direct(
        {
          kind: 'answer',
          text: decision.question,
          plan: decision.plan ?? {},
          ...(decision.intent === undefined ? {} : { intent: decision.intent }),
        },
        started,
        options,
      );
    }
    return { kind: 'generative', type, turn, request, decision, started };
  }

  /** Steps 4–5a: retrieval and the compact prompt; `embedder` ranks by meaning too. */
  async function compile(
    decided: Route & { kind: 'generative' },
    options: AssistCallOptions,
    embedder?: Embedder,
  ): Promise<{ turn: Turn; metrics: Record<string, unknown> }> {
    const { request, decision, turn } = decided;
    const history = filterHistory(turn.messages, request.history);
    const candidates = decision?.candidates;
    const retrieved = await retrieve({
      request,
      settings: deps.settings.retrieval,
      ...(embedder === undefined ? {} : { embedder }),
      ...(candidates === undefined ? {} : { candidates }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      logger: options.logger,
    });
    const prompt = compilePrompt({
      turn,
      request,
      keptMessages: history.kept,
      entities: retrieved.entities,
      tools: retrieved.tools,
      ...(candidates === undefined ? {} : { candidates }),
    });
    const metrics: Record<string, unknown> = {
      ha_history: history.metrics,
      ...(decision?.intent === undefined ? {} : { ha_intent: decision.intent }),
      ...(decision?.plan === undefined ? {} : { ha_plan: { ...decision.plan, generative_reason: decision.reason } }),
      ha_retrieval: retrieved.metrics,
    };
    return { turn: prompt, metrics };
  }

  /** Chooses the model (a missing setting is a 503), compiles the prompt and checks it fits (step 5b). */
  async function prepare(decided: Route & { kind: 'generative' }, options: AssistCallOptions): Promise<Prepared> {
    const { route: routeName, model } = selectModel(decided.type, deps.settings, deps.models);
    const compiled = await compile(decided, options, deps.embedder);
    const tokens = await countPromptTokens(compiled.turn, model.tokens, options.signal);
    const prompt = {
      tokens,
      max_input_tokens: model.maxInputTokens,
      tokenizer: model.tokens.source,
      messages: compiled.turn.messages.length,
      tools: compiled.turn.tools.length,
    };
    const prepMs = roundMs(deps.clock.monotonic() - decided.started);
    const metrics = {
      ha_route: { route: routeName, backend: model.backend.name, prep_ms: prepMs, inference_calls: 1 },
      ...compiled.metrics,
      ha_prompt: prompt,
    };
    log(options.logger, decided.request, decided.type, metrics);
    checkBudget(tokens, model.maxInputTokens, model.backend.name);
    const rules = outputRules(decided.request, decided.decision);
    return { model, turn: compiled.turn, check: (calls) => validateOutput(calls, rules), metrics };
  }

  /** What a generated tool call is checked against (step 7). */
  function outputRules(request: HaRequest, decision: (Decision & { kind: 'generative' }) | undefined): OutputRules {
    const candidates = decision?.candidates;
    return {
      offered: request.tools,
      validator: deps.validator,
      floors: request.floors,
      ...(request.toolChoice === undefined ? {} : { toolChoice: request.toolChoice }),
      ...(request.parallelToolCalls === undefined ? {} : { parallelToolCalls: request.parallelToolCalls }),
      ...(request.catalog === undefined ? {} : { catalog: request.catalog }),
      ...(candidates === undefined ? {} : { candidates }),
      ...(decision?.values === undefined ? {} : { values: decision.values }),
    };
  }

  function decideDeterministically(request: HaRequest, type: RequestType): Decision {
    const lists = deps.homeLists.listsFor(request.catalog, request.floors);
    return decide({ request, type, grammar: deps.grammar, lists, validator: deps.validator, settings: deps.settings });
  }

  async function direct(
    decision: Exclude<Decision, { kind: 'generative' }>,
    started: number,
    options: AssistCallOptions,
  ): Promise<Route> {
    const prepMs = roundMs(deps.clock.monotonic() - started);
    const waitMs = decision.kind === 'call' ? (decision.waitMs ?? 0) : 0;
    // The verification delay: this request waits, nothing else does.
    if (waitMs > 0) await deps.sleep(waitMs, options.signal);
    const reply =
      decision.kind === 'answer'
        ? textReply(decision.text)
        : toolCallReply([{ id: deps.ids.next('call_'), ...decision.call }]);
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

  function validationMetrics(check: OutputCheck, calls: readonly ToolCall[], logger: Logger): Record<string, unknown> {
    if (check.ok) return { valid: true, calls: calls.length };
    logger.warn({ rule: check.rule, tool: check.tool }, "ha-assist rejected the model's tool calls");
    return { valid: false, rule: check.rule, reason: check.reason, calls: calls.length };
  }

  return {
    async explain(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') return { route: 'direct', reply: decided.reply, metrics: decided.metrics };
      // Offline: no embedder, no tokenizer, no model; only what the words select.
      const { route: routeName, model } = generativeRouteOf(decided.type, deps.settings);
      const compiled = await compile(decided, options);
      const prepMs = roundMs(deps.clock.monotonic() - decided.started);
      const metrics = {
        ha_route: { route: routeName, backend: model ?? null, prep_ms: prepMs, inference_calls: 1 },
        ...compiled.metrics,
      };
      return { route: routeName, ...(model === undefined ? {} : { backend: model }), prompt: compiled.turn, metrics };
    },

    async complete(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') return { ...decided.reply, metrics: decided.metrics };
      const prepared = await prepare(decided, options);
      // Step 6: exactly one call. Step 7: nothing it asks for reaches Home Assistant unchecked.
      const reply = await prepared.model.backend.complete(prepared.turn, callOptions(options));
      const check = prepared.check(reply.toolCalls);
      const metrics = { ...prepared.metrics, ha_validation: validationMetrics(check, reply.toolCalls, options.logger) };
      if (check.ok) return { ...reply, metrics };
      return {
        ...textReply(refusalText(check)),
        ...(reply.usage === undefined ? {} : { usage: reply.usage }),
        metrics,
      };
    },

    async *stream(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') {
        yield* deltasOfReply(decided.reply);
        return;
      }
      const prepared = await prepare(decided, options);
      const deltas = prepared.model.backend.stream(prepared.turn, callOptions(options));
      yield* validatedStream(deltas, {
        check: prepared.check,
        refusal: refusalText,
        newId: () => deps.ids.next('call_'),
        verdict: (check, calls) => validationMetrics(check, calls, options.logger),
      });
    },
  };
}

/** What the user hears when the model's action failed the checks: plainly that nothing was done. */
function refusalText(check: OutputCheck & { ok: false }): string {
  return `Sorry, I could not carry that out: the model's action was rejected because ${check.reason}.`;
}

function callOptions(options: AssistCallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

function log(logger: Logger, request: HaRequest, type: RequestType, metrics: Record<string, unknown>): void {
  logger.info(
    { type, ...metrics, entities: request.catalog?.entities.length ?? 0, tools: request.tools.length },
    'ha-assist route',
  );
  if (request.contextProblem !== undefined)
    logger.warn({ problem: request.contextProblem }, 'ha-assist could not read the home catalogue');
  // Message content is private: only at debug level.
  if (logger.isLevelEnabled('debug')) logger.debug({ userText: request.userText }, 'ha-assist turn');
}
