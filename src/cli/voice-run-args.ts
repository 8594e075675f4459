// The run of `hearth voice`: which input, stages and options go together.

import { definedProps } from '../common/index.ts';
import { badArguments } from './bad-arguments.ts';
import type { VoiceEndStage, VoiceRun, VoiceStartStage } from './voice-command-types.ts';
import type { VoiceValues } from './voice-flags.ts';

const START_STAGES = ['wake_word', 'stt', 'intent', 'tts'] as const;
const END_STAGES = ['stt', 'intent', 'tts'] as const;
const WAKE_WORD_FLAGS = ['noise-suppression', 'auto-gain', 'volume-multiplier'] as const;

/** The run `flags` ask for; inputs, stages and flags that do not go together are a `BAD_ARGUMENTS` error. */
export function voiceRun(flags: VoiceValues): VoiceRun {
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
