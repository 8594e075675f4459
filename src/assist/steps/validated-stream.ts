// Gating a streamed answer: text passes through as it is generated; tool calls are held back until the gate has judged them.

import { createToolCallAssembler, type ReplyDelta, type ToolCall, type Usage } from '../../conversation/index.ts';
import type { GateVerdict } from './gate/index.ts';

/** How the held-back tool calls are judged. */
export interface StreamChecks {
  /** The gate's verdict on the whole set: send it, ask a question instead, or refuse it with a text. */
  judge(calls: readonly ToolCall[]): GateVerdict;
  /** An id for a call whose first fragment carried none. */
  newId(): string;
  /** Told the verdict once the stream has ended. */
  verdict?(verdict: GateVerdict, calls: readonly ToolCall[]): void;
}

/**
 * Passes content and reasoning deltas on at once and collects tool-call fragments. At the end the calls
 * are judged as a whole: a set the gate sends is sent, each call in one delta; otherwise its question or
 * refusal is sent as text instead, and the finish reason becomes `stop`.
 */
export async function* validatedStream(
  deltas: AsyncIterable<ReplyDelta>,
  checks: StreamChecks,
): AsyncGenerator<ReplyDelta> {
  const calls = createToolCallAssembler(() => checks.newId());
  let finishReason: string | undefined;
  let usage: Usage | undefined;
  for await (const delta of deltas) {
    if (delta.content || delta.reasoningContent) {
      yield {
        ...(delta.content ? { content: delta.content } : {}),
        ...(delta.reasoningContent ? { reasoningContent: delta.reasoningContent } : {}),
      };
    }
    for (const fragment of delta.toolCalls ?? []) calls.add(fragment);
    if (delta.finishReason !== undefined) finishReason = delta.finishReason;
    if (delta.usage !== undefined) usage = delta.usage;
  }
  const complete: ToolCall[] = calls.calls();
  const verdict = checks.judge(complete);
  checks.verdict?.(verdict, complete);
  if (verdict.kind === 'send') {
    for (const [index, call] of complete.entries())
      yield { toolCalls: [{ index, id: call.id, name: call.name, arguments: call.arguments }] };
    yield { finishReason: finishReason ?? (complete.length > 0 ? 'tool_calls' : 'stop') };
  } else {
    yield { content: verdict.kind === 'ask' ? verdict.question : verdict.text };
    yield { finishReason: 'stop' };
  }
  if (usage !== undefined) yield { usage };
}
