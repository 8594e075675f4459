// Encodes a streamed reply as Ollama's newline-delimited JSON: message lines, then one `done: true` line.

import { createToolCallAssembler, type FinishReason, type ReplyDelta, type Usage } from '../conversation/index.ts';
import { doneFields } from './done-fields.ts';
import { encodeAnsweredToolCall } from './encode-response.ts';
import type { OllamaErrorBody } from './error-body.ts';

/** Turns deltas into NDJSON lines for one answer. */
export interface OllamaStreamEncoder {
  /** The lines for one delta (none while a tool call is still arriving). */
  encode(delta: ReplyDelta): string[];
  /** The error form written when a stream fails after it started: one `{"error": …}` line. */
  encodeError(body: OllamaErrorBody): string[];
  /** Any tool calls still held, then the closing `done: true` line with the counts. */
  done(totalDurationNs: number): string[];
}

/** Where a streamed answer comes from: the model name the client used and the time in ms. */
export interface OllamaStreamHeader {
  model: string;
  createdMs: number;
}

/**
 * A stream encoder. Ollama sends each tool call whole with its arguments as an object, so call fragments
 * are gathered and written in one line when the reply finishes.
 */
export function createOllamaStreamEncoder(header: OllamaStreamHeader): OllamaStreamEncoder {
  const base = { model: header.model, created_at: new Date(header.createdMs).toISOString() };
  const line = (payload: Record<string, unknown>): string => `${JSON.stringify({ ...base, ...payload })}\n`;
  // Ollama's calls carry no id, so the assembler's ids are never read.
  const assemble = () => createToolCallAssembler(() => '');
  let calls = assemble();
  let finishReason: FinishReason | undefined;
  let usage: Usage | undefined;

  const flushCalls = (): string[] => {
    const toolCalls = calls.calls().map(encodeAnsweredToolCall);
    calls = assemble();
    if (toolCalls.length === 0) return [];
    return [line({ message: { role: 'assistant', content: '', tool_calls: toolCalls }, done: false })];
  };

  return {
    encode(delta) {
      const lines: string[] = [];
      if (delta.content || delta.reasoningContent) {
        const message: Record<string, unknown> = { role: 'assistant', content: delta.content ?? '' };
        if (delta.reasoningContent) message.thinking = delta.reasoningContent;
        lines.push(line({ message, done: false }));
      }
      for (const fragment of delta.toolCalls ?? []) calls.add(fragment);
      if (delta.finishReason !== undefined) {
        finishReason = delta.finishReason;
        lines.push(...flushCalls());
      }
      if (delta.usage !== undefined) usage = delta.usage;
      return lines;
    },
    encodeError(body) {
      return [`${JSON.stringify(body)}\n`];
    },
    done(totalDurationNs) {
      return [
        ...flushCalls(),
        line({ message: { role: 'assistant', content: '' }, ...doneFields(finishReason, usage, totalDurationNs) }),
      ];
    },
  };
}
