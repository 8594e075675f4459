// The `data` of the fake pipeline's events, in the shapes of HA's `pipeline.py` (ha-apis.md §4.4, §4.5).

import type { AssistPipeline, IntentScript, ResolvedAssistScript } from './assist-script.ts';

/** What the event builders need to know about one run. */
export interface RunFacts {
  pipeline: AssistPipeline;
  conversationId: string;
  deviceId: string | null;
  /** The binary handler of an audio run; null for a text run. */
  handlerId: number | null;
  /** Seconds, as the run message gave it. */
  timeout: number;
  /** Whether the run goes through the TTS stage (`end_stage: "tts"`). */
  hasTts: boolean;
  tts: ResolvedAssistScript['tts'];
}

const AUDIO_METADATA = { format: 'wav', codec: 'pcm', bit_rate: 16, sample_rate: 16000, channel: 1 };

/** The token of the TTS output: the last segment of its proxy URL. */
const ttsToken = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** `run-start`: the pipeline, the conversation used, the runner data and (2025.x, with TTS) the streaming output. */
export function runStartData(run: RunFacts): Record<string, unknown> {
  const { pipeline, tts } = run;
  const ttsOutput = { token: ttsToken(tts.url), url: tts.url, mime_type: tts.mime_type };
  return {
    pipeline: pipeline.id,
    language: pipeline.language,
    conversation_id: run.conversationId,
    runner_data: { stt_binary_handler_id: run.handlerId, timeout: run.timeout },
    ...(run.hasTts ? { tts_output: ttsOutput } : {}),
  };
}

/** `wake_word-start`. */
export function wakeWordStartData(pipeline: AssistPipeline): Record<string, unknown> {
  return { entity_id: pipeline.wake_word_entity ?? 'wake_word.openwakeword', metadata: AUDIO_METADATA, timeout: 3 };
}

/** `stt-start`: the engine and the audio HA feeds it (resampled to 16 kHz). */
export function sttStartData(pipeline: AssistPipeline): Record<string, unknown> {
  return { engine: pipeline.stt_engine, metadata: { language: pipeline.stt_language, ...AUDIO_METADATA } };
}

/** `intent-start`. */
export function intentStartData(run: RunFacts, text: string): Record<string, unknown> {
  return {
    engine: run.pipeline.conversation_engine,
    language: run.pipeline.conversation_language,
    intent_input: text,
    conversation_id: run.conversationId,
    device_id: run.deviceId,
    prefer_local_intents: run.pipeline.prefer_local_intents,
  };
}

/** `intent-end`: `{processed_locally, intent_output: ConversationResult.as_dict()}` for an answer or an agent error. */
export function intentEndData(
  run: RunFacts,
  answer: Exclude<IntentScript, { pipelineError: string }>,
): Record<string, unknown> {
  const isError = 'agentError' in answer;
  const isSsml = 'ssmlOnly' in answer && answer.ssmlOnly === true;
  const response = {
    speech: isSsml
      ? { ssml: { speech: answer.speech, extra_data: null } }
      : { plain: { speech: answer.speech, extra_data: null } },
    card: {},
    language: run.pipeline.conversation_language,
    response_type: isError ? 'error' : (answer.responseType ?? 'action_done'),
    data: isError
      ? { code: answer.agentError }
      : { targets: [], success: answer.success ?? [], failed: answer.failed ?? [] },
  };
  const continueConversation = !isError && answer.continueConversation === true;
  return {
    processed_locally: !('processedLocally' in answer) || answer.processedLocally !== false,
    intent_output: { response, conversation_id: run.conversationId, continue_conversation: continueConversation },
  };
}

/** `tts-start`. */
export function ttsStartData(pipeline: AssistPipeline, text: string): Record<string, unknown> {
  return { engine: pipeline.tts_engine, language: pipeline.tts_language, voice: pipeline.tts_voice, tts_input: text };
}

/** `tts-end`: where the audio can be fetched. */
export function ttsEndData(run: RunFacts): Record<string, unknown> {
  const { url, mime_type } = run.tts;
  const token = ttsToken(url);
  return { tts_output: { media_id: `media-source://tts/-stream-/${token}`, token, url, mime_type } };
}
