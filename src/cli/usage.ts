// The usage text of each command, as `hearth --help` and `hearth COMMAND --help` print it.

import { VOICE_USAGE } from './voice-args.ts';

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
