// Reads the command line: `hearth serve [--host H] [--port P] [--config FILE]`, `hearth --help`, `--version`.

import { parseArgs } from 'node:util';
import { definedProps, HearthError } from '../common/index.ts';
import { parseVoiceCommand, VOICE_ARG_OPTIONS, VOICE_FLAGS_OF, VOICE_USAGE, type VoiceCommand } from './voice-args.ts';

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

/** `hearth connections …`. */
export type ConnectionsCommand = { kind: 'connections'; configPath?: string } & (
  | { action: 'add'; name: string; url: string; pin?: string }
  | { action: 'list' }
  | { action: 'test' | 'remove'; name: string }
  | { action: 'mode'; name: string; mode: 'read-only' | 'ask-first' | 'act' }
);

/** `hearth proposals …`, `hearth journal`, `hearth policy …`: a person's side of the changes. */
export type ChangesCommand = { kind: 'changes'; configPath?: string } & (
  | { action: 'proposals-list'; isJson: boolean }
  | { action: 'proposals-confirm' | 'proposals-cancel'; id: string }
  | { action: 'journal'; isJson: boolean }
  | { action: 'policy-show' }
  | { action: 'policy-set'; file: string }
);

/** Each command's usage, in the order `hearth --help` lists them; `hearth COMMAND --help` prints its own. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  serve: `  hearth serve [--host HOST] [--port PORT] [--config FILE]
      Serve the OpenAI-compatible API, the Ollama API, MCP and the page (default 127.0.0.1:8080). The
      configuration is FILE, else $HEARTH_CONFIG, else ./hearth.yaml if it exists, else the embedded defaults.`,
  ask: `  hearth ask "SENTENCE" [--home demo|FILE.json] [--json] [--config FILE]
      Show what HA-Assist does with SENTENCE, offline (no model is called): against the demo
      home, or the home of a saved chat-completions request body FILE.json.`,
  connections: `  hearth connections add NAME --url URL [--pin HOST:PORT=SHA256] [--config FILE]
      Save a Home Assistant connection. The long-lived token is read from stdin (one line),
      or asked for without echo on a terminal; it is stored encrypted and never shown again.
  hearth connections list | test NAME | remove NAME [--config FILE]
      List the connections, test one (prints the Home Assistant version or the reason), remove one.
  hearth connections mode NAME read-only|ask-first|act [--config FILE]
      Set a connection's write mode (new connections are read only).`,
  proposals: `  hearth proposals list [--json] | confirm ID | cancel ID [--config FILE]
      The changes waiting for a person's yes; confirming one runs it once, from this process.`,
  journal: `  hearth journal [--json] [--config FILE]
      The service calls sent (newest first), each with its outcome: done, failed or unknown.`,
  policy: `  hearth policy show | set FILE [--config FILE]
      Show the limits (policy.json), or check and save new ones (through the running hearth, with
      the admin key in HEARTH_ADMIN_KEY or server.admin_key, when one serves the data folder).`,
  voice: VOICE_USAGE,
  mcp: `  hearth mcp [--connection NAME ...] [--config FILE]
      Serve the Home Assistant tools over MCP on stdin/stdout for the enabled connections.`,
};

/** The usage of one command (`hearth voice --help`), or of all of them. */
export function usageOf(topic?: string): string {
  const entries = topic === undefined ? Object.values(COMMAND_USAGE) : [COMMAND_USAGE[topic] ?? ''];
  return [
    'Usage:',
    ...entries,
    ...(topic === undefined ? ['  hearth COMMAND --help | hearth --help | --version'] : []),
  ].join('\n');
}

/** Usage text of every command. */
export const USAGE = usageOf();

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
  if (command !== 'serve') throw new HearthError('invalid_request', 'BAD_ARGUMENTS', `Unknown command '${command}'.`);
  allowOnly(values, 'serve');
  if (rest.length > 0) throw new HearthError('invalid_request', 'BAD_ARGUMENTS', `Unexpected argument '${rest[0]}'.`);
  const serve: Command & { kind: 'serve' } = { kind: 'serve' };
  if (values.host !== undefined) serve.host = values.host;
  if (values.port !== undefined) serve.port = readPort(values.port);
  if (values.config !== undefined) serve.configPath = values.config;
  return serve;
}

function allowOnly(values: Record<string, unknown>, command: string): void {
  const allowed = FLAGS_OF[command] ?? [];
  const given = Object.keys(values).find((flag) => values[flag] !== undefined && !allowed.includes(flag));
  if (given !== undefined) throw badArguments(`--${given} is not an option of hearth ${command}.`);
}

function badArguments(message: string): HearthError {
  return new HearthError('invalid_request', 'BAD_ARGUMENTS', message);
}

const CONNECTION_ACTIONS = ['add', 'list', 'test', 'remove', 'mode'] as const;
const WRITE_MODES = ['read-only', 'ask-first', 'act'] as const;

function connectionsCommand(
  rest: readonly string[],
  values: { url?: string | undefined; pin?: string | undefined; config?: string | undefined },
): Command {
  const [action, name, extra] = rest;
  if (!CONNECTION_ACTIONS.includes(action as never))
    throw badArguments(`hearth connections takes one of ${CONNECTION_ACTIONS.join(', ')}.`);
  allowOnly(values, action === 'add' ? 'connections add' : 'connections');
  const base = { kind: 'connections' as const, ...definedProps({ configPath: values.config }) };
  if (action === 'list') {
    if (name !== undefined) throw badArguments(`Unexpected argument '${name}'.`);
    return { ...base, action };
  }
  if (action === 'mode') {
    if (name === undefined || !WRITE_MODES.includes(extra as never) || rest.length > 3)
      throw badArguments('hearth connections mode takes NAME and one of read-only, ask-first, act.');
    return { ...base, action, name, mode: extra as (typeof WRITE_MODES)[number] };
  }
  if (name === undefined || extra !== undefined) throw badArguments(`hearth connections ${action} takes one NAME.`);
  if (action !== 'add') return { ...base, action: action as 'test' | 'remove', name };
  // The token is never an argument: arguments are visible to every user of the machine (ps, shell history).
  if (values.url === undefined) throw badArguments('hearth connections add needs --url URL.');
  return { ...base, action, name, url: values.url, ...definedProps({ pin: values.pin }) };
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

function changesCommand(
  command: 'proposals' | 'journal' | 'policy',
  rest: readonly string[],
  values: { json?: boolean | undefined; config?: string | undefined },
): Command {
  const base = { kind: 'changes' as const, ...definedProps({ configPath: values.config }) };
  const [action, argument, extra] = rest;
  const one = (what: string) => {
    if (argument === undefined || extra !== undefined)
      throw badArguments(`hearth ${command} ${action} takes one ${what}.`);
    return argument;
  };
  if (command === 'journal') {
    allowOnly(values, 'journal');
    if (action !== undefined) throw badArguments(`Unexpected argument '${action}'.`);
    return { ...base, action: 'journal', isJson: values.json === true };
  }
  if (command === 'proposals' && action === 'list') {
    allowOnly(values, 'proposals list');
    if (argument !== undefined) throw badArguments(`Unexpected argument '${argument}'.`);
    return { ...base, action: 'proposals-list', isJson: values.json === true };
  }
  allowOnly(values, 'changes');
  if (command === 'proposals' && (action === 'confirm' || action === 'cancel'))
    return { ...base, action: `proposals-${action}`, id: one('ID') };
  if (command === 'policy' && action === 'show' && argument === undefined) return { ...base, action: 'policy-show' };
  if (command === 'policy' && action === 'set') return { ...base, action: 'policy-set', file: one('FILE') };
  throw badArguments(
    command === 'proposals'
      ? 'hearth proposals takes list, confirm ID or cancel ID.'
      : 'hearth policy takes show or set FILE.',
  );
}
