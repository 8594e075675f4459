// The run `hearth voice` starts, built and checked before connecting: the request, its audio source, or bad usage.

import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseWav, WAV_SAMPLE_RATES } from '../audio/index.ts';
import { definedProps, isHearthError } from '../common/index.ts';
import { assistPipelineRunCommand, type PipelineInput, type PipelineRunRequest } from '../homeassistant/index.ts';
import { findRecorder, type Recorder } from './voice-microphone.ts';
import type { VoiceRun } from './voice-run-types.ts';

/** Where a run's audio comes from. */
export type AudioSource =
  | { kind: 'none' }
  | { kind: 'wav'; pcm: Int16Array }
  | { kind: 'mic'; recorder: Recorder }
  | { kind: 'stdin' };

/** A run ready to start, or the one line that says why the command line cannot run. */
export type RunPlan = { ok: true; request: PipelineRunRequest; audio: AudioSource } | { ok: false; usage: string };

/** The range of each number flag, and whether it takes whole numbers only (Home Assistant's `vol.Range`s). */
const NUMBER_FLAGS = {
  noiseSuppression: { flag: '--noise-suppression', min: 0, max: 4, isWhole: true },
  autoGain: { flag: '--auto-gain', min: 0, max: 31, isWhole: true },
  volumeMultiplier: { flag: '--volume-multiplier', min: Number.MIN_VALUE, max: Number.MAX_VALUE, isWhole: false },
  timeout: { flag: '--timeout', min: Number.MIN_VALUE, max: 86_400, isWhole: false },
} as const;

/** Checks every value of the run and reads its WAV file; nothing here touches the network. */
export async function planRun(run: VoiceRun, pipeline: string | undefined): Promise<RunPlan> {
  const problem = numberProblem(run) ?? (await saveAudioProblem(run.saveAudio));
  if (problem !== undefined) return { ok: false, usage: problem };
  const audio = await audioSource(run.input);
  if ('usage' in audio) return { ok: false, usage: audio.usage };
  const isText = 'text' in run.input;
  const startStage = run.startStage ?? (isText ? 'intent' : 'stt');
  const endStage = run.endStage ?? (!isText || startStage === 'tts' ? 'tts' : 'intent');
  const request: PipelineRunRequest = {
    startStage,
    endStage,
    input: inputOf(run, startStage, audio.sampleRate),
    ...definedProps({ pipeline, conversationId: run.conversationId, deviceId: run.deviceId, timeout: run.timeout }),
  };
  try {
    // The same check runPipeline makes, here so that it is bad usage and not a failure after connecting.
    assistPipelineRunCommand(request);
  } catch (error) {
    if (!isHearthError(error)) throw error;
    return { ok: false, usage: error.message };
  }
  return { ok: true, request, audio: audio.source };
}

function numberProblem(run: VoiceRun): string | undefined {
  if ('rawPcm' in run.input) {
    const rate = run.input.rawPcm;
    if (!Number.isInteger(rate) || rate < WAV_SAMPLE_RATES.min || rate > WAV_SAMPLE_RATES.max)
      return `--raw-pcm takes the sample rate of the 16-bit mono PCM on stdin, a whole number from ${WAV_SAMPLE_RATES.min} to ${WAV_SAMPLE_RATES.max}, e.g. 16000.`;
  }
  for (const [key, { flag, min, max, isWhole }] of Object.entries(NUMBER_FLAGS)) {
    const value = run[key as keyof typeof NUMBER_FLAGS];
    if (value === undefined) continue;
    const isValid = Number.isFinite(value) && value >= min && value <= max && (!isWhole || Number.isInteger(value));
    if (!isValid) return `${flag} takes ${isWhole ? `a whole number from ${min} to ${max}` : 'a number above 0'}.`;
  }
  return undefined;
}

async function saveAudioProblem(file: string | undefined): Promise<string | undefined> {
  if (file === undefined) return undefined;
  const folder = dirname(file);
  const found = await stat(folder).catch(() => undefined);
  return found?.isDirectory() ? undefined : `--save-audio ${file}: the folder ${folder} does not exist.`;
}

type Audio = { source: AudioSource; sampleRate: number } | { usage: string };

async function audioSource(input: VoiceRun['input']): Promise<Audio> {
  if ('text' in input) return { source: { kind: 'none' }, sampleRate: 0 };
  if ('rawPcm' in input) return { source: { kind: 'stdin' }, sampleRate: input.rawPcm };
  if ('mic' in input) {
    const recorder = findRecorder();
    if (recorder === undefined) return { usage: '--mic needs arecord (alsa-utils) or sox installed.' };
    return { source: { kind: 'mic', recorder }, sampleRate: 16_000 };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(input.wav));
  } catch (error) {
    return { usage: `cannot read ${input.wav}: ${readProblem(error)}.` };
  }
  const parsed = parseWav(bytes);
  if (parsed.kind === 'refused') return { usage: `${input.wav}: ${parsed.reason}.` };
  return { source: { kind: 'wav', pcm: parsed.pcm }, sampleRate: parsed.sampleRate };
}

function readProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return typeof code === 'string' ? code : 'unknown error';
}

function inputOf(run: VoiceRun, startStage: PipelineRunRequest['startStage'], sampleRate: number): PipelineInput {
  if ('text' in run.input) return { text: run.input.text };
  if (startStage === 'stt')
    return { sample_rate: sampleRate, ...definedProps({ wake_word_phrase: run.wakeWordPhrase }) };
  return {
    sample_rate: sampleRate,
    ...definedProps({
      noise_suppression_level: run.noiseSuppression,
      auto_gain_dbfs: run.autoGain,
      volume_multiplier: run.volumeMultiplier,
    }),
  };
}
