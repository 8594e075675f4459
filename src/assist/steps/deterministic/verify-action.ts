// Action-result verification: after Home Assistant ran a command, report failure, confirm, or read state again.

import type { ToolCall } from '../../../conversation/index.ts';
import type { VerifyDiagnostics } from '../../diagnostics/index.ts';
import { acknowledgementOf, intentRow } from '../../intent-table.ts';
import type { AssistSettings } from '../../settings.ts';
import {
  findTool,
  type HaRequest,
  type IntentTarget,
  type OfferedTool,
  type ToolRound,
  type ToolRoundCall,
} from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { joinNames } from '../../reply.ts';
import { type AnswerWords, answerWordsFor } from './answer-words.ts';
import type { DirectDecision } from './decision.ts';

/** What to do with a command's result. */
export type VerifyStep =
  | { kind: 'failed'; text: string; failed: string[] }
  /** Confirmed by a read: the normal acknowledgement. */
  | { kind: 'done'; text: string; attempt: number }
  /** Nothing was read back (why in `reason`): the acknowledgement, confirming nothing. */
  | { kind: 'skipped'; text: string; reason: string }
  /** Accepted, but after every read some targets still report another state. */
  | { kind: 'unconfirmed'; text: string; attempt: number; pending: string[] }
  /** Wait the configured delay, then read the state (never resend the action). */
  | { kind: 'read-state'; call: Omit<ToolCall, 'id'>; attempt: number }
  | { kind: 'not-applicable' };

/** The verification sequence as a decision, when the current turn's tool rounds hold a command's result. */
export function decideVerification(
  request: HaRequest,
  settings: AssistSettings,
  language: string,
): DirectDecision | undefined {
  const step = verifyAction(request, settings, language);
  const verify = (kind: VerifyDiagnostics['kind'], attempt: number, reason?: string): VerifyDiagnostics => ({
    kind,
    attempt,
    attempts: settings.verifyAttempts,
    delayS: settings.verifyDelaySeconds,
    ...(reason === undefined ? {} : { reason }),
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
    case 'skipped':
      return { kind: 'answer', text: step.text, plan: { kind: 'verify' }, verify: verify('skipped', 0, step.reason) };
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
        calls: [step.call],
        plan: { kind: 'verify' },
        verify: verify('state-read', step.attempt),
        waitMs: settings.verifyDelaySeconds * 1000,
      };
  }
}

/** The verification sequence: report failure, confirm, read the state again, or give up waiting. */
export function verifyAction(request: HaRequest, settings: AssistSettings, language = 'en'): VerifyStep {
  const words = answerWordsFor(language);
  const rounds = request.history.activeRounds;
  const actionAt = rounds.findLastIndex((round) => round.calls.some(isAnsweredAction));
  if (actionAt < 0) return { kind: 'not-applicable' };
  const actions = rounds[actionAt]!.calls.filter(isAnsweredAction);
  const failed = actions.flatMap(failuresOf);
  if (failed.length > 0) {
    // Home Assistant's own words for what went wrong ("Sorry, I am not aware of any device called Lamp").
    const text = failureSpeech(actions) ?? words.failed(failed);
    return { kind: 'failed', text, failed };
  }
  const reads = rounds
    .slice(actionAt + 1)
    .filter((round) =>
      round.calls.every((call) => call.canonicalName === 'GetLiveContext' && call.result !== undefined),
    );
  const expected = expectedStates(actions);
  const acknowledgement = acknowledge(actions, words);
  const reader = stateReader(expected, settings, request);
  if (reader.kind === 'skip') return { kind: 'skipped', text: acknowledgement, reason: reader.reason };
  const latest = liveOf(reads[reads.length - 1]);
  const pending =
    latest === undefined
      ? [...expected.keys()]
      : [...expected].filter(([name, state]) => stateOf(latest, name) !== state).map(([name]) => name);
  if (latest !== undefined && pending.length === 0)
    return { kind: 'done', text: acknowledgement, attempt: reads.length };
  if (reads.length < settings.verifyAttempts)
    return { kind: 'read-state', call: { name: reader.tool.name, arguments: '{}' }, attempt: reads.length + 1 };
  const text = `${acknowledgement}${words.notYetReported(pending)}`;
  return { kind: 'unconfirmed', text, attempt: reads.length, pending };
}

/** The tool that reads the targets' state back, or why nothing is read (reported, never shown as confirmed). */
function stateReader(
  expected: ReadonlyMap<string, string>,
  settings: AssistSettings,
  request: HaRequest,
): { kind: 'read'; tool: OfferedTool } | { kind: 'skip'; reason: string } {
  if (expected.size === 0) return { kind: 'skip', reason: 'not a light or switch turned on or off' };
  if (settings.verifyAttempts === 0) return { kind: 'skip', reason: 'settings.ha_assist_verify_attempts is 0' };
  const tool = findTool(request.tools, 'GetLiveContext');
  if (tool === undefined) return { kind: 'skip', reason: 'the request offers no GetLiveContext tool' };
  const choice = request.toolChoice;
  if (choice === 'none') return { kind: 'skip', reason: "tool_choice is 'none'" };
  if (typeof choice === 'object' && choice.name !== tool.name)
    return { kind: 'skip', reason: `tool_choice requires ${choice.name}` };
  return { kind: 'read', tool };
}

/** A command whose result came back as an intent response (or a failure). */
function isAnsweredAction(call: ToolRoundCall): boolean {
  const kind = call.result?.result.body.kind;
  return (
    // A read (live state, the time, a list's items, a calendar's events) is no command: its failure is its reader's.
    intentRow(call.canonicalName)?.kind !== 'read' && (kind === 'intent-response' || kind === 'failure')
  );
}

/** Names of what failed: `data.failed`, an error response, or an error result. */
function failuresOf(call: ToolRoundCall): string[] {
  const body = call.result!.result.body;
  if (body.kind === 'failure') return [targetName(call)];
  if (body.kind !== 'intent-response') return [];
  if (body.failed.length > 0) return body.failed.map((target) => target.name);
  return body.responseType === 'error' ? [targetName(call)] : [];
}

/** Entity name → the state a verifiable command should leave it in (lights and switches turned on or off). */
function expectedStates(calls: readonly ToolRoundCall[]): Map<string, string> {
  const expected = new Map<string, string>();
  for (const call of calls) {
    const row = intentRow(call.canonicalName);
    const verify = row?.kind === 'action' ? row.verify : undefined;
    const body = call.result!.result.body;
    if (verify === undefined || body.kind !== 'intent-response' || body.responseType !== 'action_done') continue;
    for (const target of body.success) {
      if (isVerifiableTarget(target, verify.domains)) expected.set(target.name, verify.state);
    }
  }
  return expected;
}

function isVerifiableTarget(target: IntentTarget, domains: readonly string[]): boolean {
  return target.type === 'entity' && domains.includes(target.id.split('.', 1)[0] ?? '');
}

/** Home Assistant's own speech for a failed command, when its intent response carries one. */
function failureSpeech(calls: readonly ToolRoundCall[]): string | undefined {
  for (const call of calls) {
    const body = call.result!.result.body;
    if (body.kind === 'intent-response' && body.speech && (body.responseType === 'error' || body.failed.length > 0))
      return body.speech;
  }
  return undefined;
}

/**
 * Home Assistant's own speech when it gave one, else the language's own words, or Home Assistant's English words per domain ("Unlocking Front
 * Door.", "Turned off Kitchen Light."): one sentence per word, the targets named in the order Home Assistant gave them.
 */
function acknowledge(calls: readonly ToolRoundCall[], words: AnswerWords): string {
  for (const call of calls) {
    const body = call.result!.result.body;
    if (body.kind === 'intent-response' && body.speech) return body.speech;
  }
  const own = words.done(calls.flatMap((call) => doneTargets(call).map((target) => target.name)));
  if (own !== undefined) return own;
  const byWord = new Map<string, string[]>();
  for (const call of calls) {
    for (const { name, domain } of doneTargets(call)) {
      const word = acknowledgementOf(call.canonicalName, domain);
      // A command with no acknowledgement of its own ("Position set" names no device): a plain "Done."
      if (word === undefined) return 'Done.';
      byWord.set(word, [...(byWord.get(word) ?? []), name]);
    }
  }
  return [...byWord].map(([word, names]) => `${word} ${joinNames(names)}.`).join(' ');
}

/** What a command acted on, with each target's domain: the entity id's, else the one domain the call named. */
function doneTargets(call: ToolRoundCall): { name: string; domain: string | undefined }[] {
  const body = call.result!.result.body;
  const domain = calledDomain(call);
  const success = body.kind === 'intent-response' ? body.success : [];
  if (success.length === 0) return [{ name: targetName(call), domain }];
  return success.map((target) => ({
    name: target.name,
    domain: target.type === 'entity' && target.id.includes('.') ? target.id.split('.', 1)[0] : domain,
  }));
}

/** The call's `domain` argument when it names exactly one domain. */
function calledDomain(call: ToolRoundCall): string | undefined {
  const domain = call.arguments?.domain;
  const domains = Array.isArray(domain) ? domain : [domain];
  return domains.length === 1 && typeof domains[0] === 'string' ? domains[0] : undefined;
}

function liveOf(round: ToolRound | undefined) {
  for (const call of round?.calls ?? []) {
    const body = call.result?.result.body;
    if (body?.kind === 'live-context') return body.catalog;
  }
  return undefined;
}

function stateOf(live: NonNullable<ReturnType<typeof liveOf>>, name: string): string | undefined {
  const key = normalizeName(name);
  return live.entities.find((entity) => normalizeName(entity.name) === key)?.state;
}

function targetName(call: ToolRoundCall): string {
  const name = call.arguments?.name ?? call.arguments?.area;
  return typeof name === 'string' ? name : 'the device';
}
