// The step that checks the model's answer: its tool calls pass the gate, or its question or refusal is sent instead.

import { definedProps } from '../../common/index.ts';
import type { Reply, ReplyDelta, ToolCall } from '../../conversation/index.ts';
import { type Diagnostics, gateDiagnostics, roundMs, validationDiagnostics } from '../diagnostics/index.ts';
import { logRejection } from '../log-turn.ts';
import { textReply } from '../reply.ts';
import { type GateInput, type GateVerdict, judgeCalls } from './gate/index.ts';
import { gateBase, rememberAsked } from './turn-context.ts';
import { handOverOf, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';
import { validatedStream } from './validated-stream.ts';

/** Answers with the model's answer once the gate has judged its calls; the page's chart is told when it is complete. */
export async function validateOutput(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const output = need(state.output, 'output');
  const judge = judgeOf(state, deps);
  if (output.kind === 'reply') {
    // The chart's time ends with the model's answer, before the gate judges it (a stream's, with its last delta).
    record(state, deps);
    const verdict = judge(output.reply.toolCalls);
    logRejection(deps.logger, verdict);
    const checked = checkedReply(output.reply, verdict, need(state.diagnostics, 'diagnostics'));
    return { kind: 'answer', answer: { kind: 'reply', ...checked } };
  }
  const deltas = validatedStream(output.deltas, {
    judge,
    newId: () => deps.ids.next('call_'),
    verdict: (verdict) => logRejection(deps.logger, verdict),
  });
  return { kind: 'answer', answer: { kind: 'stream', deltas: recordedAtEnd(deltas, state, deps) } };
}

/** The model's whole reply when the gate sends its calls; otherwise the gate's question or refusal as its text. */
function checkedReply(
  reply: Reply,
  verdict: GateVerdict,
  prepared: Diagnostics,
): { reply: Reply; diagnostics: Diagnostics } {
  const calls = reply.toolCalls.length;
  const diagnostics: Diagnostics = {
    ...prepared,
    validation: validationDiagnostics(verdict, calls),
    gate: gateDiagnostics('model', verdict, calls),
  };
  if (verdict.kind === 'send') return { reply, diagnostics };
  const asked = verdict.kind === 'ask' && verdict.rule === 'sensitive';
  const text = verdict.kind === 'ask' ? verdict.question : verdict.text;
  return {
    reply: { ...textReply(text), ...definedProps({ usage: reply.usage }) },
    diagnostics: asked ? { ...diagnostics, confirmation: 'asked' } : diagnostics,
  };
}

/** The gate's verdict on the model's calls; a sensitive question it asks is remembered for the yes. */
function judgeOf(state: TurnState, deps: StepDeps): (calls: readonly ToolCall[]) => GateVerdict {
  const request = need(state.request, 'request');
  const decision = handOverOf(state);
  const names = new Set(need(state.compiled, 'compiled').turn.tools.map((tool) => tool.name));
  const input: Omit<GateInput, 'calls'> = {
    ...gateBase(request, need(state.facts, 'facts'), deps),
    source: 'model',
    // Only the tools the model was given (with Home Assistant's full schemas): a call of one HA-Assist left out,
    // or any call when it gave none, is refused.
    tools: request.tools.filter((tool) => names.has(tool.name)),
    plan: definedProps({ candidates: decision?.candidates, values: decision?.values }),
    hasModel: true,
  };
  return (calls) => {
    const verdict = judgeCalls({ ...input, calls });
    // A sensitive call becomes the same question a deterministic one would.
    if (verdict.kind === 'ask' && verdict.rule === 'sensitive')
      rememberAsked(calls.map(withoutId), { turn: state.turn, request, question: verdict.question }, deps);
    return verdict;
  };
}

/** Passes the checked stream on, and tells the page's chart once it has ended. */
async function* recordedAtEnd(
  deltas: AsyncIterable<ReplyDelta>,
  state: TurnState,
  deps: StepDeps,
): AsyncGenerator<ReplyDelta> {
  yield* deltas;
  record(state, deps);
}

/** A model's answer took everything from the start of the turn to its last token. */
function record(state: TurnState, deps: StepDeps): void {
  const ms = roundMs(deps.clock.monotonic() - state.started);
  deps.recent?.add({ route: need(state.model, 'model').route, ms, source: 'api' });
}

function withoutId(call: ToolCall): Omit<ToolCall, 'id'> {
  return { name: call.name, arguments: call.arguments };
}
