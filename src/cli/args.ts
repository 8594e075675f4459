// Reads the command line: `hearth serve [--host H] [--port P] [--config FILE]`, `hearth --help`, `--version`.

import { parseArgs } from 'node:util';
import { definedProps, HearthError } from '../common/index.ts';
import { allowOnly } from './allowed-flags.ts';
import { badArguments } from './bad-arguments.ts';
import { type ChangesCommand, changesCommand } from './changes-args.ts';
import { type ConnectionsCommand, connectionsCommand } from './connections-args.ts';
import { COMMAND_USAGE } from './usage.ts';
import { parseVoiceCommand, type VoiceCommand } from './voice-args.ts';
import { VOICE_ARG_OPTIONS } from './voice-flags.ts';

export type { ChangesCommand } from './changes-args.ts';
export type { ConnectionsCommand } from './connections-args.ts';
export { COMMAND_USAGE, USAGE, usageOf } from './usage.ts';
export type { VoiceCommand, VoiceRun, VoiceTarget } from './voice-args.ts';

/** What the command line asks for. */
export type Command =
  | { kind: 'serve'; host?: string; port?: number; configPath?: string }
  /** Try HA-Assist offline on one sentence, against the demo home or a saved request body. */
  | { kind: 'ask'; sentence: string; home: string; isJson: boolean; configPath?: string }
  /** Manage the Home Assistant connections of the tool add-on. */
  | ConnectionsCommand
  | ChangesCommand
  | VoiceCommand
  /** Serve the tools over MCP on stdin/stdout, for the enabled connections (or only the named ones). */
  | { kind: 'mcp'; connections: string[]; configPath?: string }
  /** The usage of one command (`hearth serve --help`, `hearth help serve`), or of all. */
  | { kind: 'help'; topic?: string }
  | { kind: 'version' };

/** The flags every command may be given (each command refuses those it does not take). */
const ARG_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  config: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
  home: { type: 'string' },
  json: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  pin: { type: 'string' },
  // Also --url and --connection, which `hearth connections add` and `hearth mcp` share.
  ...VOICE_ARG_OPTIONS,
} as const;

function parseArgsWithOptions(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, options: ARG_OPTIONS });
}

/** Parses `argv` (without node and the script); bad arguments are a coded error. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parseArgsWithOptions>;
  try {
    parsed = parseArgsWithOptions(argv);
  } catch (error) {
    throw new HearthError('BAD_ARGUMENTS', error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.version) return { kind: 'version' };
  const [command, ...rest] = positionals;
  if (command === 'help' || (values.help && command !== undefined)) {
    const topic = command === 'help' ? rest[0] : command;
    if (topic === undefined) return { kind: 'help' };
    if (COMMAND_USAGE[topic] === undefined) throw badArguments(`Unknown command '${topic}'.`);
    return { kind: 'help', topic };
  }
  if (values.help || command === undefined) return { kind: 'help' };
  if (command === 'ask') {
    allowOnly(values, 'ask');
    return askCommand(rest, values);
  }
  if (command === 'connections') return connectionsCommand(rest, values);
  if (command === 'proposals' || command === 'journal' || command === 'policy')
    return changesCommand(command, rest, values);
  if (command === 'voice') return parseVoiceCommand(rest, values);
  if (command === 'mcp') {
    allowOnly(values, 'mcp');
    if (rest.length > 0) throw badArguments(`Unexpected argument '${rest[0]}'.`);
    return { kind: 'mcp', connections: values.connection ?? [], ...definedProps({ configPath: values.config }) };
  }
  if (command !== 'serve') throw new HearthError('BAD_ARGUMENTS', `Unknown command '${command}'.`);
  allowOnly(values, 'serve');
  if (rest.length > 0) throw new HearthError('BAD_ARGUMENTS', `Unexpected argument '${rest[0]}'.`);
  const serve: Command & { kind: 'serve' } = { kind: 'serve' };
  if (values.host !== undefined) serve.host = values.host;
  if (values.port !== undefined) serve.port = readPort(values.port);
  if (values.config !== undefined) serve.configPath = values.config;
  return serve;
}

function askCommand(
  rest: readonly string[],
  values: { home?: string | undefined; json?: boolean | undefined; config?: string | undefined },
): Command {
  if (rest.length !== 1 || rest[0]!.trim() === '')
    throw new HearthError('BAD_ARGUMENTS', 'hearth ask takes one sentence, in quotes.');
  const ask: Command & { kind: 'ask' } = {
    kind: 'ask',
    sentence: rest[0]!,
    home: values.home ?? 'demo',
    isJson: values.json === true,
  };
  if (values.config !== undefined) ask.configPath = values.config;
  return ask;
}

function readPort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new HearthError('BAD_ARGUMENTS', `--port must be a whole number from 0 to 65535 (got '${text}').`);
  }
  return port;
}
