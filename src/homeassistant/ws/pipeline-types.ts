// The Assist pipeline's wire types (ha-apis.md §4): the run's input, its events, and the parts of them hearth reads.

import { z } from 'zod';

/** Where a run starts. */
export type PipelineStartStage = 'wake_word' | 'stt' | 'intent' | 'tts';
/** Where a run ends. */
export type PipelineEndStage = 'stt' | 'intent' | 'tts';

// Home Assistant's input dicts are strict (an extra key is `invalid_format`), so these are strict too.

/** `input` of a run that starts at `wake_word` (ha-apis.md §4.2). */
export const WakeWordInputSchema = z.strictObject({
  /** Hz of the PCM sent. */
  sample_rate: z.number().int().positive(),
  /** Seconds to wait for the wake word (HA's default 3). */
  timeout: z.number().positive().optional(),
  audio_seconds_to_buffer: z.number().nonnegative().optional(),
  noise_suppression_level: z.number().int().min(0).max(4).optional(),
  auto_gain_dbfs: z.number().int().min(0).max(31).optional(),
  volume_multiplier: z.number().positive().optional(),
  no_vad: z.boolean().optional(),
});

/** `input` of a run that starts at `stt`; there is no `no_vad`: VAD is always on. */
export const SttInputSchema = z.strictObject({
  /** Hz of the PCM sent. */
  sample_rate: z.number().int().positive(),
  wake_word_phrase: z.string().optional(),
});

/** `input` of a run that starts at `intent` or `tts`. */
export const TextInputSchema = z.strictObject({ text: z.string() });

/** `input` of a `wake_word` start. */
export type WakeWordInput = z.infer<typeof WakeWordInputSchema>;
/** `input` of an `stt` start. */
export type SttInput = z.infer<typeof SttInputSchema>;
/** `input` of an `intent` or `tts` start. */
export type TextInput = z.infer<typeof TextInputSchema>;
/** A run's `input`, in Home Assistant's spelling; which one fits depends on the start stage. */
export type PipelineInput = WakeWordInput | SttInput | TextInput;

/** The schema of the input each start stage takes. */
export const INPUT_SCHEMA_OF: Readonly<Record<PipelineStartStage, z.ZodType<PipelineInput>>> = {
  wake_word: WakeWordInputSchema,
  stt: SttInputSchema,
  intent: TextInputSchema,
  tts: TextInputSchema,
};

/** One run to start. */
export interface PipelineRunRequest {
  startStage: PipelineStartStage;
  endStage: PipelineEndStage;
  input: PipelineInput;
  /** A pipeline id (default: the preferred pipeline). */
  pipeline?: string;
  /** The conversation to continue; null or absent starts a new one. */
  conversationId?: string | null;
  deviceId?: string | null;
  /** Seconds the whole run may take (HA's default 300). */
  timeout?: number;
}

/** Home Assistant's default run timeout, in seconds (`DEFAULT_PIPELINE_TIMEOUT`). */
export const DEFAULT_PIPELINE_TIMEOUT_S = 300;

/** One event of a run, exactly as Home Assistant sent it (`data` is null for `run-end`). */
export const PipelineEventSchema = z.looseObject({
  type: z.string(),
  data: z.unknown(),
  timestamp: z.string(),
});

/** One event of a run, as sent. */
export interface PipelineEvent {
  type: string;
  data: unknown;
  timestamp: string;
}

/** `run-start`'s data: the handler id for audio (null for text runs) and the conversation id used. */
export const RunStartDataSchema = z.looseObject({
  conversation_id: z.string().optional(),
  runner_data: z
    .looseObject({
      // One byte on the wire: HA's ids are 1…255 per connection (ha-apis.md §3.10).
      stt_binary_handler_id: z.number().int().min(1).max(255).nullable().optional(),
      timeout: z.number().optional(),
    })
    .optional(),
});

/** `stt-end`'s data. */
export const SttEndDataSchema = z.looseObject({ stt_output: z.looseObject({ text: z.string() }) });

/** `ConversationResult.as_dict()` inside `intent-end` (ha-apis.md §4.5). */
export const ConversationResultSchema = z.looseObject({
  response: z.looseObject({
    speech: z
      .looseObject({
        plain: z.looseObject({ speech: z.string() }).optional(),
        ssml: z.looseObject({ speech: z.string() }).optional(),
      })
      .optional(),
    /** `action_done`, `query_answer` or `error` (an agent failure is a successful run with this `error`). */
    response_type: z.string().optional(),
    /** For `error`: `{"code": "no_intent_match" | …}`; other shapes of `data` are not read. */
    data: z.looseObject({ code: z.string().optional() }).optional().catch(undefined),
  }),
  conversation_id: z.string().nullable().optional(),
  continue_conversation: z.boolean().optional(),
});

/** `intent-end`'s data. */
export const IntentEndDataSchema = z.looseObject({
  /** Whether Home Assistant's local intents answered (newer HA; absent before). */
  processed_locally: z.boolean().optional().catch(undefined),
  intent_output: ConversationResultSchema,
});

/** `tts-end`'s data; `url` is relative to Home Assistant's address (`/api/tts_proxy/…`). */
export const TtsEndDataSchema = z.looseObject({ tts_output: z.looseObject({ url: z.string().optional() }) });

/** An `error` event's data (and a failed result's `error`). */
export const PipelineErrorDataSchema = z.looseObject({ code: z.string(), message: z.string() });

/** One pipeline of `assist_pipeline/pipeline/list`. */
export const PipelineSummarySchema = z.looseObject({ id: z.string(), name: z.string(), language: z.string() });

/** The result of `assist_pipeline/pipeline/list`. */
export const PipelineListResultSchema = z.looseObject({
  pipelines: z.array(PipelineSummarySchema),
  preferred_pipeline: z.string(),
});

/** `run-start`'s data, as read. */
export type RunStartData = z.infer<typeof RunStartDataSchema>;
/** A conversation result, as read. */
export type ConversationResult = z.infer<typeof ConversationResultSchema>;
/** One pipeline, as read. */
export type PipelineSummary = z.infer<typeof PipelineSummarySchema>;
