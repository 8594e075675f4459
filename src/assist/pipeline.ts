// The HA-Assist pipeline: the one place that knows the order of the steps.

import { type Clock, definedProps, type IdSource, type Logger } from '../common/index.ts';
import { deltasOfReply, type Reply, type ReplyDelta, type ToolCall, type Turn } from '../conversation/index.ts';
import type { Intents } from '../hassil/index.ts';
import type { Embedder } from '../backends/index.ts';
import {
  compiledDiagnostics,
  type Diagnostics,
  directDiagnostics,
  gateDiagnostics,
  type GateDiagnostics,
  type PlanDiagnostics,
  roundMs,
  toWireMetrics,
  validationDiagnostics,
} from './diagnostics/index.ts';
import type { AssistCaches } from './caches.ts';
import type { HomeListsCache } from './home-lists.ts';
import { logDirectTurn, logGenerativeTurn, logRejection } from './log-turn.ts';
import type { RecentTurns } from './recent-turns.ts';
import { compilePrompt } from './prompt/index.ts';
import { textReply, toolCallReply } from './reply.ts';
import { retrieve } from './retrieval/index.ts';
import type { AssistSettings } from './settings.ts';
import { checkBudget, countPromptTokens } from './steps/budget-tokens.ts';
import {
  type ConfirmationState,
  type ConfirmContext,
  type ConfirmReply,
  type PendingConfirmations,
  rememberQuestion,
  replyToQuestion,
} from './steps/confirm/index.ts';
import { decide } from './steps/deterministic/decide.ts';
import type { Decision, DirectDecision, GenerativeDecision } from './steps/deterministic/decision.ts';
import { detectRequestType, type RequestType } from './steps/detect-request-type.ts';
import { readSentenceFacts, type SentenceFacts, unreadSentenceFacts } from './steps/facts/index.ts';
import {
  type GateCall,
  type GatedPlan,
  type GateInput,
  type GateVerdict,
  gatePlan,
  judgeCalls,
  readDevicesFirst,
} from './steps/gate/index.ts';
import { filterHistory } from './steps/filter-history.ts';
import { generativeRouteOf, selectModel, type GenerativeModel } from './steps/select-backend.ts';
import { validatedStream } from './steps/validated-stream.ts';
import type { ToolSchemaValidator } from './tool-schema.ts';
import {
  canonicalToolName,
  carriesHomeAssistantContext,
  overLimitError,
  readHaContext,
  understandRequest,
  type HaRequest,
} from './understand/index.ts';

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

/** Where a turn goes: answered here, or to one model with a compact prompt. */
type Route =
  | { kind: 'direct'; reply: Reply; diagnostics: Diagnostics }
  | ({
      kind: 'generative';
      type: RequestType;
      turn: Turn;
      request: HaRequest;
      decision?: GenerativeDecision;
      facts: SentenceFacts;
    } & RouteStart);

/** When the turn started (a monotonic reading), and what became of an open confirmation question. */
interface RouteStart {
  started: number;
  confirmation?: ConfirmationState;
}

/** A turn that goes to a model. */
type GenerativeRoute = Route & { kind: 'generative' };

/** A compiled turn: the prompt, and what the steps that built it report. */
interface Compiled {
  turn: Turn;
  diagnostics: Omit<Diagnostics, 'route'>;
}

/** A generative turn ready to send: the model, the compiled turn, and the gate its answer must pass. */
interface Prepared {
  model: GenerativeModel;
  turn: Turn;
  /** The gate's verdict on the model's calls (a sensitive question it asks is remembered for the yes). */
  judge(calls: readonly ToolCall[]): GateVerdict;
  diagnostics: Diagnostics;
}

/** Builds the HA-Assist pipeline. */
export function createHaAssist(deps: AssistDeps): HaAssist {
  /** Understands the request and answers what needs no model; the rest goes on to a model. */
  async function route(turn: Turn, options: AssistCallOptions): Promise<Route> {
    const started = deps.clock.monotonic();
    // Only `model: "HA-Assist"` reaches this point: the boundary passed other models through.
    const request = understandRequest(turn, deps.caches, readHaContext(turn.extra), deps.settings.limits);
    // A reply to a confirmation question of ours: send what it confirmed, or say why not.
    const reply = replyToQuestion(turn, request, confirmContext());
    if (reply !== undefined && reply.kind !== 'dropped') return finishQuestion(reply, started, options);
    // Any other reply drops the question: the turn goes on as usual, and says so.
    const at: RouteStart = reply?.kind === 'dropped' ? { started, confirmation: 'cancelled' } : { started };
    const type = detectRequestType(request);
    // The sentence's facts, read once: the deterministic path and the gate hold the calls to the same ones.
    const facts = factsOf(request);
    // An image is never answered by a text shortcut.
    const decided =
      type === 'image' ? undefined : (overLimitDecision(request, type) ?? decideWithoutModel(request, type, facts));
    if (decided?.kind === 'call') {
      const gated = gateDirect(decided, { turn, request, type, facts, at });
      if (gated.kind === 'direct') return answerDirectly(gated.decision, gated.at, options, gated.gate);
      return toModel({ turn, request, type, facts, at }, gated.decision, options);
    }
    const decision = decided;
    if (decision !== undefined && decision.kind !== 'generative') return answerDirectly(decision, at, options);
    // No model to hand over to: the decision's own answer (a question naming the candidates, or a plain answer).
    if (decision?.withoutModel !== undefined && generativeRouteOf(type, deps.settings).model === undefined) {
      const plan = decision.plan ?? { kind: 'ambiguous' };
      const asked: DirectDecision = {
        kind: 'answer',
        text: decision.withoutModel,
        plan,
        ...definedProps({ intent: decision.intent }),
      };
      return answerDirectly(asked, at, options);
    }
    return toModel({ turn, request, type, facts, at }, decision, options);
  }

  /**
   * The turn goes to the model; when the sentence is about covers or valves whose class the request does not carry,
   * live state is read first (one round), so the gate judges the model's calls by what each device is.
   */
  async function toModel(
    turn: { turn: Turn; request: HaRequest; type: RequestType; facts: SentenceFacts; at: RouteStart },
    decision: GenerativeDecision | undefined,
    options: AssistCallOptions,
  ): Promise<Route> {
    const { request, type, facts, at } = turn;
    const hasModel = generativeRouteOf(type, deps.settings).model !== undefined;
    const read = hasModel ? readDevicesFirst(request, facts) : undefined;
    if (read === undefined)
      return { kind: 'generative', type, turn: turn.turn, request, facts, ...at, ...definedProps({ decision }) };
    const reason = 'the devices are read before the model acts: their classes decide what needs a yes';
    const plan: PlanDiagnostics = {
      ...decision?.plan,
      kind: decision?.plan?.kind ?? 'action',
      fetch: read.name,
      reason,
    };
    return answerDirectly({ kind: 'call', calls: [read], plan }, at, options);
  }

  /** The facts of the turn's sentence in the grammar's language, with the home's names. */
  function factsOf(request: HaRequest): SentenceFacts {
    if (request.overLimit !== undefined) return unreadSentenceFacts(deps.grammar.language);
    const { catalog } = request;
    const names =
      catalog === undefined ? undefined : () => deps.homeLists.listsFor(catalog, request.floors).repairNames;
    return readSentenceFacts(request.userText, { language: deps.grammar.language, ...definedProps({ names }) });
  }

  /** The plan's calls through the gate; a sensitive question it asks is remembered for the conversation's yes. */
  function gateDirect(
    decision: DirectDecision & { kind: 'call' },
    turn: { turn: Turn; request: HaRequest; type: RequestType; facts: SentenceFacts; at: RouteStart },
  ):
    | { kind: 'direct'; decision: DirectDecision; at: RouteStart; gate: GateDiagnostics }
    | (GatedPlan & { kind: 'generative' }) {
    const { request, facts, at } = turn;
    const hasModel = generativeRouteOf(turn.type, deps.settings).model !== undefined;
    const gated = gatePlan(decision, { ...gateBase(request, facts), tools: request.tools, hasModel });
    if (gated.kind === 'generative') return gated;
    if (gated.sensitiveQuestion === undefined) return { ...gated, at };
    remember(decision.calls, turn.turn, request, gated.sensitiveQuestion);
    return { ...gated, at: { started: at.started, confirmation: 'asked' } };
  }

  /** What every gate input carries: the sentence's facts, the request, the validator and the sensitive setting. */
  function gateBase(
    request: HaRequest,
    facts: SentenceFacts,
  ): Pick<GateInput, 'facts' | 'request' | 'validator' | 'confirmSensitive'> {
    return { facts, request, validator: deps.validator, confirmSensitive: deps.settings.confirmSensitive };
  }

  /** Remembers a sensitive question the gate asked, so that only the conversation's next yes sends the calls. */
  function remember(calls: readonly GateCall[], turn: Turn, request: HaRequest, question: string): void {
    rememberQuestion(calls, { turn, request }, canonicalToolName, {
      question,
      context: confirmContext(),
    });
  }

  function confirmContext(): ConfirmContext {
    const { confirmations: pending, clock, settings } = deps;
    const { language } = deps.grammar;
    return { pending, now: clock.monotonic(), timeoutSeconds: settings.confirmTimeoutSeconds, language };
  }

  /** Answers the reply to our question: sends the calls a person confirmed as they were asked about, or says why not. */
  async function finishQuestion(
    confirmed: Exclude<ConfirmReply, { kind: 'dropped' }>,
    started: number,
    options: AssistCallOptions,
  ): Promise<Route> {
    if (confirmed.kind === 'answer') {
      const answer: DirectDecision = { kind: 'answer', text: confirmed.text, plan: { kind: 'action' } };
      return answerDirectly(answer, { started, confirmation: confirmed.confirmation }, options);
    }
    const reply = toolCallReply(confirmed.calls.map((call) => ({ id: deps.ids.next('call_'), ...call })));
    const plan: PlanDiagnostics = { kind: 'action', ...definedProps({ tool: confirmed.calls[0]?.name }) };
    const prepMs = roundMs(deps.clock.monotonic() - started);
    const diagnostics: Diagnostics = {
      route: { route: 'direct', backend: null, prepMs, inferenceCalls: 0 },
      plan,
      confirmation: 'confirmed',
    };
    logDirectTurn(options.logger, diagnostics);
    return { kind: 'direct', reply, diagnostics };
  }

  /** A request past a deterministic-processing limit goes to the model as it is; with no model it is refused. */
  function overLimitDecision(request: HaRequest, type: RequestType): GenerativeDecision | undefined {
    if (request.overLimit === undefined) return undefined;
    if (generativeRouteOf(type, deps.settings).model === undefined) throw overLimitError(request.overLimit);
    const { reason } = request.overLimit;
    return { kind: 'generative', reason, plan: { kind: 'action', reason } };
  }

  /** Decides without a model; the match reports how long recognising (with repair) and planning took. */
  function decideWithoutModel(request: HaRequest, type: RequestType, facts: SentenceFacts): Decision {
    const started = deps.clock.monotonic();
    const lists = deps.homeLists.listsFor(request.catalog, request.floors);
    const { grammar, validator, settings } = deps;
    // Repair is given up once the budget is spent: the turn then goes to the model.
    const isOverBudget = () => deps.clock.monotonic() - started > settings.limits.maxMs;
    const decision = decide({ request, type, grammar, lists, validator, settings, facts, isOverBudget });
    const recognizeMs = roundMs(deps.clock.monotonic() - started);
    const intent = decision.intent === undefined ? undefined : { ...decision.intent, recognizeMs };
    // The words the plan was made from: the repaired sentence, or the user's own with its spacing tidied.
    const requestText =
      intent?.match === 'repaired' ? intent.repairedText : request.userText.replace(/\s+/gu, ' ').trim();
    const plan = decision.plan === undefined ? undefined : { ...decision.plan, requestText };
    return { ...decision, ...definedProps({ intent, plan }) };
  }

  async function answerDirectly(
    decision: DirectDecision,
    at: RouteStart,
    options: AssistCallOptions,
    gate?: GateDiagnostics,
  ): Promise<Route> {
    const prepMs = roundMs(deps.clock.monotonic() - at.started);
    const waitMs = decision.kind === 'call' ? (decision.waitMs ?? 0) : 0;
    // The verification delay: this request waits, nothing else does.
    if (waitMs > 0) await deps.sleep(waitMs, options.signal);
    const reply =
      decision.kind === 'answer'
        ? textReply(decision.text)
        : toolCallReply(decision.calls.map((call) => ({ id: deps.ids.next('call_'), ...call })));
    const diagnostics = {
      ...directDiagnostics(decision, prepMs, waitMs),
      ...definedProps({ confirmation: at.confirmation, gate }),
    };
    logDirectTurn(options.logger, diagnostics);
    return { kind: 'direct', reply, diagnostics };
  }

  /** Retrieves the devices and tools the turn is about and compiles the compact prompt. */
  async function compile(decided: GenerativeRoute, options: AssistCallOptions, embedder?: Embedder): Promise<Compiled> {
    const { request, decision, turn } = decided;
    const history = filterHistory(turn.messages, request.history);
    const candidates = decision?.candidates;
    const retrieved = await retrieve({
      request,
      settings: deps.settings.retrieval,
      caches: deps.caches,
      logger: options.logger,
      ...definedProps({ embedder, candidates, signal: options.signal }),
    });
    const prompt = compilePrompt({
      turn,
      request,
      caches: deps.caches,
      keptMessages: history.kept,
      entities: retrieved.entities,
      tools: retrieved.tools,
      ...definedProps({ candidates }),
    });
    return { turn: prompt, diagnostics: compiledDiagnostics(decision, history.diagnostics, retrieved.metrics) };
  }

  /** Chooses the model (a missing setting is a 503, 400 without HA's context), compiles the prompt and checks that it fits. */
  async function prepare(decided: GenerativeRoute, options: AssistCallOptions): Promise<Prepared> {
    const hasHomeContext = carriesHomeAssistantContext(decided.turn);
    const { route: routeName, model } = selectModel({ type: decided.type, hasHomeContext }, deps.settings, deps.models);
    const compiled = await compile(decided, options, deps.embedder);
    const tokens = await countPromptTokens(compiled.turn, model.tokens, options.signal);
    const prepMs = roundMs(deps.clock.monotonic() - decided.started);
    const diagnostics: Diagnostics = {
      route: { route: routeName, backend: model.backend.name, prepMs, inferenceCalls: 1 },
      ...compiled.diagnostics,
      ...definedProps({ confirmation: decided.confirmation }),
      prompt: {
        tokens,
        maxInputTokens: model.maxInputTokens,
        tokenizer: model.tokens.source,
        messages: compiled.turn.messages.length,
        tools: compiled.turn.tools.length,
      },
    };
    logGenerativeTurn(
      options.logger,
      { request: decided.request, type: decided.type, prompt: compiled.turn },
      diagnostics,
    );
    checkBudget(tokens, model.maxInputTokens, model.backend.name);
    const { request, decision, facts } = decided;
    const names = new Set(compiled.turn.tools.map((tool) => tool.name));
    const input: Omit<GateInput, 'calls'> = {
      ...gateBase(request, facts),
      source: 'model',
      // Only the tools the model was given (with Home Assistant's full schemas): a call of one HA-Assist left out,
      // or any call when it gave none, is refused.
      tools: request.tools.filter((tool) => names.has(tool.name)),
      plan: definedProps({ candidates: decision?.candidates, values: decision?.values }),
      hasModel: true,
    };
    const judge = (calls: readonly ToolCall[]): GateVerdict => {
      const verdict = judgeCalls({ ...input, calls });
      // A sensitive call becomes the same question a deterministic one would.
      if (verdict.kind === 'ask' && verdict.rule === 'sensitive')
        remember(calls.map(withoutId), decided.turn, request, verdict.question);
      return verdict;
    };
    return { model, turn: compiled.turn, judge, diagnostics };
  }

  /** A direct answer took its preparation time; nothing else ran. */
  function recordDirect(diagnostics: Diagnostics): void {
    deps.recent?.add({ route: 'direct', ms: diagnostics.route.prepMs, source: 'api' });
  }

  /** A generative answer took everything from the start of the turn to the model's last token. */
  function recordGenerative(prepared: Prepared, started: number): void {
    const ms = roundMs(deps.clock.monotonic() - started);
    deps.recent?.add({ route: prepared.diagnostics.route.route, ms, source: 'api' });
  }

  return {
    async explain(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') return { route: 'direct', reply: decided.reply, diagnostics: decided.diagnostics };
      // Offline: no embedder, no tokenizer, no model; only what the words select.
      const { route: routeName, model } = generativeRouteOf(decided.type, deps.settings);
      const compiled = await compile(decided, options);
      const prepMs = roundMs(deps.clock.monotonic() - decided.started);
      const diagnostics: Diagnostics = {
        route: { route: routeName, backend: model ?? null, prepMs, inferenceCalls: 1 },
        ...compiled.diagnostics,
      };
      return {
        route: routeName,
        ...(model === undefined ? {} : { backend: model }),
        prompt: compiled.turn,
        diagnostics,
      };
    },

    async complete(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') {
        recordDirect(decided.diagnostics);
        return { ...decided.reply, metrics: toWireMetrics(decided.diagnostics) };
      }
      const prepared = await prepare(decided, options);
      // Exactly one call; nothing it asks for reaches Home Assistant unchecked.
      const reply = await prepared.model.backend.complete(prepared.turn, callOptions(options));
      recordGenerative(prepared, decided.started);
      const verdict = prepared.judge(reply.toolCalls);
      logRejection(options.logger, verdict);
      const calls = reply.toolCalls.length;
      const diagnostics: Diagnostics = {
        ...prepared.diagnostics,
        validation: validationDiagnostics(verdict, calls),
        gate: gateDiagnostics('model', verdict, calls),
      };
      if (verdict.kind === 'send') return { ...reply, metrics: toWireMetrics(diagnostics) };
      const asked = verdict.kind === 'ask' && verdict.rule === 'sensitive';
      const metrics = toWireMetrics(asked ? { ...diagnostics, confirmation: 'asked' } : diagnostics);
      const text = verdict.kind === 'ask' ? verdict.question : verdict.text;
      return { ...textReply(text), ...definedProps({ usage: reply.usage }), metrics };
    },

    async *stream(turn, options) {
      const decided = await route(turn, options);
      if (decided.kind === 'direct') {
        recordDirect(decided.diagnostics);
        yield* deltasOfReply(decided.reply);
        return;
      }
      const prepared = await prepare(decided, options);
      const deltas = prepared.model.backend.stream(prepared.turn, callOptions(options));
      yield* validatedStream(deltas, {
        judge: prepared.judge,
        newId: () => deps.ids.next('call_'),
        verdict: (verdict) => logRejection(options.logger, verdict),
      });
      recordGenerative(prepared, decided.started);
    },
  };
}

function withoutId(call: ToolCall): Omit<ToolCall, 'id'> {
  return { name: call.name, arguments: call.arguments };
}

function callOptions(options: AssistCallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}
