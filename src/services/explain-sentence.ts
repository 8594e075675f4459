// What HA-Assist does with one sentence, offline: the rounds it takes (reads answered from a known home) and their
// summary. Shared by `hearth ask` and the page's playground, so both show the same thing.

import { SILENT_LOGGER } from '../common/index.ts';
import { type Explanation, type HaAssist, toWireMetrics } from '../assist/index.ts';
import { textOf, type ToolCall, type Turn } from '../conversation/index.ts';
import { dateTimeResult, type Home, renderLiveContext } from '../homeassistant/request/index.ts';
import type { AssistRoundJson } from '../server/index.ts';

/** The most rounds explained: reads answered from the home, then the last round. */
const MAX_ROUNDS = 3;

/**
 * Explains `turn`, then, while HA-Assist asks for a state or time read and `home` is known, answers the read as Home
 * Assistant would for that home and explains the next round.
 */
export async function explainRounds(haAssist: HaAssist, turn: Turn, home: Home | undefined): Promise<Explanation[]> {
  const rounds: Explanation[] = [];
  let current = turn;
  for (;;) {
    const explanation = await haAssist.explain(current, { logger: SILENT_LOGGER });
    rounds.push(explanation);
    const read = home === undefined ? undefined : readCallOf(explanation);
    if (read === undefined || home === undefined || rounds.length >= MAX_ROUNDS) return rounds;
    current = {
      ...current,
      messages: [
        ...current.messages,
        { role: 'assistant', content: null, toolCalls: [read] },
        { role: 'tool', toolCallId: read.id, content: readResult(read.name, home) },
      ],
    };
  }
}

/** A GetLiveContext or GetDateTime call HA-Assist made, if any. */
function readCallOf(explanation: Explanation): ToolCall | undefined {
  const call = explanation.reply?.toolCalls[0];
  return call !== undefined && /(^|__)(GetLiveContext|GetDateTime)$/.test(call.name) ? call : undefined;
}

/** What Home Assistant would answer for `home`. */
function readResult(toolName: string, home: Home): string {
  if (toolName.endsWith('GetLiveContext')) return renderLiveContext(home);
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

/** One round in the wire spelling of `hearth ask --json`: the round's fields the playground shares, and more. */
export interface ExplanationSummary extends AssistRoundJson {
  prep_ms: number;
  prompt: PromptSummary | null;
  metrics: Record<string, unknown>;
}

/** The compact prompt a generative route would send: each message's role and text, and the tools offered. */
export interface PromptSummary {
  messages: { role: string; text: string }[];
  tools: string[];
}

/** The outcome of a round as one JSON object. */
export function summarise(explanation: Explanation): ExplanationSummary {
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
    why: explanation.diagnostics.plan?.generativeReason ?? null,
    prompt: explanation.prompt === undefined ? null : promptSummary(explanation.prompt),
    metrics: toWireMetrics(explanation.diagnostics),
  };
}

function promptSummary(turn: Turn): PromptSummary {
  return {
    messages: turn.messages.map((message) => ({ role: message.role, text: textOf(message.content) })),
    tools: turn.tools.map((tool) => tool.name),
  };
}
