// The command line of `hearth voice`: its usage text, and which action and target its flags ask for.

import { definedProps } from '../common/index.ts';
import { badArguments } from './bad-arguments.ts';
import type { VoiceCommand, VoiceTarget } from './voice-command-types.ts';
import { VOICE_FLAGS_OF, type VoiceValues } from './voice-flags.ts';
import { voiceRun } from './voice-run-args.ts';

export type { VoiceCommand, VoiceEndStage, VoiceRun, VoiceStartStage, VoiceTarget } from './voice-command-types.ts';

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

function voiceTarget(flags: VoiceValues): VoiceTarget {
  const connections = flags.connection ?? [];
  if ((flags.url === undefined) === (connections.length === 0) || connections.length > 1)
    throw badArguments('hearth voice needs one of --url URL (with the token in HASS_TOKEN) or --connection NAME.');
  return flags.url !== undefined ? { url: flags.url } : { connection: connections[0]! };
}
