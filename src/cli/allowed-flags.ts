// Which flags each command takes: any other flag given is refused by name.

import { badArguments } from './bad-arguments.ts';
import { VOICE_FLAGS_OF } from './voice-flags.ts';

/** The flags each command takes; any other flag is refused by name. */
const FLAGS_OF: Record<string, readonly string[]> = {
  serve: ['host', 'port', 'config'],
  ask: ['home', 'json', 'config'],
  'connections add': ['url', 'pin', 'config'],
  connections: ['config'],
  mcp: ['connection', 'config'],
  'proposals list': ['json', 'config'],
  journal: ['json', 'config'],
  changes: ['config'],
  ...VOICE_FLAGS_OF,
};

/** Refuses, by name, the first flag given that `command` does not take. */
export function allowOnly(values: Record<string, unknown>, command: string): void {
  const allowed = FLAGS_OF[command] ?? [];
  const given = Object.keys(values).find((flag) => values[flag] !== undefined && !allowed.includes(flag));
  if (given !== undefined) throw badArguments(`--${given} is not an option of hearth ${command}.`);
}
