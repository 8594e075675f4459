// One Assist pipeline run over the WebSocket: the command, its events, its audio, and when it is over (ha-apis.md §4).

import { firstIssueMessage, type HearthError, isHearthError, safeParseJson } from '../../common/index.ts';
import type { HomeAssistantConnection, Subscription } from './connection.ts';
import { wsError } from './failures.ts';
import { assistPipelineListCommand, assistPipelineRunCommand } from './messages.ts';
import { createPipelineAudio } from './pipeline-audio.ts';
import {
  initialRunState,
  nextRunState,
  type PipelineRunResult,
  type RunInput,
  type RunState,
} from './pipeline-run-state.ts';
import {
  DEFAULT_PIPELINE_TIMEOUT_S,
  type PipelineEvent,
  PipelineEventSchema,
  PipelineListResultSchema,
  type PipelineRunRequest,
  type PipelineSummary,
} from './pipeline-types.ts';

export type { PipelineRunResult } from './pipeline-run-state.ts';
export type { PipelineEvent, PipelineInput, PipelineRunRequest } from './pipeline-types.ts';

/** How long to wait after a `run-end` without output for a trailing timeout `error` (ms). */
export const DEFAULT_GRACE_MS = 250;
/** How long past the run's own timeout the client waits before it gives up on a silent Home Assistant (ms). */
export const DEFAULT_WATCHDOG_MARGIN_MS = 10_000;

/** Options of {@link runPipeline}. */
export interface PipelineRunOptions {
  /** Receives every event exactly as sent (`intent-progress` deltas included), before the run reacts to it. */
  onEvent?: (event: PipelineEvent) => void;
  /** See {@link DEFAULT_GRACE_MS}. */
  graceMs?: number;
  /** See {@link DEFAULT_WATCHDOG_MARGIN_MS}. */
  watchdogMarginMs?: number;
}

/** One run under way. */
export interface PipelineRun {
  /** The handler id from run-start (audio runs), once known; null for a text run or a run that ended first. */
  readonly handlerId: Promise<number | null>;
  /** Sends one frame: the handler-id byte then the PCM (16-bit mono LE) as given; queued until run-start gives the id. */
  sendAudio(pcm: Uint8Array): void;
  /** Sends the end-of-audio frame (only the id byte). */
  endAudio(): void;
  /**
   * True while Home Assistant may still read audio: false from `stt-vad-end` (its VAD heard the end of speech), an
   * `error`, `run-end`, or the end of the run on. Audio sent after that is dropped; a sender should stop.
   */
  readonly isListening: boolean;
  /** Unsubscribes (cancels) the run; `done` then resolves (`ended-without-result` unless it had earned more). */
  cancel(): Promise<void>;
  /** Resolves, never rejects, when the run is over by the rules of ha-apis.md §4.3 point 9. */
  readonly done: Promise<PipelineRunResult>;
}

/**
 * Starts `assist_pipeline/run`. Never re-sent: a run whose connection drops ends `connection-lost`. Throws
 * `HA_PIPELINE_REQUEST_INVALID` at once when the input does not fit the start stage.
 */
export function runPipeline(
  connection: HomeAssistantConnection,
  request: PipelineRunRequest,
  options: PipelineRunOptions = {},
): PipelineRun {
  const command = assistPipelineRunCommand(request);
  const audio = createPipelineAudio(connection);
  const handlerId = deferred<number | null>();
  const done = deferred<PipelineRunResult>();
  let state: RunState = initialRunState(request.endStage);
  let graceTimer: NodeJS.Timeout | undefined;
  let released: Promise<void> | undefined;
  let isListening = true;

  function step(input: RunInput): void {
    if (input.kind === 'event' && AUDIO_STOPS.has(input.event.type)) stopListening();
    const previous = state;
    state = nextRunState(state, input);
    if (state === previous) return;
    const id = handlerIdOf(state);
    if (id !== undefined) open(id);
    if (state.kind === 'grace' && previous.kind !== 'grace') {
      graceTimer = setTimeout(() => step({ kind: 'grace-expired' }), options.graceMs ?? DEFAULT_GRACE_MS);
    }
    if (state.kind === 'ended') finish(state.result);
  }

  function open(id: number | null): void {
    audio.open(id);
    handlerId.resolve(id);
  }

  function stopListening(): void {
    isListening = false;
    audio.close();
  }

  function finish(result: PipelineRunResult): void {
    clearTimeout(graceTimer);
    clearTimeout(watchdog);
    stopWatchingClose();
    stopListening();
    handlerId.resolve(null);
    // Home Assistant keeps the subscription after the run; releasing it also stops our routing of stray events.
    if (result.kind !== 'connection-lost') release();
    done.resolve(result);
  }

  function release(): Promise<void> {
    released ??= subscribed
      .then((subscription) => subscription?.unsubscribe())
      .then(
        () => {},
        () => {},
      );
    return released;
  }

  const timeoutS = request.timeout ?? DEFAULT_PIPELINE_TIMEOUT_S;
  const watchdogMs = timeoutS * 1000 + (options.watchdogMarginMs ?? DEFAULT_WATCHDOG_MARGIN_MS);
  const watchdog = setTimeout(() => {
    const margin = (watchdogMs - timeoutS * 1000) / 1000;
    const message = `Home Assistant stopped answering: the run did not end within its ${timeoutS} s timeout and ${margin} s more`;
    step({ kind: 'watchdog-expired', message });
  }, watchdogMs);
  let stopWatchingClose: () => void = () => {};
  const subscribed = subscribeRun(connection, command, {
    step,
    onEvent: options.onEvent,
    isOver: () => state.kind === 'ended',
  });
  // After the subscription: on a connection closed already, the listener runs at once and ends the run.
  stopWatchingClose = connection.onClose((error) => step({ kind: 'connection-closed', reason: error.message }));

  return {
    handlerId: handlerId.promise,
    sendAudio: (pcm) => audio.send(pcm),
    endAudio: () => audio.end(),
    get isListening() {
      return isListening;
    },
    async cancel() {
      step({ kind: 'cancelled' });
      await release();
    },
    done: done.promise,
  };
}

/** The events after which Home Assistant reads no more audio of the run (ha-apis.md §4.6). */
const AUDIO_STOPS: ReadonlySet<string> = new Set(['stt-vad-end', 'error', 'run-end']);

/** The handler id a state knows, if any. */
function handlerIdOf(state: RunState): number | null | undefined {
  return state.kind === 'running' || state.kind === 'grace' ? state.findings.handlerId : undefined;
}

/** A promise with its resolve function (`Promise.withResolvers` is newer than Node 20). */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** What {@link subscribeRun} feeds. */
interface RunFeed {
  step(input: RunInput): void;
  onEvent: ((event: PipelineEvent) => void) | undefined;
  isOver(): boolean;
}

/** Sends the run command; its result and events go to the state machine. Resolves with the subscription, if any. */
async function subscribeRun(
  connection: HomeAssistantConnection,
  command: ReturnType<typeof assistPipelineRunCommand>,
  feed: RunFeed,
): Promise<Subscription | undefined> {
  const onRaw = (raw: unknown): void => {
    // An event that is not `{type, data, timestamp}` is not the documented protocol; it cannot move the run.
    const parsed = safeParseJson(PipelineEventSchema, raw);
    if (!parsed.success || feed.isOver()) return;
    feed.onEvent?.(raw as PipelineEvent);
    feed.step({ kind: 'event', event: parsed.data });
  };
  try {
    const outcome = await connection.subscribe(command, onRaw);
    if (!outcome.ok) {
      feed.step({ kind: 'result-failed', code: outcome.error.code, message: outcome.error.message });
      return undefined;
    }
    feed.step({ kind: 'result-ok' });
    return outcome.subscription;
  } catch (error) {
    feed.step(inputOfFailure(error));
    return undefined;
  }
}

/** A command that failed on our side: a closed connection is `connection-lost`; anything else keeps its code. */
function inputOfFailure(error: unknown): RunInput {
  const failure: HearthError = isHearthError(error) ? error : wsError('HA_BAD_ANSWER', 'the run command failed', error);
  if (failure.code === 'HA_CONNECTION_CLOSED') return { kind: 'connection-closed', reason: failure.message };
  return { kind: 'result-failed', code: failure.code, message: failure.message };
}

/** The pipelines of `assist_pipeline/pipeline/list` and the preferred one's id. */
export interface PipelineList {
  pipelines: PipelineSummary[];
  preferred: string;
}

/** Lists the pipelines; throws `HA_COMMAND_FAILED` when Home Assistant refuses, `HA_BAD_ANSWER` on another shape. */
export async function listPipelines(connection: HomeAssistantConnection): Promise<PipelineList> {
  const outcome = await connection.command(assistPipelineListCommand());
  if (!outcome.ok) {
    const { code, message } = outcome.error;
    throw wsError(
      'HA_COMMAND_FAILED',
      `Home Assistant answered assist_pipeline/pipeline/list with ${code}: ${message}`,
    );
  }
  const parsed = safeParseJson(PipelineListResultSchema, outcome.result);
  if (!parsed.success) {
    const issue = firstIssueMessage(parsed.error);
    throw wsError(
      'HA_BAD_ANSWER',
      `Home Assistant's assist_pipeline/pipeline/list result is not as expected: ${issue}`,
    );
  }
  return { pipelines: parsed.data.pipelines, preferred: parsed.data.preferred_pipeline };
}
