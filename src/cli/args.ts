// Reads the command line: `hearth serve [--host H] [--port P] [--config FILE]`, `hearth --help`, `--version`.

import { parseArgs } from 'node:util';
import { HearthError } from '../common/index.ts';

/** What the command line asks for. */
export type Command =
  | { kind: 'serve'; host?: string; port?: number; configPath?: string }
  /** Try HA-Assist offline on one sentence, against the demo home or a saved request body. */
  | { kind: 'ask'; sentence: string; home: string; isJson: boolean; configPath?: string }
  | { kind: 'help' }
  | { kind: 'version' };

/** Usage text. */
export const USAGE = `Usage:
  hearth serve [--host HOST] [--port PORT] [--config FILE]
      Serve the OpenAI-compatible API (default 127.0.0.1:8080). The configuration is FILE,
      else $HEARTH_CONFIG, else ./hearth.yaml if it exists, else the embedded defaults.
  hearth ask "SENTENCE" [--home demo|FILE.json] [--json] [--config FILE]
      Show what HA-Assist does with SENTENCE, offline (no model is called): against the demo
      home, or the home of a saved chat-completions request body FILE.json.
  hearth --help | --version`;

/** The flags every command may be given (each command refuses those it does not take). */
const ARG_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  config: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
  home: { type: 'string' },
  json: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
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
    throw new HearthError('invalid_request', 'BAD_ARGUMENTS', error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.version) return { kind: 'version' };
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') return { kind: 'help' };
  if (command === 'ask') {
    refuse(values, ['host', 'port'], 'ask');
    return askCommand(rest, values);
  }
  if (command !== 'serve') throw new HearthError('invalid_request', 'BAD_ARGUMENTS', `Unknown command '${command}'.`);
  refuse(values, ['home', 'json'], 'serve');
  if (rest.length > 0) throw new HearthError('invalid_request', 'BAD_ARGUMENTS', `Unexpected argument '${rest[0]}'.`);
  const serve: Command & { kind: 'serve' } = { kind: 'serve' };
  if (values.host !== undefined) serve.host = values.host;
  if (values.port !== undefined) serve.port = readPort(values.port);
  if (values.config !== undefined) serve.configPath = values.config;
  return serve;
}

function refuse(values: Record<string, unknown>, options: readonly string[], command: string): void {
  const given = options.find((option) => values[option] !== undefined);
  if (given !== undefined)
    throw new HearthError('invalid_request', 'BAD_ARGUMENTS', `--${given} is not an option of hearth ${command}.`);
}

function askCommand(
  rest: readonly string[],
  values: { home?: string | undefined; json?: boolean | undefined; config?: string | undefined },
): Command {
  if (rest.length !== 1 || rest[0]!.trim() === '')
    throw new HearthError('invalid_request', 'BAD_ARGUMENTS', 'hearth ask takes one sentence, in quotes.');
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
    throw new HearthError(
      'invalid_request',
      'BAD_ARGUMENTS',
      `--port must be a whole number from 0 to 65535 (got '${text}').`,
    );
  }
  return port;
}
