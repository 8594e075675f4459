// The `assist_pipeline/*` WebSocket commands: the pipeline listings and `run`, which mirrors `websocket_run` (§4, §6.6).

import { startPipelineRun } from './assist.ts';
import { type AssistPipeline, PIPELINE_STAGES, type PipelineStage } from './assist-script.ts';
import { createAudioQueue } from './audio-queue.ts';
import type { BinaryHandler } from './binary-handlers.ts';
import type { FakeHaContext } from './context.ts';
import { fromJson, pyRepr } from './python-values.ts';
import { type FieldCheck, isDict, isString, type MessageSchema } from './ws-schema.ts';

/** An `assist_pipeline/*` message after the id, type and schema checks. */
export type AssistMessage = Record<string, unknown> & { id: number };

/** What the assist commands use of their connection (a subset of the command table's connection). */
export interface AssistConnection {
  readonly context: FakeHaContext;
  /** Which connection, counting from 1. */
  readonly index: number;
  readonly subscriptions: Map<number, () => void>;
  sendResult(id: number, result?: unknown): void;
  sendError(id: number, code: string, message: string): void;
  sendEvent(id: number, event: unknown): void;
  terminate(): void;
  /** Stops reading and answering anything, the socket left open (`silentAt`). */
  silence(): void;
  /** `async_register_binary_handler`: the handler id and the function that frees it. */
  registerBinaryHandler(handler: BinaryHandler): [id: number, unregister: () => void];
}

/** One row of the command table. */
export interface AssistCommand {
  schema: MessageSchema;
  handle(message: AssistMessage, connection: AssistConnection): void;
}

const DEFAULT_TIMEOUT_SECONDS = 300;

const oneOf =
  (values: readonly string[]): FieldCheck =>
  (value) =>
    typeof value === 'string' && values.includes(value)
      ? undefined
      : `value must be one of ${pyRepr(fromJson([...values].sort()))}`;
const isStringOrNull: FieldCheck = (value) => (value === null ? undefined : isString(value));
const isNumber: FieldCheck = (value) => (typeof value === 'number' ? undefined : 'expected float');
const isInt: FieldCheck = (value) => (Number.isInteger(value) ? undefined : 'expected int');
const isBool: FieldCheck = (value) => (typeof value === 'boolean' ? undefined : 'expected bool');
const intBetween =
  (min: number, max: number): FieldCheck =>
  (value) =>
    isInt(value) ?? ((value as number) < min || (value as number) > max ? `value must be at most ${max}` : undefined);

const AUDIO_INPUT = { required: { sample_rate: isInt } };
/** The strict `input` schema of each `start_stage` (`websocket_api.py` `key_value_schemas`). */
const INPUT_SCHEMAS: Record<PipelineStage, MessageSchema> = {
  wake_word: {
    ...AUDIO_INPUT,
    optional: {
      timeout: isNumber,
      audio_seconds_to_buffer: isNumber,
      noise_suppression_level: intBetween(0, 4),
      auto_gain_dbfs: intBetween(0, 31),
      volume_multiplier: isNumber,
      no_vad: isBool,
    },
  },
  stt: { ...AUDIO_INPUT, optional: { wake_word_phrase: isString } },
  intent: { required: { text: isString } },
  tts: { required: { text: isString } },
};

/** The input's errors, humanized at `data['input'][key]`, or undefined. */
function checkInput(stage: PipelineStage, input: Record<string, unknown>): string | undefined {
  const schema = INPUT_SCHEMAS[stage];
  const at = (error: string, key: string, value: unknown) =>
    `${error} @ data['input']['${key}']. Got ${pyRepr(fromJson(value ?? null))}`;
  const errors: string[] = [];
  for (const key of Object.keys(schema.required ?? {}))
    if (!(key in input)) errors.push(at('required key not provided', key, undefined));
  for (const [key, value] of Object.entries(input)) {
    const check = schema.required?.[key] ?? schema.optional?.[key];
    const error = check === undefined ? 'extra keys not allowed' : check(value);
    if (error !== undefined) errors.push(at(error, key, value));
  }
  return errors.length === 0 ? undefined : errors.sort().join('\n');
}

/** The pipeline with this id, or the preferred one when no id is given. */
function findPipeline(context: FakeHaContext, id: unknown): AssistPipeline | undefined {
  const { pipelines, preferred } = context.options.assist;
  return pipelines.find((pipeline) => pipeline.id === (id ?? preferred));
}

// A ULID: 26 Crockford base32 characters (`ulid_util.ulid_is_valid`).
const ULID_RE = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

/** `chat_session.async_get_chat_session`: an active id is kept, no id or an unknown ULID gets a new one. */
function resolveConversationId(context: FakeHaContext, requested: unknown): string {
  const isKept = typeof requested === 'string' && (context.conversations.has(requested) || !ULID_RE.test(requested));
  const id = isKept && requested !== '' ? (requested as string) : context.nextConversationId();
  context.conversations.add(id);
  return id;
}

/** Why a run message is refused before anything starts (bad input, stage order), or undefined; records the run. */
function refuseRun(message: AssistMessage, connection: AssistConnection): [code: string, text: string] | undefined {
  const startStage = message.start_stage as PipelineStage;
  const endStage = message.end_stage as PipelineStage;
  const input = message.input as Record<string, unknown>;
  const inputError = checkInput(startStage, input);
  if (inputError !== undefined) return ['invalid_format', inputError];
  // `InvalidPipelineStagesError` escapes as a plain exception in 2025.x: `unknown_error`.
  if (PIPELINE_STAGES.indexOf(endStage) < PIPELINE_STAGES.indexOf(startStage))
    return ['unknown_error', 'Unknown error'];
  connection.context.log.pipelineRuns.push({
    connection: connection.index,
    id: message.id,
    startStage,
    endStage,
    input,
    pipeline: message.pipeline as string | undefined,
    conversationId: message.conversation_id as string | null | undefined,
    timeout: timeoutOf(message),
  });
  return undefined;
}

const timeoutOf = (message: AssistMessage): number =>
  (message.timeout as number | undefined) ?? DEFAULT_TIMEOUT_SECONDS;

/** `websocket_run`: checks, the pipeline, the binary handler, validation, the result, then the run's events. */
function runPipeline(message: AssistMessage, connection: AssistConnection): void {
  const { context } = connection;
  const refusal = refuseRun(message, connection);
  const pipeline = findPipeline(context, message.pipeline);
  if (refusal !== undefined) connection.sendError(message.id, ...refusal);
  else if (pipeline === undefined) {
    const id = (message.pipeline as string | undefined) ?? 'None';
    connection.sendError(message.id, 'pipeline-not-found', `Pipeline not found: id=${id}`);
  } else startRun(message, connection, pipeline);
}

/** From the binary handler on: audio starts register it before any reply, so early frames queue. */
function startRun(message: AssistMessage, connection: AssistConnection, pipeline: AssistPipeline): void {
  const { context } = connection;
  const startStage = message.start_stage as PipelineStage;
  const endStage = message.end_stage as PipelineStage;
  const input = message.input as Record<string, unknown>;
  const isAudio = startStage === 'wake_word' || startStage === 'stt';
  const queue = isAudio ? createAudioQueue() : undefined;
  const [handlerId, unregister] = queue ? connection.registerBinaryHandler(queue.push) : [null, () => {}];
  const { assist, features, now } = context.options;
  if (assist.validationError !== undefined) {
    unregister();
    connection.sendError(message.id, assist.validationError.code, assist.validationError.message);
    return;
  }
  connection.sendResult(message.id, null);
  const running = startPipelineRun({
    pipeline,
    conversationId: resolveConversationId(context, message.conversation_id),
    deviceId: (message.device_id as string | null | undefined) ?? null,
    handlerId,
    timeout: timeoutOf(message),
    hasTts: endStage === 'tts',
    tts: assist.tts,
    startStage,
    endStage,
    text: isAudio ? undefined : (input.text as string),
    audio: queue && { queue, sampleRate: input.sample_rate as number },
    script: assist,
    features,
    now,
    sendEvent: (event) => connection.sendEvent(message.id, event),
    terminate: () => connection.terminate(),
    silence: () => connection.silence(),
  });
  // Unsubscribing cancels the task; HA keeps the entry, so a later unsubscribe still succeeds.
  connection.subscriptions.set(message.id, running.cancel);
  void running.done
    .catch((error: unknown) => context.log.warnings.push(`Error in pipeline run ${message.id}: ${String(error)}`))
    .finally(unregister);
}

/** The `assist_pipeline/*` rows of the command table. */
export const ASSIST_COMMANDS: Record<string, AssistCommand> = {
  'assist_pipeline/pipeline/list': {
    schema: {},
    handle(message, { context, sendResult }) {
      const { pipelines, preferred } = context.options.assist;
      sendResult(message.id, { pipelines, preferred_pipeline: preferred });
    },
  },
  'assist_pipeline/pipeline/get': {
    schema: { optional: { pipeline_id: isStringOrNull } },
    handle(message, connection) {
      const pipeline = findPipeline(connection.context, message.pipeline_id ?? undefined);
      if (pipeline !== undefined) return connection.sendResult(message.id, pipeline);
      connection.sendError(message.id, 'not_found', `Unable to find pipeline_id ${String(message.pipeline_id)}`);
    },
  },
  'assist_pipeline/language/list': {
    schema: {},
    handle(message, { context, sendResult }) {
      const languages = new Set(context.options.assist.pipelines.map((pipeline) => pipeline.language));
      sendResult(message.id, { languages: [...languages].sort() });
    },
  },
  'assist_pipeline/run': {
    schema: {
      required: { start_stage: oneOf(PIPELINE_STAGES), end_stage: oneOf(PIPELINE_STAGES), input: isDict },
      optional: { pipeline: isString, conversation_id: isStringOrNull, device_id: isStringOrNull, timeout: isNumber },
    },
    handle: runPipeline,
  },
};
