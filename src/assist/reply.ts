// Building HA-Assist's own replies: a spoken answer, or tool calls for Home Assistant to execute.

import type { Reply, ToolCall } from '../conversation/index.ts';

/** A direct text answer. */
export function textReply(text: string): Reply {
  return { content: text, toolCalls: [], finishReason: 'stop' };
}

/** A reply asking Home Assistant to run `calls`. */
export function toolCallReply(calls: ToolCall[]): Reply {
  return { content: null, toolCalls: calls, finishReason: 'tool_calls' };
}

/** Names as a reply says them: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
