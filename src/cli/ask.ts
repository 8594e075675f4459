// `hearth ask "sentence"`: what HA-Assist does with one sentence, offline, against the demo home or a saved request.

import { HearthError, SILENT_LOGGER } from '../common/index.ts';
import type { Explanation } from '../assist/index.ts';
import type { Turn } from '../conversation/index.ts';
import { DEMO_HOME } from '../demo-home/index.ts';
import { decodeChatRequest, parseJsonBody } from '../openai/index.ts';
import { explainRounds, sentenceTurn, summarise } from '../services/index.ts';
import type { Command } from './args.ts';
import { readFileIfPresent } from './read-file.ts';
import { loadCommandConfig } from './command-config.ts';
import { createRandomIds, createSystemClock } from './runtime.ts';
import { buildEmbedder } from './wire-embedders.ts';
import { buildHaAssist } from './wire-ha-assist.ts';
import { buildModels } from './wire-models.ts';

/** Runs `hearth ask` and prints the outcome (text, or one JSON object with `--json`). */
export async function runAsk(
  command: Command & { kind: 'ask' },
  env: NodeJS.ProcessEnv,
  print: (text: string) => void,
): Promise<void> {
  const { config } = loadCommandConfig(command, env);
  // Offline: no waiting, and models are only named, never called.
  const runtime = { clock: createSystemClock(), ids: createRandomIds(), logger: SILENT_LOGGER, sleep: async () => {} };
  const haAssist = buildHaAssist(config, runtime, {
    models: buildModels(config, runtime),
    embedder: buildEmbedder(config, runtime),
  });
  // With the demo home, HA-Assist's state and time reads are answered as Home Assistant would.
  const rounds = await explainRounds(haAssist, turnFor(command), command.home === 'demo' ? DEMO_HOME : undefined);
  const last = rounds[rounds.length - 1]!;
  if (command.isJson) print(JSON.stringify({ ...summarise(last), rounds: rounds.map(summarise) }));
  else print(rounds.map(describe).join('\n  (Home Assistant answers the read with the demo home)\n'));
}

/** The request to try: the demo home asked `sentence`, or a saved request whose last user message becomes it. */
function turnFor(command: Command & { kind: 'ask' }): Turn {
  if (command.home === 'demo') return sentenceTurn(DEMO_HOME, command.sentence);
  const text = readFileIfPresent(command.home);
  if (text === undefined)
    throw new HearthError('BAD_ARGUMENTS', `--home ${command.home}: no such file (use demo or a saved request body).`);
  const body = parseHomeFile(command.home, text);
  const messages = Array.isArray(body.messages) ? [...body.messages] : [];
  const last = messages.findLastIndex((message) => message.role === 'user');
  if (last >= 0) messages[last] = { role: 'user', content: command.sentence };
  else messages.push({ role: 'user', content: command.sentence });
  return decodeChatRequest({ ...body, model: 'HA-Assist', messages, stream: false });
}

/** The saved request body of `--home FILE`; a file that is not one says so, naming the file. */
function parseHomeFile(path: string, text: string): { messages?: { role?: string; content?: unknown }[] } {
  try {
    const body = parseJsonBody(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
    throw new Error('its JSON is not an object.');
  } catch (error) {
    // One line: JSON's message may quote the file's text, line breaks and all.
    const detail = (error instanceof Error ? error.message : String(error)).replace(/\s+/gu, ' ');
    throw new HearthError('FILE_UNREADABLE', `--home ${path}: not a saved request body: ${detail}`, {
      cause: error,
    });
  }
}

/** The outcome for people. */
function describe(explanation: Explanation): string {
  const s = summarise(explanation);
  const lines = [
    `route    ${s.route === 'direct' ? 'direct, no model call' : `${String(s.route)} → ${String(s.model ?? 'no model configured')} (not called: hearth ask is offline)`}  ${String(s.prep_ms)} ms`,
  ];
  if (s.intent !== null)
    lines.push(`intent   ${String(s.intent)} ${String(s.slot_combination ?? '')}  ${JSON.stringify(s.slots)}`);
  else lines.push('intent   none matched');
  for (const call of s.tool_calls as { name: string; arguments: unknown }[])
    lines.push(`call     ${call.name} ${JSON.stringify(call.arguments)}`);
  if (s.answer !== null) lines.push(`answer   ${String(s.answer)}`);
  if (s.why !== null) lines.push(`why      ${s.why}`);
  if (s.prompt !== null) {
    const { messages, tools } = s.prompt;
    lines.push(`tools    ${tools.length === 0 ? '(none)' : tools.join(', ')}`);
    for (const message of messages)
      lines.push(`${message.role.padEnd(8)} ${message.text.replaceAll('\n', '\n         ')}`);
  }
  return lines.join('\n');
}
