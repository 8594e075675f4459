// Step 3: deterministic Home Assistant processing. Decides an answer or a tool call, or hands over to a model.

import type { ToolCall } from '../../conversation/index.ts';
import type { Intents, RecognizeResult } from '../../hassil/index.ts';
import type { HomeLists } from '../home-lists.ts';
import type { AssistSettings } from '../settings.ts';
import type { ToolSchemaValidator } from '../tool-schema.ts';
import type { HaRequest } from '../understand/index.ts';
import { answerTemperature, answerWeather } from './answer-measurement.ts';
import { answerStateQuery, type QueryAnswer } from './answer-query.ts';
import { answerTime } from './answer-time.ts';
import type { RequestType } from './detect-request-type.ts';
import { liveStateOf } from './live-state.ts';
import { planAction } from './plan-action.ts';
import { describeMatch, recognizeIntent } from './recognize-intent.ts';
import { repairSentence } from './repair/index.ts';
import { verifyAction } from './verify-action.ts';

/** What the deterministic step decided; `plan` and `intent` become `metrics.ha_plan` and `metrics.ha_intent`. */
export type Decision =
  | {
      kind: 'answer';
      text: string;
      plan: Record<string, unknown>;
      intent?: Record<string, unknown>;
      verify?: Record<string, unknown>;
    }
  | {
      kind: 'call';
      call: Omit<ToolCall, 'id'>;
      plan: Record<string, unknown>;
      intent?: Record<string, unknown>;
      verify?: Record<string, unknown>;
      waitMs?: number;
    }
  | {
      kind: 'generative';
      reason: string;
      plan?: Record<string, unknown>;
      intent?: Record<string, unknown>;
      candidates?: readonly Candidate[];
      values?: Readonly<Record<string, string | number>>;
      question?: string;
    };

/** An entity the plan found as good as others: the generative path keeps them and checks the model picks one. */
export interface Candidate {
  name: string;
  domain: string;
  area?: string;
}

/** The parts the step works with. */
export interface DeterministicContext {
  request: HaRequest;
  type: RequestType;
  grammar: Intents;
  lists: HomeLists;
  validator: ToolSchemaValidator;
  settings: AssistSettings;
}

const STATE_QUESTIONS = new Set(['HassGetState', 'HassClimateGetTemperature', 'HassGetWeather']);
const TIME_QUESTIONS = new Set(['HassGetCurrentTime', 'HassGetCurrentDate']);

/** Decides a text or tool-result turn; image turns never come here. */
export function decide(context: DeterministicContext): Decision {
  if (context.type === 'tool-result') {
    const verified = decideVerification(context);
    if (verified !== undefined) return verified;
    // A state or time read for the user's question came back: answer the question with it.
    if (!lastRoundReads(context.request))
      return { kind: 'generative', reason: 'a tool result HA-Assist cannot answer from' };
  }
  const { request, grammar, lists } = context;
  const recognize = (text: string) => recognizeIntent(text, request, grammar, lists);
  const exact = recognize(request.userText);
  if (exact !== undefined)
    return { ...decideIntent(exact, context), intent: { match: 'exact', ...describeMatch(exact) } };
  if (request.catalog === undefined)
    return { kind: 'generative', reason: 'no exact intent match', intent: { match: 'none' } };
  // Conservative repair: one misspelt name or a small slip in the sentence, parsed again.
  const repair = repairSentence({
    text: request.userText,
    catalog: request.catalog,
    recognize,
    intents: grammar,
    slotLists: lists.slotLists,
    names: lists.repairNames,
    settings: context.settings.repair,
  });
  if (repair.kind === 'repaired') {
    const decision = decideIntent(repair.result, context);
    const intent = { match: 'repaired', repaired_text: repair.text, ...describeMatch(repair.result) };
    return {
      ...decision,
      intent,
      ...(decision.plan === undefined ? {} : { plan: { ...decision.plan, corrections: repair.corrections } }),
    };
  }
  const intent =
    repair.kind === 'refused'
      ? { match: 'none', repair: { refused: repair.reason, by: repair.mechanism, candidates: repair.candidates } }
      : { match: 'none' };
  return {
    kind: 'generative',
    reason:
      repair.kind === 'refused' ? `no exact intent match; repair refused (${repair.reason})` : 'no exact intent match',
    intent,
  };
}

function decideIntent(result: RecognizeResult, context: DeterministicContext): Decision {
  const name = result.intent.name;
  if (name === 'HassNevermind') return { kind: 'answer', text: 'OK.', plan: { kind: 'nevermind' } };
  if (TIME_QUESTIONS.has(name)) return decideTime(name, context.request);
  if (STATE_QUESTIONS.has(name)) return decideStateQuestion(result, context.request);
  const plan = planAction(result, context.request, context.lists, context.validator);
  switch (plan.kind) {
    case 'call':
      return {
        kind: 'call',
        call: { name: plan.tool.name, arguments: JSON.stringify(plan.arguments) },
        plan: { kind: 'action', tool: plan.tool.name, arguments: plan.arguments },
      };
    case 'ask': {
      // A model may tell the candidates apart from the conversation; without one, the question is asked.
      const candidates = plan.candidates.map(describeEntity);
      const values = requestedValues(result);
      return {
        kind: 'generative',
        reason: 'several devices fit equally well',
        plan: { kind: 'ambiguous', candidates, values },
        candidates,
        values,
        question: plan.question,
      };
    }
    case 'not-deterministic':
      if (plan.candidates === undefined)
        return { kind: 'generative', reason: plan.reason, plan: { kind: 'action', reason: plan.reason } };
      return {
        kind: 'generative',
        reason: plan.reason,
        plan: { kind: 'action', reason: plan.reason, candidates: plan.candidates.map(describeEntity) },
        candidates: plan.candidates.map(describeEntity),
      };
  }
}

/** Slots that carry the value a command sets; a model acting on an ambiguous command must keep them. */
const VALUE_SLOTS = new Set(['brightness', 'position', 'temperature', 'percentage', 'volume_level', 'color']);

/** The values the sentence asked for ("70" of "set the ceiling light to 70 %"), by slot name. */
function requestedValues(result: RecognizeResult): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const entity of result.entitiesList) {
    if (VALUE_SLOTS.has(entity.name) && (typeof entity.value === 'number' || typeof entity.value === 'string'))
      values[entity.name] = entity.value;
  }
  return values;
}

function decideTime(intent: string, request: HaRequest): Decision {
  const time = answerTime(intent, request);
  if (time.kind === 'answer') return { kind: 'answer', text: time.text, plan: { kind: 'time' } };
  if (time.kind === 'fetch') return { kind: 'call', call: time.call, plan: { kind: 'time', fetch: time.call.name } };
  return { kind: 'generative', reason: 'no date/time in the request and no GetDateTime tool', plan: { kind: 'time' } };
}

function decideStateQuestion(result: RecognizeResult, request: HaRequest): Decision {
  const live = liveStateOf(request);
  if (live.kind === 'fetch') return { kind: 'call', call: live.call, plan: { kind: 'state', fetch: live.call.name } };
  if (live.kind === 'unavailable')
    return { kind: 'generative', reason: 'no live state and no GetLiveContext tool', plan: { kind: 'state' } };
  const answer: QueryAnswer =
    result.intent.name === 'HassGetState'
      ? answerStateQuery(result, live.catalog)
      : result.intent.name === 'HassGetWeather'
        ? answerWeather(result, live.catalog)
        : answerTemperature(result, live.catalog);
  if (answer.kind === 'unclear') {
    const candidates = answer.candidates.map(describeEntity);
    return {
      kind: 'generative',
      reason: answer.reason,
      plan: { kind: 'state', source: live.source, candidates },
      candidates,
    };
  }
  return {
    kind: 'answer',
    text: answer.text,
    plan: { kind: 'state', source: live.source, matched: answer.matched.map((entity) => entity.name) },
  };
}

/** The verification sequence, when the current turn's tool rounds hold a command's result. */
function decideVerification(context: DeterministicContext): Decision | undefined {
  const { settings } = context;
  const step = verifyAction(context.request, settings);
  const verify = (kind: string, attempt: number) => ({
    kind,
    attempt,
    attempts: settings.verifyAttempts,
    delay_s: settings.verifyDelaySeconds,
  });
  switch (step.kind) {
    case 'not-applicable':
      return undefined;
    case 'failed':
      return {
        kind: 'answer',
        text: step.text,
        plan: { kind: 'verify', failed: step.failed },
        verify: verify('failed', 0),
      };
    case 'done':
      return { kind: 'answer', text: step.text, plan: { kind: 'verify' }, verify: verify('confirmed', step.attempt) };
    case 'unconfirmed':
      return {
        kind: 'answer',
        text: step.text,
        plan: { kind: 'verify', pending: step.pending },
        verify: verify('unconfirmed', step.attempt),
      };
    case 'read-state':
      return {
        kind: 'call',
        call: step.call,
        plan: { kind: 'verify' },
        verify: verify('state-read', step.attempt),
        waitMs: settings.verifyDelaySeconds * 1000,
      };
  }
}

/** True when the newest tool round is a state or time read (asked for by a question of this turn). */
function lastRoundReads(request: HaRequest): boolean {
  const last = request.history.activeRounds[request.history.activeRounds.length - 1];
  return (
    last?.calls.every((call) => call.canonicalName === 'GetLiveContext' || call.canonicalName === 'GetDateTime') ===
    true
  );
}

function describeEntity(entity: { name: string; domain: string; area?: string }): Candidate {
  return entity.area === undefined
    ? { name: entity.name, domain: entity.domain }
    : { name: entity.name, domain: entity.domain, area: entity.area };
}
