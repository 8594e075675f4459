// Who a confirmation question was asked of: the conversation id the surface carries, the satellite and the agent.

import type { Turn } from '../../../conversation/index.ts';
import { type HaRequest, systemTextOf } from '../../understand/index.ts';

/** What a question is bound to besides the visible history (docs: README, "What a confirmation is bound to"). */
export interface Asker {
  /**
   * The conversation's id, where the surface carries one: `user` (Home Assistant's `chat_log.conversation_id` on
   * Chat Completions and the Responses API), else `metadata.session_id` (Local OpenAI LLM's extra body). Empty on
   * Ollama's `/api/chat`, which carries none.
   */
  readonly conversationId: string;
  /** The area (and floor) of the satellite the request came from, from the prompt or `ha_context`; empty for none. */
  readonly satellite: string;
  /** The agent: the model the client asked for, and the stable part of its instructions. */
  readonly agent: string;
}

/**
 * Where the API prompt begins (or, in Extended OpenAI Conversation's prompt, the device list): the agent's own
 * instructions come before it. Home Assistant's own prompt strings, per era (docs/ha-requests.md §3).
 */
const API_PROMPT_STARTS = [
  'When controlling Home Assistant always call the intent tools.',
  'Follow these instructions for tools from "',
  'Only if the user wants to control a device, tell them to expose entities',
  'Static Context: An overview of the areas and the devices',
  'An overview of the areas and the devices in this smart home:',
  'You are in area ',
  'Available Devices:',
];

/** A time ("18:42", "18:42:07") or an ISO date: such a line is re-rendered every round. */
const CLOCK_LINE = /\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}/u;

/** Who `turn` (understood as `request`) was asked by. */
export function askerOf(turn: Turn, request: Pick<HaRequest, 'satellite'>): Asker {
  const { satellite } = request;
  return {
    conversationId: (turn.user === '' ? undefined : turn.user) ?? sessionIdOf(turn.extra) ?? '',
    satellite: satellite === undefined ? '' : `${satellite.area}\u0000${satellite.floor ?? ''}`,
    agent: `${turn.model}\u0000${stableInstructions(systemTextOf(turn.messages))}`,
  };
}

/**
 * The agent's instructions: the system text before Home Assistant's API prompt, without the lines that name a time
 * or a date. Home Assistant rebuilds the prompt every round: the date line changes (first in 2024, last in 2025), the
 * user's instructions are Jinja-rendered again (`{{ now() }}` in them changes), and the device list carries live
 * states in Extended OpenAI Conversation's prompt.
 */
function stableInstructions(systemText: string): string {
  const ends = API_PROMPT_STARTS.map((start) => systemText.indexOf(start)).filter((at) => at >= 0);
  const instructions = ends.length === 0 ? systemText : systemText.slice(0, Math.min(...ends));
  return instructions
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !CLOCK_LINE.test(line))
    .join('\n');
}

/** `metadata.session_id` of the request's extra fields, when it is a non-empty string. */
function sessionIdOf(extra: Readonly<Record<string, unknown>>): string | undefined {
  const { metadata } = extra;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const id = (metadata as Record<string, unknown>).session_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
