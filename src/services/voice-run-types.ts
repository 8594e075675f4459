// What a run of `hearth voice` asks for: its input, the stages it starts and ends at, and its options.

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
