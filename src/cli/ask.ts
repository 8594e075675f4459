// `hearth ask "sentence"`: what HA-Assist does with one sentence, offline, against the demo home or a saved request.

import { HearthError, SILENT_LOGGER } from '../common/index.ts';
import { type Explanation, toWireMetrics } from '../assist/index.ts';
import { textOf, type ToolCall, type Turn } from '../conversation/index.ts';
import { DEMO_HOME } from '../demo-home/index.ts';
import { buildHaRequest, dateTimeResult, renderLiveContext } from '../homeassistant/request/index.ts';
import { decodeChatRequest, parseJsonBody } from '../openai/index.ts';
import type { Command } from './args.ts';
import { readFileIfPresent } from './read-file.ts';
import { loadCommandConfig } from './command-config.ts';
import { createRandomIds, createSystemClock } from './runtime.ts';
import { buildEmbedder, buildHaAssist, buildModels } from './wire.ts';

/** The most rounds `hearth ask` explains: reads answered from the demo home, then the last round. */
const MAX_ROUNDS = 3;

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
  const rounds: Explanation[] = [];
  let turn = turnFor(command);
  for (;;) {
    const explanation = await haAssist.explain(turn, { logger: SILENT_LOGGER });
    rounds.push(explanation);
    // With the demo home, answer HA-Assist's state and time reads as Home Assistant would, and go on.
    const read = command.home === 'demo' ? readCallOf(explanation) : undefined;
    if (read === undefined || rounds.length >= MAX_ROUNDS) break;
    turn = {
      ...turn,
      messages: [
        ...turn.messages,
        { role: 'assistant', content: null, toolCalls: [read] },
        { role: 'tool', toolCallId: read.id, content: demoResult(read.name) },
      ],
    };
  }
  if (command.isJson)
    print(JSON.stringify({ ...summarise(rounds[rounds.length - 1]!), rounds: rounds.map(summarise) }));
  else print(rounds.map(describe).join('\n  (Home Assistant answers the read with the demo home)\n'));
}

/** A GetLiveContext or GetDateTime call HA-Assist made, if any. */
function readCallOf(explanation: Explanation): ToolCall | undefined {
  const call = explanation.reply?.toolCalls[0];
  return call !== undefined && /(^|__)(GetLiveContext|GetDateTime)$/.test(call.name) ? call : undefined;
}

/** What Home Assistant would answer for the demo home. */
function demoResult(toolName: string): string {
  if (toolName.endsWith('GetLiveContext')) return renderLiveContext(DEMO_HOME);
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return JSON.stringify(
    dateTimeResult({
      date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      weekday: now.toLocaleDateString('en', { weekday: 'long' }),
    }),
  );
}

/** The request to try: the demo home asked `sentence`, or a saved request whose last user message becomes it. */
function turnFor(command: Command & { kind: 'ask' }): Turn {
  if (command.home === 'demo')
    return decodeChatRequest(buildHaRequest(DEMO_HOME, { userText: command.sentence, era: '2026' }));
  const text = readFileIfPresent(command.home);
  if (text === undefined)
    throw new HearthError(
      'invalid_request',
      'BAD_ARGUMENTS',
      `--home ${command.home}: no such file (use demo or a saved request body).`,
    );
  const body = parseJsonBody(text) as { messages?: { role?: string; content?: unknown }[] };
  const messages = Array.isArray(body.messages) ? [...body.messages] : [];
  const last = messages.findLastIndex((message) => message.role === 'user');
  if (last >= 0) messages[last] = { role: 'user', content: command.sentence };
  else messages.push({ role: 'user', content: command.sentence });
  return decodeChatRequest({ ...body, model: 'HA-Assist', messages, stream: false });
}

/** The outcome as one JSON object. */
function summarise(explanation: Explanation): Record<string, unknown> {
  const { intent, route } = explanation.diagnostics;
  // A sentence of several commands is summarised by its first part; `metrics.ha_intent.parts` lists them all.
  const match =
    intent === undefined || intent.match === 'none' ? undefined : intent.match === 'split' ? intent.parts[0] : intent;
  return {
    route: explanation.route,
    model: explanation.route === 'direct' ? null : (explanation.backend ?? null),
    prep_ms: route.prepMs,
    intent: match?.intent ?? null,
    slot_combination: match?.slotCombination ?? null,
    slots: match?.slots ?? {},
    tool_calls: (explanation.reply?.toolCalls ?? []).map((call) => ({
      name: call.name,
      arguments: JSON.parse(call.arguments) as unknown,
    })),
    answer: explanation.reply?.content ?? null,
    prompt: explanation.prompt === undefined ? null : promptSummary(explanation.prompt),
    metrics: toWireMetrics(explanation.diagnostics),
  };
}

/** The compact prompt a generative route would send: each message's role and text, and the tools offered. */
function promptSummary(turn: Turn): { messages: { role: string; text: string }[]; tools: string[] } {
  return {
    messages: turn.messages.map((message) => ({ role: message.role, text: textOf(message.content) })),
    tools: turn.tools.map((tool) => tool.name),
  };
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
  const reason = explanation.diagnostics.plan?.generativeReason;
  if (reason !== undefined) lines.push(`why      ${reason}`);
  if (explanation.prompt !== undefined) {
    const { messages, tools } = promptSummary(explanation.prompt);
    lines.push(`tools    ${tools.length === 0 ? '(none)' : tools.join(', ')}`);
    for (const message of messages)
      lines.push(`${message.role.padEnd(8)} ${message.text.replaceAll('\n', '\n         ')}`);
  }
  return lines.join('\n');
}
