// The native token budget: the compiled prompt is counted with the model's own tokenizer; too long is an error.

import { HearthError } from '../../common/index.ts';
import { textOf, type Turn } from '../../conversation/index.ts';
import type { TokenCounter } from '../../backends/index.ts';

/** Tokens a chat template adds around each message (role markers, separators); a small, documented allowance. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** The text a turn puts before the model: every message's role and text, tool calls, and the tools' JSON. */
export function promptText(turn: Turn): string {
  const parts: string[] = [];
  for (const message of turn.messages) {
    parts.push(message.role, textOf(message.content));
    if (message.role === 'assistant') for (const call of message.toolCalls) parts.push(call.name, call.arguments);
  }
  if (turn.tools.length > 0)
    parts.push(
      JSON.stringify(
        turn.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
      ),
    );
  return parts.join('\n');
}

/** The tokens `turn` costs on the model `counter` belongs to. */
export async function countPromptTokens(turn: Turn, counter: TokenCounter, signal?: AbortSignal): Promise<number> {
  const tokens = await counter.count(promptText(turn), signal === undefined ? {} : { signal });
  return tokens + MESSAGE_OVERHEAD_TOKENS * turn.messages.length;
}

/**
 * Throws OpenAI's `context_length_exceeded` naming both numbers when `tokens` exceed the model's input
 * limit: a prompt is never cut to fit.
 */
export function checkBudget(tokens: number, maxInputTokens: number, model: string): void {
  if (tokens <= maxInputTokens) return;
  throw new HearthError(
    'CONTEXT_LENGTH_EXCEEDED',
    `The prompt HA-Assist needs for this request is ${tokens} tokens, but model '${model}' accepts at most ${maxInputTokens} input tokens (max_input_tokens). Nothing was cut; shorten the conversation or the instructions, or raise max_input_tokens.`,
    { param: 'messages' },
  );
}
