// The gate: every set of calls leaving HA-Assist in a turn, planned or generated, is judged here as a whole with
// what the sentence, the conversation and the home say. It sends the set, asks, or refuses all of it.

import { definedProps } from '../../../common/index.ts';
import { canonicalToolName } from '../../understand/index.ts';
import { sensitiveActionOf } from '../confirm/index.ts';
import { catalogWithLiveFacts } from '../deterministic/device-facts.ts';
import { liveStateOf } from '../deterministic/live-state.ts';
import { type OutputRules, validateOutput } from './call-rules.ts';
import { gateWordsFor, type Said } from './gate-answers.ts';
import type { GateCall, GateInput, GateVerdict } from './gate-input.ts';
import { checkNumbers } from './number-rules.ts';
import { checkOneCandidate, checkSet, type SetFinding } from './set-rules.ts';

/**
 * Judges `input.calls` as one set. The rules run over the calls in a canonical order, so the verdict does not
 * depend on the order the calls came in; a question names the devices in the order spoken.
 */
export function judgeCalls(input: GateInput): GateVerdict {
  const words = gateWordsFor(input.facts.language);
  const calls = [...input.calls].sort(byText);
  // More than one action where one candidate was asked for is refused as a set, before any call is looked at.
  const several = checkOneCandidate(calls, input);
  if (several !== undefined) return refuse(input, several);
  const check = validateOutput(calls, outputRulesOf(input));
  if (!check.ok)
    return refuse(input, { rule: check.rule, reason: check.reason, said: callSaid(check.reason) }, check.tool);
  const finding = checkSet(calls, input) ?? checkNumbers(calls, input.facts.numbers);
  if (finding?.asksArea === true)
    return { kind: 'ask', rule: 'area', reason: finding.reason, question: words.whichArea };
  if (finding !== undefined) return refuse(input, finding);
  return judgeSensitive(input);
}

/**
 * A sensitive action waits for a yes; a plan of several commands with a sensitive part goes to the model as a whole.
 * A device is judged by what it is: its class from the catalogue or the turn's live read, never from the call.
 */
function judgeSensitive(input: GateInput): GateVerdict {
  const catalog = catalogWithLiveFacts(input.request);
  const actions = input.calls.flatMap((call) => sensitiveActionOf(call, canonicalToolName(call.name), catalog) ?? []);
  const [first] = actions;
  if (first === undefined) return { kind: 'send' };
  const words = gateWordsFor(input.facts.language);
  const names = [...new Set(actions.flatMap((action) => action.targets))];
  const verb = first.verb.replace('-', ' ');
  // Asked only because a class is not known, HA-Assist's own plan reads live state first (once a turn) and is judged
  // again with what it says.
  const isAsking = input.confirmSensitive || (input.calls.length > 1 && input.hasModel);
  const isClassUnread = isAsking && actions.every((action) => action.isClassUnread);
  if (isClassUnread && input.source === 'deterministic' && liveStateOf(input.request).kind === 'fetch') {
    const reason = `${verb} needs a yes unless the device class says otherwise`;
    return { kind: 'ask', rule: 'sensitive', reason, question: words.confirm(first, names), isClassUnread };
  }
  // Only a single command is turned into a question when a model could take the sentence as a whole.
  if (input.source === 'deterministic' && input.calls.length > 1 && input.hasModel)
    return refuse(input, { rule: 'sensitive_part', reason: 'a part of the sentence is a sensitive action' });
  if (!input.confirmSensitive) return { kind: 'send' };
  return { kind: 'ask', rule: 'sensitive', reason: `${verb} needs a yes`, question: words.confirm(first, names) };
}

/** What the call rules are given: the tools the calls may use, the request's choices, the plan's candidates and values. */
function outputRulesOf(input: GateInput): OutputRules {
  const { request, plan } = input;
  return {
    offered: input.tools,
    validator: input.validator,
    floors: request.floors,
    ...definedProps({
      names: input.names,
      toolChoice: request.toolChoice,
      parallelToolCalls: request.parallelToolCalls,
      catalog: request.catalog,
      candidates: plan?.candidates,
      values: plan?.values,
    }),
  };
}

function refuse(input: GateInput, finding: SetFinding, tool?: string): GateVerdict {
  const said = sayFor(input, finding);
  const text = gateWordsFor(input.facts.language).refusal(said);
  return { kind: 'refuse', rule: finding.rule, reason: finding.reason, text, ...definedProps({ tool }) };
}

/** What a refusal says; a planned value that cannot be sent as spoken, with no model to take it, says so plainly. */
function sayFor(input: GateInput, finding: SetFinding): Said {
  const said = finding.said ?? callSaid(finding.reason);
  if (said.kind === 'number' && input.source === 'deterministic')
    return { kind: 'number-without-model', spoken: said.spoken };
  return said;
}

function callSaid(reason: string): Said {
  return { kind: 'call', reason };
}

function byText(a: GateCall, b: GateCall): number {
  const left = `${a.name}\u0000${a.arguments}`;
  const right = `${b.name}\u0000${b.arguments}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
