// The chat with the home: hearth runs the tool loop for its own page. Every call goes through the same guard as an
// MCP client's (limits, exclusions, proposals, untrusted results); the person at the page confirms changes there.

import { HearthError, type IdSource, isRecord } from '../common/index.ts';
import type { Backend } from '../backends/index.ts';
import {
  createToolCallAssembler,
  type Message,
  type ToolCall,
  type ToolDefinition,
  type Turn,
} from '../conversation/index.ts';
import { type Caller, INPUT_LIMITS, type ToolGuard, UNATTENDED } from '../tools/index.ts';
import type { HomeChatEvent, HomeChatMessage } from './chat-event.ts';
import { chatSystemPrompt } from './chat-prompt.ts';

/** The most model calls one answer makes: reads, then the answer; a model that keeps calling tools is stopped. */
export const MAX_TOOL_ROUNDS = 6;

/** What the loop needs. */
export interface HomeChatDeps {
  backend: Backend;
  guard: ToolGuard;
  ids: IdSource;
  /** The only connections (by name) the chat's tools may use, those of the page's API key; every enabled one when absent. */
  connections?: readonly string[];
}

/**
 * Streams one answer: the model's text as it comes, and each tool call with its result. The page is not an attended
 * MCP client: a change becomes a proposal (or is refused by the limits) exactly as for any unattended client.
 */
export async function* runHomeChat(
  deps: HomeChatDeps,
  conversation: readonly HomeChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<HomeChatEvent> {
  // Unattended, as every page chat is; limited to the key's connections, as its MCP client would be.
  const caller: Caller = deps.connections === undefined ? UNATTENDED : { ...UNATTENDED, connections: deps.connections };
  const listings = deps.guard.list(caller);
  const tools: ToolDefinition[] = listings.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  }));
  const messages: Message[] = [
    { role: 'system', content: chatSystemPrompt(listings) },
    ...conversation.map(
      (message): Message =>
        message.role === 'user'
          ? { role: 'user', content: message.content }
          : { role: 'assistant', content: message.content, toolCalls: [] },
    ),
  ];
  for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
    const turn: Turn = {
      model: deps.backend.name,
      messages,
      tools,
      stream: true,
      includeUsage: false,
      sampling: {},
      extra: {},
    };
    let content = '';
    const calls = createToolCallAssembler(() => deps.ids.next('call_'));
    let finishReason = 'stop';
    for await (const delta of deps.backend.stream(turn, signal === undefined ? {} : { signal })) {
      if (delta.content) {
        content += delta.content;
        yield { kind: 'delta', content: delta.content };
      }
      for (const fragment of delta.toolCalls ?? []) calls.add(fragment);
      if (delta.finishReason) finishReason = delta.finishReason;
    }
    const toolCalls = calls.calls();
    if (toolCalls.length === 0) {
      yield { kind: 'done', finishReason };
      return;
    }
    messages.push({ role: 'assistant', content: content === '' ? null : content, toolCalls });
    yield* answerToolCalls({ guard: deps.guard, caller }, toolCalls, messages);
  }
  throw new HearthError(
    'TOO_MANY_TOOL_ROUNDS',
    `The model was still calling tools after ${MAX_TOOL_ROUNDS} rounds, so hearth stopped it.`,
  );
}

/**
 * Runs the tool calls of one model round through the guard, in order, and adds each answer to `messages`. Past
 * {@link INPUT_LIMITS.toolCallsPerRound} a call is answered unrun, its arguments not even parsed: however many calls a
 * model makes, one round's work is bounded by the cap.
 */
async function* answerToolCalls(
  { guard, caller }: { guard: ToolGuard; caller: Caller },
  toolCalls: readonly ToolCall[],
  messages: Message[],
): AsyncGenerator<HomeChatEvent> {
  for (const [index, call] of toolCalls.entries()) {
    const isRun = index < INPUT_LIMITS.toolCallsPerRound;
    const args = isRun ? parseArguments(call.arguments) : ({ ok: false } as const);
    yield { kind: 'tool_call', id: call.id, name: call.name, arguments: args.ok ? args.value : call.arguments };
    const result = !isRun
      ? { isError: true, text: unrun(toolCalls.length) }
      : args.ok
        ? await guard.call(call.name, args.value, caller)
        : { isError: true, text: 'invalid arguments: they are not a JSON object' };
    yield { kind: 'tool_result', id: call.id, name: call.name, isError: result.isError, text: result.text };
    messages.push({ role: 'tool', toolCallId: call.id, content: result.text });
  }
}

/** The answer to a call past the cap of one round. */
function unrun(count: number): string {
  const cap = INPUT_LIMITS.toolCallsPerRound;
  return `not run: the model asked for ${count} tool calls in one round, and at most ${cap} run per round; ask again for the rest`;
}

function parseArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    return isRecord(value) ? { ok: true, value } : { ok: false };
  } catch {
    return { ok: false };
  }
}
