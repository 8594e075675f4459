// One pipeline run's state machine: a pure step from a state and what happened to the next state (ha-apis.md §4.3).

import { definedProps, safeParseJson } from '../../common/index.ts';
import {
  IntentEndDataSchema,
  PipelineErrorDataSchema,
  type PipelineEndStage,
  type PipelineEvent,
  RunStartDataSchema,
  SttEndDataSchema,
  TtsEndDataSchema,
} from './pipeline-types.ts';

/** How a run ended. */
export type PipelineRunResult =
  | {
      kind: 'finished';
      /** The conversation id Home Assistant used: carry it forward to continue the conversation. */
      conversationId?: string;
      /** The answer's text (`speech.plain.speech`, else `speech.ssml.speech`). */
      speech?: string;
      /** `action_done`, `query_answer` or `error` (an agent that did not understand is still a finished run). */
      responseType?: string;
      /** The TTS audio's URL, relative to Home Assistant's address. */
      ttsUrl?: string;
      /** What speech-to-text heard. */
      sttText?: string;
      /** True when the agent expects a follow-up. */
      continueConversation?: boolean;
      /** `intent-end`'s `processed_locally`: Home Assistant's local intents answered, no LLM. */
      processedLocally?: boolean;
      /** For `responseType: error`: the agent's code (`no_intent_match`, `no_valid_targets`, …). */
      errorCode?: string;
      /** Whether Home Assistant speaks the answer: false when its plain text is empty after {@link isSpokenText}. */
      isSpoken?: boolean;
    }
  /** An `error` event (timeout included), or a failed `result` before any event (HA's code, e.g. `pipeline-not-found`). */
  | { kind: 'pipeline-error'; code: string; message: string }
  /** The connection closed before the run was over (the keepalive's missing pong included). */
  | { kind: 'connection-lost'; reason: string }
  /** The client's watchdog fired: the run outlived its own timeout plus the margin, and Home Assistant said nothing. */
  | { kind: 'stopped-answering'; reason: string }
  /** `run-end` came without the last stage's output and without an error (or the run was cancelled). */
  | { kind: 'ended-without-result' };

/** The finished result's fields, as they are learned; `handlerId` is known once `run-start` came. */
export type RunFindings = Omit<Extract<PipelineRunResult, { kind: 'finished' }>, 'kind'> & {
  /** `run-start`'s `stt_binary_handler_id`: null for a run without audio. */
  handlerId?: number | null;
};

/** What a run has seen so far, once it is under way. */
export interface RunProgress {
  endStage: PipelineEndStage;
  /** Every event type seen, in order. */
  seen: readonly string[];
  findings: RunFindings;
  /** The first non-timeout `error` event; the run ends with it at `run-end`. */
  failure?: { code: string; message: string };
}

/** The states of one run. */
export type RunState =
  /** The command is sent; Home Assistant has not answered. */
  | { kind: 'awaiting-result'; endStage: PipelineEndStage }
  /** The result was a success (or events came first): the stages are running. */
  | ({ kind: 'running' } & RunProgress)
  /** `run-end` came without the last stage's output: listening briefly for a trailing timeout `error`. */
  | ({ kind: 'grace' } & RunProgress)
  | { kind: 'ended'; result: PipelineRunResult };

/** What can happen to a run. */
export type RunInput =
  | { kind: 'result-ok' }
  | { kind: 'result-failed'; code: string; message: string }
  | { kind: 'event'; event: PipelineEvent }
  | { kind: 'grace-expired' }
  /** The client's watchdog (the run's timeout plus a margin) fired: Home Assistant went silent. */
  | { kind: 'watchdog-expired'; message: string }
  | { kind: 'connection-closed'; reason: string }
  | { kind: 'cancelled' };

/** The state of a run whose command was just sent. */
export function initialRunState(endStage: PipelineEndStage): RunState {
  return { kind: 'awaiting-result', endStage };
}

/** The next state of a run. Pure: timers and frames are the caller's, driven by the state it returns. */
export function nextRunState(state: RunState, input: RunInput): RunState {
  switch (state.kind) {
    case 'ended':
      return state;
    case 'awaiting-result':
      return nextAwaitingState(state.endStage, input);
    case 'running':
      return nextRunningState(state, input);
    case 'grace':
      return nextGraceState(state, input);
  }
}

function nextAwaitingState(endStage: PipelineEndStage, input: RunInput): RunState {
  const running: RunState = { kind: 'running', endStage, seen: [], findings: {} };
  switch (input.kind) {
    case 'result-ok':
      return running;
    // Home Assistant may put the first event in the result's frame; an event means the run was accepted.
    case 'event':
      return nextRunningState(running, input);
    case 'grace-expired':
      return { kind: 'awaiting-result', endStage };
    default:
      return ended(concludeEarly(input));
  }
}

function nextRunningState(state: RunProgress & { kind: 'running' }, input: RunInput): RunState {
  switch (input.kind) {
    case 'result-ok':
    case 'grace-expired':
      return state;
    case 'event':
      return nextOnEvent(state, input.event);
    case 'result-failed':
      return ended(pipelineError(input));
    case 'connection-closed':
      return ended({ kind: 'connection-lost', reason: input.reason });
    case 'watchdog-expired':
      return ended(conclude(state) ?? { kind: 'stopped-answering', reason: input.message });
    case 'cancelled':
      return ended(conclude(state) ?? { kind: 'ended-without-result' });
  }
}

function nextOnEvent(state: RunProgress & { kind: 'running' }, event: PipelineEvent): RunState {
  const progress: RunProgress & { kind: 'running' } = { ...state, seen: [...state.seen, event.type] };
  if (event.type === 'error') {
    const error = errorOf(event.data);
    // The run's timeout is the last thing Home Assistant sends, even after run-end (§4.3 point 7).
    if (error.code === 'timeout') return ended({ kind: 'pipeline-error', ...error });
    return { ...progress, failure: state.failure ?? error };
  }
  if (event.type === 'run-end') {
    const result = conclude(progress);
    return result === undefined ? { ...progress, kind: 'grace' } : ended(result);
  }
  return { ...progress, findings: { ...state.findings, ...findingsOf(event) } };
}

function nextGraceState(state: RunProgress & { kind: 'grace' }, input: RunInput): RunState {
  if (input.kind === 'event' && input.event.type === 'error')
    return ended({ kind: 'pipeline-error', ...errorOf(input.event.data) });
  if (input.kind === 'event' || input.kind === 'result-ok') return state;
  // Run-end has come: whatever else happens now (the grace running out, a close, a cancel) adds nothing.
  return ended({ kind: 'ended-without-result' });
}

/** The result a run has earned so far: its error, or its output once the last stage's output came. */
function conclude(progress: RunProgress): PipelineRunResult | undefined {
  if (progress.failure !== undefined) return { kind: 'pipeline-error', ...progress.failure };
  if (!hasLastOutput(progress)) return undefined;
  const { handlerId: _, ...findings } = progress.findings;
  return { kind: 'finished', ...findings };
}

/** Whether the end stage's output came. */
function hasLastOutput({ endStage, seen, findings }: RunProgress): boolean {
  if (seen.includes(`${endStage}-end`)) return true;
  // Home Assistant skips TTS when the answer's text is empty (§4.3 point 5): intent-end is then the last output.
  return (
    endStage === 'tts' && seen.includes('intent-end') && !seen.includes('tts-start') && findings.isSpoken === false
  );
}

// Python's `str.isspace()` characters, which `str.strip()` removes; JavaScript's `\s` differs (U+001C–U+001F, U+0085, U+FEFF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+001C–U+001F are whitespace to Python, so they are here.
const PYTHON_WHITESPACE = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/**
 * Whether Home Assistant would speak this answer. Its pipeline reads only `speech.plain.speech` (an SSML-only answer
 * reads as "") and runs TTS only when `tts_input.strip()` is not empty (`assist_pipeline/pipeline.py` `execute()`).
 */
export function isSpokenText(plainSpeech: string | undefined): boolean {
  return !PYTHON_WHITESPACE.test(plainSpeech ?? '');
}

function concludeEarly(input: Exclude<RunInput, { kind: 'result-ok' | 'event' | 'grace-expired' }>): PipelineRunResult {
  switch (input.kind) {
    case 'result-failed':
      return pipelineError(input);
    case 'connection-closed':
      return { kind: 'connection-lost', reason: input.reason };
    case 'watchdog-expired':
      return { kind: 'stopped-answering', reason: input.message };
    case 'cancelled':
      return { kind: 'ended-without-result' };
  }
}

function ended(result: PipelineRunResult): RunState {
  return { kind: 'ended', result };
}

function pipelineError(error: { code: string; message: string }): PipelineRunResult {
  return { kind: 'pipeline-error', code: error.code, message: error.message };
}

function errorOf(data: unknown): { code: string; message: string } {
  const parsed = safeParseJson(PipelineErrorDataSchema, data);
  if (parsed.success) return { code: parsed.data.code, message: parsed.data.message };
  return { code: 'unknown', message: 'Home Assistant sent an error event without a code and message' };
}

/** The fields an event teaches; an event whose data is not as documented teaches nothing but still counts as seen. */
function findingsOf(event: PipelineEvent): RunFindings {
  switch (event.type) {
    case 'run-start': {
      const data = safeParseJson(RunStartDataSchema, event.data);
      if (!data.success) return { handlerId: null };
      const { conversation_id, runner_data } = data.data;
      return definedProps({ conversationId: conversation_id, handlerId: runner_data?.stt_binary_handler_id ?? null });
    }
    case 'stt-end': {
      const data = safeParseJson(SttEndDataSchema, event.data);
      return data.success ? { sttText: data.data.stt_output.text } : {};
    }
    case 'intent-end':
      return intentFindings(event.data);
    case 'tts-end': {
      const data = safeParseJson(TtsEndDataSchema, event.data);
      return data.success ? definedProps({ ttsUrl: data.data.tts_output.url }) : {};
    }
    default:
      return {};
  }
}

function intentFindings(data: unknown): RunFindings {
  const parsed = safeParseJson(IntentEndDataSchema, data);
  if (!parsed.success) return {};
  const { response, conversation_id, continue_conversation } = parsed.data.intent_output;
  const plain = response.speech?.plain?.speech;
  return definedProps({
    speech: plain ?? response.speech?.ssml?.speech,
    responseType: response.response_type,
    errorCode: response.response_type === 'error' ? response.data?.code : undefined,
    conversationId: conversation_id ?? undefined,
    continueConversation: continue_conversation,
    processedLocally: parsed.data.processed_locally,
    isSpoken: isSpokenText(plain),
  });
}
