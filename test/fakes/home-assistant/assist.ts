// The fake pipeline engine: one run's events in HA's order, its stage errors, its timeout and its cancellation (§6.6).

import {
  intentEndData,
  intentStartData,
  type RunFacts,
  runStartData,
  sttStartData,
  ttsEndData,
  ttsStartData,
  wakeWordStartData,
} from './assist-events.ts';
import { PIPELINE_STAGES, type PipelineStage, type ResolvedAssistScript } from './assist-script.ts';
import { type AudioQueue, hang, RunCancelledError, sleep } from './audio-queue.ts';
import type { HaFeatures } from './features.ts';
import { isoTime } from './ha-time.ts';

/** One run the command handler accepted: what to run and where its events go. */
export interface PipelineRunRequest extends RunFacts {
  startStage: PipelineStage;
  endStage: PipelineStage;
  /** `input.text` of a text run. */
  text?: string;
  /** The audio of an audio run and its `input.sample_rate`. */
  audio?: { queue: AudioQueue; sampleRate: number };
  script: ResolvedAssistScript;
  features: HaFeatures;
  now: () => Date;
  /** Sends one event (`{type, data, timestamp}`) to the run's subscription. */
  sendEvent(event: Record<string, unknown>): void;
  /** Breaks the connection (`dropAt`). */
  terminate(): void;
  /** Freezes the connection (`silentAt`). */
  silence(): void;
}

/** A `PipelineError` raised inside a stage: an `error` event, then `run-end`. */
class StageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// The reason a timed-out run is aborted with; any other reason (unsubscribe, close) ends the run without an error.
const TIMEOUT = Symbol('timeout');

/** A started run: it ends by itself, or when cancelled. */
export interface RunningPipeline {
  /** Cancels the run (unsubscribe or closed connection): `run-end` follows if `run-start` was sent, no error. */
  cancel(): void;
  /** Settles once the run is over, whichever way. */
  readonly done: Promise<void>;
}

/** Starts `execute()` under `asyncio.timeout(timeout)`, as `websocket_run` does. */
export function startPipelineRun(run: PipelineRunRequest): RunningPipeline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMEOUT), run.timeout * 1000);
  let hasStarted = false;
  const emit = (type: string, data: unknown): void => {
    if (type === 'run-start') hasStarted = true;
    run.sendEvent({ type, data, timestamp: isoTime(run.now()) });
  };
  const done = (async () => {
    try {
      await execute(run, emit, controller.signal);
    } catch (error) {
      if (!(error instanceof RunCancelledError)) throw error;
    } finally {
      clearTimeout(timer);
      // `execute()`'s `finally: run.end()`: after a timeout too, so `run-end` comes before the timeout error.
      if (hasStarted) emit('run-end', null);
    }
    if (controller.signal.reason === TIMEOUT) emit('error', { code: 'timeout', message: 'Timeout running pipeline' });
  })();
  return { cancel: () => controller.abort(), done };
}

type Emit = (type: string, data: unknown) => void;

/** `PipelineInput.execute()`: the stages in range, a stage error as `error` (the caller sends `run-end`). */
async function execute(run: PipelineRunRequest, emit: Emit, signal: AbortSignal): Promise<void> {
  const { script } = run;
  if (script.hangAt === 'before-run-start') await hang(signal);
  await dropIfScripted(run, 'run-start', signal);
  emit('run-start', runStartData(run));
  try {
    const covers = (stage: PipelineStage) => inRange(run, stage);
    if (covers('wake_word')) await wakeWord(run, emit, signal);
    let text = run.text ?? '';
    if (covers('stt')) text = await speechToText(run, emit, signal);
    let speech = text;
    if (covers('intent')) speech = await recognizeIntent(run, text, { emit, signal });
    // HA skips TTS when the plain answer is empty once stripped (`if tts_input.strip()`; SSML-only reads as "").
    if (covers('tts') && speech.trim() !== '') await textToSpeech(run, speech, { emit, signal });
  } catch (error) {
    if (!(error instanceof StageError)) throw error;
    emit('error', { code: error.code, message: error.message });
  }
}

const stageIndex = (stage: PipelineStage): number => PIPELINE_STAGES.indexOf(stage);

function inRange(run: PipelineRunRequest, stage: PipelineStage): boolean {
  return stageIndex(run.startStage) <= stageIndex(stage) && stageIndex(stage) <= stageIndex(run.endStage);
}

async function dropIfScripted(run: PipelineRunRequest, point: string, signal: AbortSignal): Promise<void> {
  if (run.script.dropAt !== point) return;
  run.terminate();
  // The closed connection cancels the run.
  await hang(signal);
}

/** Sends `<stage>-start`, honouring `dropAt` and `hangAt`. */
async function beginStage(
  run: PipelineRunRequest,
  stage: PipelineStage,
  start: { emit: Emit; signal: AbortSignal; data: unknown },
) {
  await dropIfScripted(run, stage, start.signal);
  if (run.script.silentAt === stage) {
    run.silence();
    await hang(start.signal);
  }
  start.emit(`${stage}-start`, start.data);
  if (run.script.hangAt === stage) await hang(start.signal);
}

/** Waits the stage's scripted delay before its end event. */
async function stageDelay(run: PipelineRunRequest, stage: 'stt' | 'intent' | 'tts', signal: AbortSignal) {
  const ms = run.script.stageDelayMs?.[stage] ?? 0;
  if (ms > 0) await sleep(ms, signal);
}

/** The wake word stage: always "detects" `ok_nabu` at once (audio is left for STT). */
async function wakeWord(run: PipelineRunRequest, emit: Emit, signal: AbortSignal): Promise<void> {
  await beginStage(run, 'wake_word', { emit, signal, data: wakeWordStartData(run.pipeline) });
  const detection = { wake_word_id: 'ok_nabu', wake_word_phrase: 'okay nabu', timestamp: 0 };
  emit('wake_word-end', { wake_word_output: detection });
}

/** The STT stage: reads audio up to the end frame or the VAD's end of speech, then the scripted transcript. */
async function speechToText(run: PipelineRunRequest, emit: Emit, signal: AbortSignal): Promise<string> {
  await beginStage(run, 'stt', { emit, signal, data: sttStartData(run.pipeline) });
  const audio = await readAudio(run, emit, signal);
  await stageDelay(run, 'stt', signal);
  const { stt } = run.script;
  if (stt.fail === 'stt-stream-failed')
    throw new StageError('stt-stream-failed', 'Unexpected error during speech-to-text');
  const text = typeof stt.transcript === 'function' ? stt.transcript(audio) : stt.transcript;
  if (text === '') throw new StageError('stt-no-text-recognized', 'No text recognized');
  emit('stt-end', { stt_output: { text } });
  return text;
}

/** Consumes queued frames until the one-byte end frame or, with VAD scripted, until `silenceAfterBytes`. */
async function readAudio(run: PipelineRunRequest, emit: Emit, signal: AbortSignal): Promise<Buffer> {
  const { queue, sampleRate } = run.audio ?? { queue: undefined, sampleRate: 16000 };
  if (queue === undefined) return Buffer.alloc(0);
  const { vad } = run.script.stt;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let hasSpeech = false;
  // `stt-vad-*` timestamps are milliseconds of audio: 16-bit mono samples at the input's rate.
  const msOf = (count: number) => Math.floor((count / 2 / sampleRate) * 1000);
  for (;;) {
    const chunk = await queue.read(signal);
    if (chunk.length === 0) break;
    chunks.push(chunk);
    bytes += chunk.length;
    if (vad === undefined) continue;
    if (!hasSpeech && bytes >= vad.speechAfterBytes) {
      hasSpeech = true;
      emit('stt-vad-start', { timestamp: msOf(vad.speechAfterBytes) });
    }
    if (hasSpeech && bytes >= vad.silenceAfterBytes) {
      emit('stt-vad-end', { timestamp: msOf(vad.silenceAfterBytes) });
      break;
    }
  }
  return Buffer.concat(chunks);
}

/** The intent stage: the scripted agent's answer; its speech, or a stage error. */
async function recognizeIntent(
  run: PipelineRunRequest,
  text: string,
  io: { emit: Emit; signal: AbortSignal },
): Promise<string> {
  const { emit, signal } = io;
  await beginStage(run, 'intent', { emit, signal, data: intentStartData(run, text) });
  const answer = run.script.intent(text, run.conversationId);
  await stageDelay(run, 'intent', signal);
  if ('pipelineError' in answer) throw intentError(run, answer.pipelineError);
  const progress = 'progress' in answer ? (answer.progress ?? []) : [];
  if (run.features.intentProgress) for (const delta of progress) emit('intent-progress', { chat_log_delta: delta });
  emit('intent-end', intentEndData(run, answer));
  // The pipeline speaks `speech.plain.speech` only (`pipeline.py` `recognize_intent`).
  return 'ssmlOnly' in answer && answer.ssmlOnly === true ? '' : answer.speech;
}

function intentError(run: PipelineRunRequest, code: 'intent-failed' | 'intent-not-supported'): StageError {
  return code === 'intent-failed'
    ? new StageError(code, 'Unexpected error during intent recognition')
    : new StageError(code, `Intent recognition engine ${run.pipeline.conversation_engine} is not found`);
}

/** The TTS stage: the scripted proxy URL, or `tts-failed`. */
async function textToSpeech(run: PipelineRunRequest, text: string, io: { emit: Emit; signal: AbortSignal }) {
  const { emit, signal } = io;
  await beginStage(run, 'tts', { emit, signal, data: ttsStartData(run.pipeline, text) });
  await stageDelay(run, 'tts', signal);
  if (run.tts.fail === 'tts-failed') throw new StageError('tts-failed', 'Unexpected error during text-to-speech');
  emit('tts-end', ttsEndData(run));
}
