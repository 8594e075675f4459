// The fake Assist pipeline's script: its pipelines and what each stage answers, fails or hangs on (ha-apis.md §6.6).

/** A pipeline as `assist_pipeline/pipeline/list` returns it (ha-apis.md §4.1). */
export interface AssistPipeline {
  conversation_engine: string;
  conversation_language: string;
  id: string;
  language: string;
  name: string;
  stt_engine: string | null;
  stt_language: string | null;
  tts_engine: string | null;
  tts_language: string | null;
  tts_voice: string | null;
  wake_word_entity: string | null;
  wake_word_id: string | null;
  prefer_local_intents: boolean;
}

/** A stage of a run, in HA's order. */
export type PipelineStage = 'wake_word' | 'stt' | 'intent' | 'tts';

/** The stages in HA's order; a run covers the ones from `start_stage` to `end_stage`. */
export const PIPELINE_STAGES: readonly PipelineStage[] = ['wake_word', 'stt', 'intent', 'tts'];

/** One target of an intent response (`data.success` / `data.failed`). */
export interface IntentTarget {
  name: string;
  type: 'area' | 'floor' | 'domain' | 'device_class' | 'device' | 'entity' | 'custom';
  id: string | null;
}

/** What the conversation agent answers to one text. */
export type IntentScript =
  | {
      speech: string;
      /** Default `action_done`. */
      responseType?: 'action_done' | 'query_answer';
      success?: IntentTarget[];
      failed?: IntentTarget[];
      continueConversation?: boolean;
      /** `chat_log_delta`s sent as `intent-progress` (only with `features.intentProgress`). */
      progress?: Record<string, unknown>[];
      /** The speech is SSML only (`speech.ssml.speech`, no `plain`): Home Assistant then speaks nothing. */
      ssmlOnly?: boolean;
      /** `intent-end`'s `processed_locally` (default true). */
      processedLocally?: boolean;
    }
  /** The agent failed to handle the text: still a successful run, with `response_type: "error"`. */
  | { agentError: 'no_intent_match' | 'no_valid_targets' | 'failed_to_handle' | 'unknown'; speech: string }
  /** The intent stage raised a `PipelineError`: an `error` event, then `run-end`. */
  | { pipelineError: 'intent-failed' | 'intent-not-supported' };

/** Where the fake breaks the connection (`ws.terminate()`) as that event is about to be sent. */
export type DropPoint = 'run-start' | PipelineStage;

/** How the fake pipeline behaves; every field has a default. */
export interface AssistScript {
  /** Default: one pipeline, "Home Assistant" (`DEFAULT_PIPELINE`). */
  pipelines?: AssistPipeline[];
  /** The preferred pipeline's id (default: the first pipeline's). */
  preferred?: string;
  /** Every run fails in `validate()`: a failed result with this code and message, and no events. */
  validationError?: { code: string; message: string };
  stt?: {
    /** The text recognized from the audio (default "turn on the kitchen light"); "" gives `stt-no-text-recognized`. */
    transcript?: string | ((audio: Buffer) => string);
    /**
     * Voice activity detection, in bytes of audio received: `stt-vad-start` once `speechAfterBytes` arrived,
     * `stt-vad-end` once `silenceAfterBytes` arrived, and STT stops reading there (later frames stay queued).
     */
    vad?: { speechAfterBytes: number; silenceAfterBytes: number };
    /** The STT stream fails after the audio ended. */
    fail?: 'stt-stream-failed';
  };
  /** The agent's answer (default: "Turned on the light", `action_done`). */
  intent?: (text: string, conversationId: string) => IntentScript;
  tts?: { url?: string; mime_type?: string; fail?: 'tts-failed' };
  /** The run never gets past this point (until the timeout, an unsubscribe or a close). */
  hangAt?: 'before-run-start' | PipelineStage;
  /** How long a stage works before its end event (ms). */
  stageDelayMs?: Partial<Record<'stt' | 'intent' | 'tts', number>>;
  /** The connection is dropped when this event is about to be sent (a stage: its start event). */
  dropAt?: DropPoint;
  /**
   * Home Assistant freezes as this stage is about to start: the socket stays open, but nothing more is read or sent
   * (pongs included) until the fake closes. The run's own timeout never fires for the client to hear.
   */
  silentAt?: PipelineStage;
}

/** The script with every default applied. */
export interface ResolvedAssistScript extends Omit<AssistScript, 'pipelines' | 'preferred' | 'intent' | 'tts' | 'stt'> {
  pipelines: AssistPipeline[];
  preferred: string;
  stt: NonNullable<AssistScript['stt']> & { transcript: string | ((audio: Buffer) => string) };
  intent: (text: string, conversationId: string) => IntentScript;
  tts: { url: string; mime_type: string; fail?: 'tts-failed' };
}

/** The default pipeline: HA's own agent, faster-whisper and Piper. */
export const DEFAULT_PIPELINE: AssistPipeline = {
  conversation_engine: 'conversation.home_assistant',
  conversation_language: 'en',
  id: '01pipelinehomeassistant000',
  language: 'en',
  name: 'Home Assistant',
  stt_engine: 'stt.faster_whisper',
  stt_language: 'en',
  tts_engine: 'tts.piper',
  tts_language: 'en_US',
  tts_voice: 'en_US-lessac-medium',
  wake_word_entity: null,
  wake_word_id: null,
  prefer_local_intents: false,
};

/** The default transcript of any audio. */
export const DEFAULT_TRANSCRIPT = 'turn on the kitchen light';

/** The default agent answer. */
export const DEFAULT_INTENT: IntentScript = {
  speech: 'Turned on the light',
  responseType: 'action_done',
  success: [
    { name: 'Kitchen', type: 'area', id: 'kitchen' },
    { name: 'Kitchen light', type: 'entity', id: 'light.kitchen' },
  ],
};

/** Applies the defaults. */
export function resolveAssistScript(script: AssistScript = {}): ResolvedAssistScript {
  const pipelines = script.pipelines ?? [DEFAULT_PIPELINE];
  return {
    ...script,
    pipelines,
    preferred: script.preferred ?? pipelines[0]?.id ?? DEFAULT_PIPELINE.id,
    stt: { ...script.stt, transcript: script.stt?.transcript ?? DEFAULT_TRANSCRIPT },
    intent: script.intent ?? (() => DEFAULT_INTENT),
    tts: { url: '/api/tts_proxy/fake.mp3', mime_type: 'audio/mpeg', ...script.tts },
  };
}
