// Deciding a turn without a model: an answer or a tool call from the grammar, the home and live state, or a
// hand-over to the model with the reason and the candidates.

import { definedProps } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
import type { Intents, RecognizeResult } from '../../../hassil/index.ts';
import type { Candidate, IntentDiagnostics } from '../../diagnostics/index.ts';
import { decideServiceResult } from '../../extended/index.ts';
import { normalizeName, type HomeLists } from '../../home-lists.ts';
import { intentRow, type StateRow } from '../../intent-table.ts';
import type { AnswerForm, CatalogEntity, HaRequest } from '../../understand/index.ts';
import type { SentenceFacts } from '../facts/index.ts';
// The file, not the folder's index: the gate depends on steps that depend on this one.
import { gateWordsFor, type Said } from '../gate/gate-answers.ts';
import { isQuestion, lexiconFor, repairSentence, type RepairOutcome } from '../repair/index.ts';
import { answerTemperature, answerWeather } from './answer-measurement.ts';
import { answerStateQuery } from './answer-query.ts';
import type { StateAnswerer } from './query-answer.ts';
import { answerTime } from './answer-time.ts';
import { decideCondition } from './condition.ts';
import { decideListQuestion } from './list-questions.ts';
import { decideQuestionFrame } from './question-frames.ts';
import type { Decision, GenerativeDecision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';
import { decideFromLiveState, describeEntity } from './state-decision.ts';
import { answerWordsFor } from './answer-words.ts';
import { type PartialNameOutcome, recognizePartialName } from './partial-name.ts';
import { MAX_QUESTION_CANDIDATES } from './implicit-target.ts';
import { planAction } from './plan-action.ts';
import { recognizePlaceOn } from './place-on.ts';
import { recognizeKindInPlace } from './kind-in-place.ts';
import { describeMatch, languageOf, recognizeIntent, UNKNOWN_AREA } from './recognize-intent.ts';
import { splitCommands, type CommandPart } from './split-commands.ts';
import { decideVerification } from './verify-action.ts';

/** Decides a text or tool-result turn; image turns never come here. */
export function decide(context: DeterministicContext): Decision {
  if (context.type === 'tool-result') {
    // Extended OpenAI Conversation's result of the services it called: acknowledged, never read back.
    const served = decideServiceResult(context.request);
    if (served !== undefined) return served;
    const verified = decideVerification(context.request, context.settings, context.grammar.language);
    if (verified !== undefined) return verified;
    // A state or time read for the user's question came back: answer the question with it.
    if (!lastRoundReads(context.request))
      return { kind: 'generative', reason: 'a tool result HA-Assist cannot answer from' };
  }
  const { request, grammar, lists } = context;
  const recognize = (text: string) => recognizeIntent(text, request, grammar, lists);
  // The sentence as said comes first when only a space set an answer-form phrase apart: a grammar that takes the
  // phrase as its own words ("play yes or no", a message to broadcast) reads it whole, as without the phrase table.
  // Set apart by punctuation ("…: just yes or no"), the phrase is no part of the request and is never read into it.
  const form = request.answerForm;
  const asSaid = form === undefined || form.separated ? undefined : recognize(form.spoken);
  // The grammar's own words come first: a template may say "not" itself ("never mind", "ich mag den Song nicht").
  const exact = asSaid ?? recognize(request.userText);
  if (exact !== undefined)
    return { ...decideIntent(exact, context), intent: { match: 'exact', ...describeMatch(exact) } };
  // "If the office is below 19 degrees, set the thermostat to 21": checked against live state, then acted on or not.
  // A negation in it ("if the door is not locked, lock it") is the model's; the gate keeps every later step from
  // acting on a conditional sentence's command alone.
  const conditional = decideCondition(context, (result) => decideIntent(result, context));
  if (conditional !== undefined) return conditional;
  // Otherwise a negated request is never answered without a model, even when the grammar matches part of it.
  const negated = decideNegated(request.userText, grammar, context.facts);
  if (negated !== undefined) return negated;
  // "What's on my shopping list", "what's on my calendar today": read through Home Assistant's list and calendar tools.
  const listed = decideListQuestion(context);
  if (listed !== undefined) return listed;
  // Questions in people's own frames ("what is the hall sensor battery level", "is the radio playing or paused").
  const framed = decideQuestionFrame(context, (result) => decideIntent(result, context));
  if (framed !== undefined) return framed;
  const anywhere = request.satellite === undefined ? recognizeAnywhere(request.userText, context) : undefined;
  if (anywhere !== undefined)
    return { ...decideIntent(anywhere, context), intent: { match: 'exact', ...describeMatch(anywhere) } };
  // Several commands in one sentence, each exact on its own.
  const split = splitCommands(request.userText, (text) => recognizeAnywhere(text, context), grammar.language);
  if (split.kind === 'split') return decideSeveral(split.parts, context);
  if (split.reason === 'ambiguous' || split.reason === 'over-budget') {
    const reason = `the sentence ${split.reason === 'ambiguous' ? 'splits into commands in more than one way' : 'has too many ways to split'}`;
    return { kind: 'generative', reason, plan: { kind: 'action', reason }, intent: { match: 'none' } };
  }
  if (request.catalog === undefined)
    return { kind: 'generative', reason: 'no exact intent match', intent: { match: 'none' } };
  // A negative number the grammar's ranges do not take is never repaired: repair reads words, and would drop its sign.
  const negative = context.facts.numbers.find((number) => number.value < 0);
  if (negative !== undefined) {
    const spoken: Said = { kind: 'number-without-model', spoken: negative.text };
    return {
      kind: 'generative',
      reason: 'the sentence has a negative number the grammar does not take',
      intent: { match: 'none' },
      withoutModel: gateWordsFor(context.facts.language).refusal(spoken),
    };
  }
  // "Turn off the lights on the patio": the place the grammar says with "in".
  const placeOn = recognizePlaceOn(request.userText, lists, recognize, grammar.language);
  if (placeOn !== undefined)
    return {
      ...decideIntent(placeOn.result, context),
      intent: { match: 'repaired', repairedText: placeOn.text, ...describeMatch(placeOn.result) },
    };
  // "Is the fan in the bedroom on": the one fan there, or which one.
  const kindInPlace = recognizeKindInPlace(request.userText, request, lists, recognize, grammar.language);
  if (kindInPlace?.kind === 'one')
    return {
      ...decideIntent(kindInPlace.result, context),
      intent: { match: 'repaired', repairedText: kindInPlace.text, ...describeMatch(kindInPlace.result) },
    };
  if (kindInPlace?.kind === 'several')
    return askWhich(kindInPlace.candidates, 'several devices of the kind asked about are in the place', context);
  // A device named by part of its name ("the desk lamp" for Office Desk Lamp): as if its full name had been said.
  const partial = recognizePartialName(
    request.userText,
    lists,
    request.catalog,
    recognize,
    grammar.language,
    context.isOverBudget,
  );
  if (partial !== undefined) return decidePartialName(partial, context);
  // Conservative repair: one misspelt name or a small slip in the sentence, parsed again.
  const repair = repairSentence({
    text: request.userText,
    catalog: request.catalog,
    recognize,
    intents: grammar,
    slotLists: lists.slotLists,
    names: lists.repairNames,
    settings: context.settings.repair,
    ...(context.isOverBudget === undefined ? {} : { isOverBudget: context.isOverBudget }),
  });
  if (repair.kind === 'repaired') {
    const decision = decideIntent(repair.result, context);
    const intent: IntentDiagnostics = { match: 'repaired', repairedText: repair.text, ...describeMatch(repair.result) };
    const plan = decision.plan === undefined ? undefined : { ...decision.plan, corrections: repair.corrections };
    return { ...decision, intent, ...(plan === undefined ? {} : { plan }) };
  }
  if (repair.kind === 'none') return { kind: 'generative', reason: 'no exact intent match', intent: { match: 'none' } };
  const refused: GenerativeDecision = {
    kind: 'generative',
    reason: `no exact intent match; repair refused (${repair.reason})`,
    intent: { match: 'none', repair: { refused: repair.reason, by: repair.mechanism, candidates: repair.candidates } },
  };
  // The names repair would not choose between are the model's choice too: it must pick exactly one or ask.
  const candidates = nameCandidatesOf(repair, lists);
  if (candidates === undefined) return refused;
  // Without a model to choose, the person is asked, as for two devices of one name.
  return candidates.length > 1
    ? {
        ...refused,
        candidates,
        plan: { kind: 'ambiguous', candidates },
        withoutModel: answerWordsFor(grammar.language).whichOf(candidates),
      }
    : { ...refused, candidates };
}

/**
 * One recognition that also matches a command relying on the satellite's area ("start the fan", "pause") when no
 * satellite said where it was spoken: with an unknown area, so that planning looks for the device in the whole
 * home. Only commands use it: a question about "the lights" with no place stays unmatched.
 */
function recognizeAnywhere(text: string, context: DeterministicContext): RecognizeResult | undefined {
  const { request, grammar, lists } = context;
  const result = recognizeIntent(text, request, grammar, lists, { unknownArea: true });
  if (result?.entities.area?.value !== UNKNOWN_AREA) return result;
  return intentRow(result.intent.name)?.kind === 'action' ? result : undefined;
}

/**
 * The hand-over of a negated request ("don't turn off the kitchen light"), or undefined when the sentence
 * is not negated (or the grammar's language has no repair lexicon to tell). Without a model, a negated
 * command is answered plainly, in the grammar's language, that nothing was done; a negated question has no such answer.
 */
function decideNegated(text: string, grammar: Intents, facts: SentenceFacts): GenerativeDecision | undefined {
  const lexicon = lexiconFor(grammar.language);
  if (lexicon === undefined || !facts.negated) return undefined;
  const decision: GenerativeDecision = {
    kind: 'generative',
    reason: 'the request is negated',
    intent: { match: 'none' },
  };
  // A command's plan is to do nothing, as for "never mind"; the model may still see more in it.
  return isQuestion(text, lexicon)
    ? decision
    : { ...decision, plan: { kind: 'nevermind' }, withoutModel: lexicon.negatedAnswer };
}

/**
 * The devices a name repair refused to choose between (equally close, too close to call, or one that needs
 * its exact name), under their catalogue names; undefined when the refusal was not about device names
 * alone (an area was among them, or it was no name refusal).
 */
function nameCandidatesOf(repair: RepairOutcome, lists: HomeLists): Candidate[] | undefined {
  if (repair.kind !== 'refused' || !NAME_REFUSALS.has(repair.reason) || repair.candidates.length === 0)
    return undefined;
  const candidates = new Map<string, Candidate>();
  for (const candidate of repair.candidates) {
    if (candidate.kind !== 'entity') return undefined;
    // The candidate is named as the sentence would say it (an alias, perhaps); the model is held to the entity.
    const entity = lists.entitiesByName
      .get(normalizeName(candidate.name))
      ?.find((known) => known.domain === candidate.domain && known.area === candidate.area);
    const described = describeEntity(entity ?? candidate);
    candidates.set(`${described.name}\n${described.domain}\n${described.area ?? ''}`, described);
  }
  return [...candidates.values()];
}

/**
 * What a name said in part leads to: the decision of the full name's sentence; a question which one when several fit
 * (a model may tell them apart); the model (no answer without one) when a device that must be named exactly fits.
 */
function decidePartialName(partial: PartialNameOutcome, context: DeterministicContext): Decision {
  if (partial.kind === 'one') {
    const decision = decideIntent(partial.result, context);
    return { ...decision, intent: { match: 'repaired', repairedText: partial.text, ...describeMatch(partial.result) } };
  }
  const intent: IntentDiagnostics = { match: 'none' };
  // As for a name nobody has: the model hears the sentence, with no device put before it.
  if (partial.kind === 'exact-only') {
    const reason = `"${partial.spoken}" is part of the name of a device that is only reached by its exact name`;
    return { kind: 'generative', reason, plan: { kind: 'action', reason }, intent };
  }
  return askWhich(
    partial.candidates,
    `"${partial.spoken}" is part of the names of ${partial.candidates.length} devices`,
    context,
  );
}

/** Several devices fit what the sentence names: which one is asked (a model, when there is one, must pick one). */
function askWhich(devices: readonly CatalogEntity[], reason: string, context: DeterministicContext): Decision {
  const intent: IntentDiagnostics = { match: 'none' };
  const candidates = devices.map(describeEntity);
  if (candidates.length > MAX_QUESTION_CANDIDATES)
    return { kind: 'generative', reason, plan: { kind: 'action', reason, candidates }, candidates, intent };
  return {
    kind: 'generative',
    reason,
    plan: { kind: 'ambiguous', candidates },
    candidates,
    intent,
    withoutModel: answerWordsFor(context.grammar.language).whichOf(devices),
  };
}

/** The refusals whose candidates are the devices a name could mean. */
const NAME_REFUSALS: ReadonlySet<string> = new Set(['ambiguous', 'below-margin', 'unsafe-target']);

/**
 * A sentence of several commands: one call per part, in the order spoken, when every part is a command planned
 * exactly and the client accepts several calls; otherwise the whole sentence goes to the model.
 */
function decideSeveral(parts: readonly CommandPart[], context: DeterministicContext): Decision {
  const intent: IntentDiagnostics = {
    match: 'split',
    parts: parts.map((part) => ({ text: part.text, ...describeMatch(part.result) })),
  };
  const handOver = (reason: string): GenerativeDecision => ({
    kind: 'generative',
    reason,
    plan: { kind: 'action', reason },
    intent,
  });
  if (context.request.parallelToolCalls === false)
    return handOver('the sentence has several commands and parallel_tool_calls is false');
  const planned: { tool: string; arguments: Record<string, unknown> }[] = [];
  for (const part of parts) {
    if (intentRow(part.result.intent.name)?.kind !== 'action') return handOver(`"${part.text}" is not a command`);
    const plan = planAction(part.result, context.request, context.lists, context.validator);
    // A part that needs live state reads it first; every part is planned again with it on the next round.
    if (plan.kind === 'fetch') return fetchFirst(plan.call, intent);
    if (plan.kind === 'ask') return handOver(`"${part.text}": several devices fit equally well`);
    if (plan.kind !== 'call') return handOver(`"${part.text}": ${plan.reason}`);
    planned.push({ tool: plan.tool.name, arguments: plan.arguments });
  }
  const calls = planned.map((call) => ({ name: call.tool, arguments: JSON.stringify(call.arguments) }));
  return { kind: 'call', calls, plan: { kind: 'action', calls: planned }, intent };
}

/** What a recognised intent leads to, by its row in the intent table. */
function decideIntent(result: RecognizeResult, context: DeterministicContext): Decision {
  const row = intentRow(result.intent.name);
  switch (row?.kind) {
    case 'nevermind':
      return { kind: 'answer', text: 'OK.', plan: { kind: 'nevermind' } };
    case 'time':
      return decideTime(row.answer, context.request, context.grammar.language);
    case 'state':
      return decideStateQuestion(result, STATE_ANSWERS[row.answer], context.request);
    default:
      return decideAction(result, row?.kind === 'action' ? (row.valueSlots ?? []) : [], context);
  }
}

function decideAction(result: RecognizeResult, valueSlots: readonly string[], context: DeterministicContext): Decision {
  const plan = planAction(result, context.request, context.lists, context.validator);
  switch (plan.kind) {
    case 'fetch':
      return fetchFirst(plan.call);
    case 'call':
      return {
        kind: 'call',
        calls: [{ name: plan.tool.name, arguments: JSON.stringify(plan.arguments) }],
        plan: { kind: 'action', tool: plan.tool.name, arguments: plan.arguments },
      };
    case 'ask': {
      // A model may tell the candidates apart from the conversation; without one, the question is asked.
      const candidates = plan.candidates.map(describeEntity);
      const values = requestedValues(result, valueSlots);
      return {
        kind: 'generative',
        reason: 'several devices fit equally well',
        plan: { kind: 'ambiguous', candidates, values },
        candidates,
        values,
        withoutModel: plan.question,
      };
    }
    case 'not-deterministic': {
      const candidates = plan.candidates?.map(describeEntity);
      // Without a model, what the plan found is the answer ("There is no fan in the Kitchen.").
      const fallback = plan.answer === undefined ? {} : { withoutModel: plan.answer };
      if (candidates === undefined)
        return { kind: 'generative', reason: plan.reason, plan: { kind: 'action', reason: plan.reason }, ...fallback };
      return {
        kind: 'generative',
        reason: plan.reason,
        plan: { kind: 'action', reason: plan.reason, candidates },
        candidates,
      };
    }
  }
}

/** The live-state read a command needs before it can be planned (which fan, which player is playing). */
function fetchFirst(call: Omit<ToolCall, 'id'>, intent?: IntentDiagnostics): Decision {
  return { kind: 'call', calls: [call], plan: { kind: 'action', fetch: call.name }, ...definedProps({ intent }) };
}

/** The values the sentence asked for ("70" of "set the ceiling light to 70 %"), by slot name. */
function requestedValues(result: RecognizeResult, valueSlots: readonly string[]): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const entity of result.entitiesList) {
    if (valueSlots.includes(entity.name) && (typeof entity.value === 'number' || typeof entity.value === 'string'))
      values[entity.name] = entity.value;
  }
  return values;
}

function decideTime(which: 'time' | 'date', request: HaRequest, language: string): Decision {
  const time = answerTime(which, request, { language });
  if (time.kind === 'answer') return { kind: 'answer', text: time.text, plan: { kind: 'time' } };
  if (time.kind === 'fetch') return { kind: 'call', calls: [time.call], plan: { kind: 'time', fetch: time.call.name } };
  return { kind: 'generative', reason: 'no date/time in the request and no GetDateTime tool', plan: { kind: 'time' } };
}

/** The answerer of each state question (`answer` in the intent table). */
const STATE_ANSWERS: Readonly<Record<StateRow['answer'], StateAnswerer>> = {
  state: answerStateQuery,
  temperature: answerTemperature,
  weather: answerWeather,
};

function decideStateQuestion(result: RecognizeResult, answerer: StateAnswerer, request: HaRequest): Decision {
  return decideFromLiveState(
    request,
    (live) => answerer(result, live),
    (answered) => inFormAsked(answered, request.answerForm?.form, languageOf(result)),
  );
}

/**
 * The answer in the form the question asked: a yes-or-no answer asked for yes or no, or for one word, is exactly
 * "Yes." or "No." ("Ja." / "Nein."); every other answer (a count, a reading, a device that does not report, a
 * "yes" that leaves out devices that do not report) is said as always.
 */
function inFormAsked(
  answered: { text: string; yesNo?: boolean },
  form: AnswerForm | undefined,
  language: string,
): string {
  if (answered.yesNo === undefined || (form !== 'yes-no' && form !== 'one-word')) return answered.text;
  const words = answerWordsFor(language);
  return `${answered.yesNo ? words.yes : words.no}.`;
}

/**
 * The reads HA-Assist itself asks for to answer a question: state, time, a list's items, a calendar's events (see
 * live-state.ts, answer-time.ts, list-questions.ts).
 */
const ANSWER_READS: ReadonlySet<string> = new Set([
  'GetLiveContext',
  'GetDateTime',
  'todo_get_items',
  'calendar_get_events',
]);

/** True when the newest tool round is a state or time read (asked for by a question of this turn). */
function lastRoundReads(request: HaRequest): boolean {
  const last = request.history.activeRounds[request.history.activeRounds.length - 1];
  return last?.calls.every((call) => ANSWER_READS.has(call.canonicalName)) === true;
}
