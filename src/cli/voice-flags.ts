// The flags of `hearth voice` and which of them each of its actions takes.

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
export type VoiceValues = {
  [flag in keyof typeof VOICE_ARG_OPTIONS]?: flag extends 'connection' ? string[] : string;
} & {
  mic?: boolean;
  json?: boolean;
  config?: string;
};
