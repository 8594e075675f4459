// Validating a streamed answer: text passes through as it is generated; tool calls are held back until they are checked.

import type { ReplyDelta, ToolCall, Usage } from '../../conversation/index.ts';
import type { OutputCheck } from './validate-output.ts';

/** How the held-back tool calls are judged. */
export interface StreamChecks {
  check(calls: readonly ToolCall[]): OutputCheck;
  /** The text sent instead of rejected calls. */
  refusal(check: OutputCheck & { ok: false }): string;
  /** An id for a call whose fragments carried none. */
  newId(): string;
  /** A question to send as text instead of valid calls (a sensitive action waits for a yes). */
  ask?(calls: readonly ToolCall[]): string | undefined;
  /** Told the verdict once the stream has ended. */
  verdict?(check: OutputCheck, calls: readonly ToolCall[]): void;
}

/**
 * Passes content and reasoning deltas on at once and collects tool-call fragments. At the end the calls
 * are checked as a whole: valid ones are sent, each in one delta; otherwise the refusal is sent as text
 * instead, and the finish reason becomes `stop`.
 */
export async function* validatedStream(
  deltas: AsyncIterable<ReplyDelta>,
  checks: StreamChecks,
): AsyncGenerator<ReplyDelta> {
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  let finishReason: string | undefined;
  let usage: Usage | undefined;
  for await (const delta of deltas) {
    if (delta.content || delta.reasoningContent) {
      yield {
        ...(delta.content ? { content: delta.content } : {}),
        ...(delta.reasoningContent ? { reasoningContent: delta.reasoningContent } : {}),
      };
    }
    for (const fragment of delta.toolCalls ?? []) {
      const call = (calls[fragment.index] ??= { arguments: '' });
      if (fragment.id !== undefined) call.id = fragment.id;
      if (fragment.name !== undefined) call.name = (call.name ?? '') + fragment.name;
      if (fragment.arguments !== undefined) call.arguments += fragment.arguments;
    }
    if (delta.finishReason !== undefined) finishReason = delta.finishReason;
    if (delta.usage !== undefined) usage = delta.usage;
  }
  const complete: ToolCall[] = calls
    .filter((call) => call !== undefined)
    .map((call) => ({ id: call.id ?? checks.newId(), name: call.name ?? '', arguments: call.arguments }));
  const result = checks.check(complete);
  checks.verdict?.(result, complete);
  const question = result.ok ? checks.ask?.(complete) : undefined;
  if (question !== undefined) {
    yield { content: question };
    yield { finishReason: 'stop' };
  } else if (result.ok) {
    for (const [index, call] of complete.entries())
      yield { toolCalls: [{ index, id: call.id, name: call.name, arguments: call.arguments }] };
    yield { finishReason: finishReason ?? (complete.length > 0 ? 'tool_calls' : 'stop') };
  } else {
    yield { content: checks.refusal(result) };
    yield { finishReason: 'stop' };
  }
  if (usage !== undefined) yield { usage };
}
