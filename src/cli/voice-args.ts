// The command line of `hearth voice`: its flags, its usage text, and which inputs, stages and flags go together.

import { definedProps, HearthError } from '../common/index.ts';

/** Where `hearth voice` reaches Home Assistant: an address (token in HASS_TOKEN) or a stored connection. */
export type VoiceTarget = { url: string } | { connection: string };

/** A stage a run may start at. */
export type VoiceStartStage = 'wake_word' | 'stt' | 'intent' | 'tts';
/** A stage a run may end at. */
export type VoiceEndStage = 'stt' | 'intent' | 'tts';

/** `hearth voice` (a run): what to send and how. Numbers are as given; their ranges are checked before connecting. */
export interface VoiceRun {
  action: 'run';
  /** `rawPcm`: 16-bit mono little-endian PCM at that sample rate, read from stdin as it comes. */
  input: { text: string } | { wav: string } | { mic: true } | { rawPcm: number };
  /** Default: `intent` for --text, `stt` for audio. */
  startStage?: VoiceStartStage;
  /** Default: `intent` for --text (`tts` when it starts at `tts`), `tts` for audio. */
  endStage?: VoiceEndStage;
  conversationId?: string;
  saveAudio?: string;
  deviceId?: string;
  /** `input.wake_word_phrase` of an `stt` start. */
  wakeWordPhrase?: string;
  /** `input.noise_suppression_level` of a `wake_word` start (0–4). */
  noiseSuppression?: number;
  /** `input.auto_gain_dbfs` of a `wake_word` start (0–31). */
  autoGain?: number;
  /** `input.volume_multiplier` of a `wake_word` start, sent as a float. */
  volumeMultiplier?: number;
  /** The run's timeout in seconds, sent to Home Assistant; hearth waits 10 s more. */
  timeout?: number;
}

/** `hearth voice …`: run the Assist pipeline, list pipelines, or measure one. */
export type VoiceCommand = {
  kind: 'voice';
  target: VoiceTarget;
  isJson: boolean;
  pipeline?: string;
  configPath?: string;
} & (VoiceRun | { action: 'pipelines' } | { action: 'bench'; file: string });

/** The usage of `hearth voice`. */
export const VOICE_USAGE = `  hearth voice (--url URL | --connection NAME) (--text "…" | --wav FILE | --mic | --raw-pcm RATE)
        [--start-stage wake_word|stt|intent|tts] [--end-stage stt|intent|tts] [--pipeline ID]
        [--conversation-id ID] [--device-id ID] [--wake-word-phrase TEXT] [--noise-suppression 0-4]
        [--auto-gain 0-31] [--volume-multiplier X] [--timeout SECONDS] [--json] [--save-audio FILE] [--config FILE]
      Run Home Assistant's Assist pipeline; the token of --url is read from HASS_TOKEN. Exit codes: 0 done,
      1 bad usage, 2 the run ended without the requested result (a pipeline error, or --save-audio saved nothing),
      3 connection or authentication failed, or Home Assistant stopped answering.
  hearth voice pipelines (--url URL | --connection NAME) [--json]
  hearth voice bench FILE (--url URL | --connection NAME) [--pipeline ID] [--json]
      Each line of FILE through the pipeline (from the intent stage), then per-stage timing and answers.`;

/** The flags of `hearth voice`, for `parseArgs`. */
export const VOICE_ARG_OPTIONS = {
  url: { type: 'string' },
  connection: { type: 'string', multiple: true },
  text: { type: 'string' },
  wav: { type: 'string' },
  mic: { type: 'boolean' },
  'raw-pcm': { type: 'string' },
  'start-stage': { type: 'string' },
  'end-stage': { type: 'string' },
  pipeline: { type: 'string' },
  'conversation-id': { type: 'string' },
  'device-id': { type: 'string' },
  'wake-word-phrase': { type: 'string' },
  'noise-suppression': { type: 'string' },
  'auto-gain': { type: 'string' },
  'volume-multiplier': { type: 'string' },
  timeout: { type: 'string' },
  'save-audio': { type: 'string' },
} as const;

/** The flags each `hearth voice` action takes. */
export const VOICE_FLAGS_OF: Readonly<Record<string, readonly string[]>> = {
  'voice run': [...Object.keys(VOICE_ARG_OPTIONS), 'json', 'config'],
  'voice pipelines': ['url', 'connection', 'json', 'config'],
  'voice bench': ['url', 'connection', 'pipeline', 'json', 'config'],
};

/** The parsed flag values `hearth voice` reads. */
type VoiceValues = { [flag in keyof typeof VOICE_ARG_OPTIONS]?: flag extends 'connection' ? string[] : string } & {
  mic?: boolean;
  json?: boolean;
  config?: string;
};

const START_STAGES = ['wake_word', 'stt', 'intent', 'tts'] as const;
const END_STAGES = ['stt', 'intent', 'tts'] as const;
const WAKE_WORD_FLAGS = ['noise-suppression', 'auto-gain', 'volume-multiplier'] as const;

/** Parses `hearth voice` after the command word; bad usage is a `BAD_ARGUMENTS` error. */
export function parseVoiceCommand(rest: readonly string[], values: Readonly<Record<string, unknown>>): VoiceCommand {
  const [action, file, extra] = rest;
  const kind = action === 'pipelines' ? 'voice pipelines' : action === 'bench' ? 'voice bench' : 'voice run';
  const allowed = VOICE_FLAGS_OF[kind] ?? [];
  const given = Object.keys(values).find((flag) => values[flag] !== undefined && !allowed.includes(flag));
  if (given !== undefined) throw badArguments(`--${given} is not an option of hearth ${kind}.`);
  const flags = values as VoiceValues;
  if (kind === 'voice run' && action !== undefined) throw badArguments(`Unexpected argument '${action}'.`);
  if (kind === 'voice pipelines' && file !== undefined) throw badArguments(`Unexpected argument '${file}'.`);
  if (kind === 'voice bench' && (file === undefined || extra !== undefined))
    throw badArguments('hearth voice bench takes one FILE of sentences.');
  const base = {
    kind: 'voice' as const,
    target: voiceTarget(flags),
    isJson: flags.json === true,
    ...definedProps({ pipeline: flags.pipeline, configPath: flags.config }),
  };
  if (kind === 'voice pipelines') return { ...base, action: 'pipelines' };
  if (kind === 'voice bench') return { ...base, action: 'bench', file: file! };
  return { ...base, ...voiceRun(flags) };
}

function voiceRun(flags: VoiceValues): VoiceRun {
  const rawPcm = flags['raw-pcm'];
  const inputs = [flags.text, flags.wav, flags.mic, rawPcm].filter((given) => given !== undefined).length;
  if (inputs !== 1) throw badArguments('hearth voice takes one of --text "…", --wav FILE, --mic or --raw-pcm RATE.');
  const isText = flags.text !== undefined;
  const startStage = oneOf(flags['start-stage'], START_STAGES, '--start-stage must be wake_word, stt, intent or tts.');
  const endStage = oneOf(flags['end-stage'], END_STAGES, '--end-stage must be stt, intent or tts.');
  checkStages({ isText, startStage, endStage, saveAudio: flags['save-audio'] });
  const start = startStage ?? (isText ? 'intent' : 'stt');
  if (flags['wake-word-phrase'] !== undefined && start !== 'stt')
    throw badArguments('--wake-word-phrase is part of a run that starts at stt.');
  const wakeWordFlag = WAKE_WORD_FLAGS.find((flag) => flags[flag] !== undefined);
  if (wakeWordFlag !== undefined && start !== 'wake_word')
    throw badArguments(`--${wakeWordFlag} is part of a run that starts at wake_word (--start-stage wake_word).`);
  const input =
    flags.text !== undefined
      ? { text: flags.text }
      : flags.wav !== undefined
        ? { wav: flags.wav }
        : rawPcm !== undefined
          ? { rawPcm: Number(rawPcm) }
          : { mic: true as const };
  return {
    action: 'run',
    input,
    ...definedProps({
      startStage,
      endStage,
      conversationId: flags['conversation-id'],
      saveAudio: flags['save-audio'],
      deviceId: flags['device-id'],
      wakeWordPhrase: flags['wake-word-phrase'],
      noiseSuppression: numberOf(flags['noise-suppression']),
      autoGain: numberOf(flags['auto-gain']),
      volumeMultiplier: numberOf(flags['volume-multiplier']),
      timeout: numberOf(flags.timeout),
    }),
  };
}

/** Which stages fit the input; --save-audio needs the run to end with speech. */
function checkStages(run: {
  isText: boolean;
  startStage: VoiceStartStage | undefined;
  endStage: VoiceEndStage | undefined;
  saveAudio: string | undefined;
}): void {
  const { isText, startStage, endStage } = run;
  if (isText && (startStage === 'wake_word' || startStage === 'stt'))
    throw badArguments('--text starts at intent or tts; audio starts at wake_word or stt.');
  if (!isText && (startStage === 'intent' || startStage === 'tts'))
    throw badArguments('audio starts at wake_word or stt; --text starts at intent or tts.');
  if (isText && endStage === 'stt')
    throw badArguments(`--text starts at the ${startStage ?? 'intent'} stage: --end-stage stt comes before it.`);
  if (startStage === 'tts' && endStage !== undefined && endStage !== 'tts')
    throw badArguments(`--start-stage tts: --end-stage ${endStage} comes before it.`);
  // --text runs to the intent stage unless told otherwise (the contract's default): no speech, nothing to save.
  if (run.saveAudio !== undefined && isText && startStage !== 'tts' && endStage !== 'tts')
    throw badArguments('--save-audio with --text needs --end-stage tts.');
  if (run.saveAudio !== undefined && !isText && endStage !== undefined && endStage !== 'tts')
    throw badArguments('--save-audio needs the run to end at tts.');
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], message: string): T | undefined {
  if (value !== undefined && !allowed.includes(value as T)) throw badArguments(message);
  return value as T | undefined;
}

/** A number flag as given (NaN when it is not one); its range is checked before connecting, in one line. */
function numberOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : text.trim() === '' ? Number.NaN : Number(text);
}

function voiceTarget(flags: VoiceValues): VoiceTarget {
  const connections = flags.connection ?? [];
  if ((flags.url === undefined) === (connections.length === 0) || connections.length > 1)
    throw badArguments('hearth voice needs one of --url URL (with the token in HASS_TOKEN) or --connection NAME.');
  return flags.url !== undefined ? { url: flags.url } : { connection: connections[0]! };
}

function badArguments(message: string): HearthError {
  return new HearthError('invalid_request', 'BAD_ARGUMENTS', message);
}
