// Reads what a model wrote under the tool grammar back into a text answer or tool calls.

import { isRecord } from '../../common/index.ts';
import type { ToolCall } from '../../conversation/index.ts';
import type { ToolUse } from './tool-grammar.ts';

/** What the model wrote: a text answer, tool calls, or something unusable (with the reason). */
export type ToolOutput =
  | { kind: 'answer'; text: string }
  | { kind: 'calls'; calls: ToolCall[] }
  | { kind: 'invalid'; problem: string };

/**
 * Parses grammar-constrained output. The grammar already fixes the shape, so this mostly catches
 * output cut short (by `maxTokens` or an abort); arguments are checked to be a JSON object only,
 * and the caller validates them against the tool's schema.
 */
export function parseToolOutput(text: string, use: ToolUse, newToolCallId: () => string): ToolOutput {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid', problem: 'the tool-call output is not complete JSON' };
  }
  if (!isRecord(json)) return { kind: 'invalid', problem: 'the tool-call output is not a JSON object' };
  if (use.allowsAnswer && typeof json.answer === 'string') return { kind: 'answer', text: json.answer };
  const calls = json.tool_calls;
  if (!Array.isArray(calls) || calls.length === 0)
    return { kind: 'invalid', problem: 'the output has neither an answer nor tool calls' };
  if (!use.allowsParallel && calls.length > 1)
    return { kind: 'invalid', problem: 'the output has more than one tool call' };
  const offered = new Set(use.tools.map((tool) => tool.name));
  const parsed: ToolCall[] = [];
  for (const call of calls) {
    if (!isRecord(call) || typeof call.name !== 'string' || !offered.has(call.name)) {
      return { kind: 'invalid', problem: 'a tool call names no offered tool' };
    }
    if (!isRecord(call.arguments))
      return { kind: 'invalid', problem: `the arguments of '${call.name}' are not a JSON object` };
    parsed.push({ id: newToolCallId(), name: call.name, arguments: JSON.stringify(call.arguments) });
  }
  return { kind: 'calls', calls: parsed };
}
