// Home Assistant's conversation loop: send the turn, run the returned tool calls, send the results, until an answer.

import {
  buildHaRequest,
  dateTimeResult,
  renderLiveContext,
  type HaChatMessage,
  type Home,
} from '../../../src/homeassistant/request/index.ts';
import type { SimulatedHome } from './simulated-home.ts';

/** One user turn as it went: the tool calls HA ran and the final answer. */
export interface ConversationTurn {
  user: string;
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
  answer: string;
  /** Requests sent for this turn (HA sends one per tool round). */
  rounds: number;
}

/** How to reach HA-Assist and what home HA has. */
export interface ConversationOptions {
  /** Sends one chat-completions body and returns the parsed response (over HTTP, or in-process). */
  send(body: Record<string, unknown>): Promise<{
    choices: {
      message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
    }[];
  }>;
  /** The home as configured (exposed entities, areas). */
  home: Home;
  simulation: SimulatedHome;
}

/** HA allows up to 10 tool rounds per user turn. */
const MAX_ROUNDS = 10;

/** Runs the user turns one after another, keeping the history as Home Assistant does. */
export async function runConversation(
  userTurns: readonly string[],
  options: ConversationOptions,
): Promise<ConversationTurn[]> {
  const history: HaChatMessage[] = [];
  const turns: ConversationTurn[] = [];
  for (const user of userTurns) {
    const base = buildHaRequest(options.home, { userText: user, era: '2026', history: [...history] });
    const messages = [...base.messages];
    const turn: ConversationTurn = { user, toolCalls: [], answer: '', rounds: 0 };
    for (;;) {
      if (turn.rounds >= MAX_ROUNDS) throw new Error(`more than ${MAX_ROUNDS} tool rounds for "${user}"`);
      turn.rounds += 1;
      const response = await options.send({ ...base, messages });
      const message = response.choices[0]!.message;
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) {
        turn.answer = message.content ?? '';
        messages.push({ role: 'assistant', content: turn.answer });
        break;
      }
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: calls.map((c) => ({
          id: c.id,
          function: { arguments: c.function.arguments, name: c.function.name },
          type: 'function',
        })),
      } as HaChatMessage);
      for (const call of calls) {
        const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
        turn.toolCalls.push({ name: call.function.name, arguments: args });
        messages.push({
          role: 'tool',
          tool_call_id: call.id,
          content: runTool(call.function.name, args, options),
        } as HaChatMessage);
      }
    }
    history.push(...messages.slice(1 + history.length));
    turns.push(turn);
  }
  return turns;
}

/** What HA answers for a tool call, as its tool-result content string. */
function runTool(name: string, args: Record<string, unknown>, options: ConversationOptions): string {
  if (name === 'GetLiveContext') return renderLiveContext(options.simulation.reported());
  if (name === 'GetDateTime')
    return JSON.stringify(
      dateTimeResult({ date: '2026-03-14', time: '18:42:07', timezone: 'CET', weekday: 'Saturday' }),
    );
  return JSON.stringify(options.simulation.execute(name, args));
}
