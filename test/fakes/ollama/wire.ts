// What the fake Ollama server sends: `/api/chat` bodies and NDJSON lines, `/api/embed` and `/api/tags` answers.

import { splitWords } from '../loopback/index.ts';
import {
  DEFAULT_COUNTS,
  type ChatTextStep,
  type ChatToolCallsStep,
  type FakeOllamaCounts,
  type FakeOllamaToolCall,
} from './script.ts';

/** The fixed `created_at` of every answer, so output is deterministic. */
export const CREATED_AT = '2025-01-01T00:00:00.000000Z';

/** One chat answer resolved from a step: the pieces to stream and how it ends. */
interface ResolvedChat {
  pieces: string[];
  thinking: string | undefined;
  calls: FakeOllamaToolCall[];
  callsPerLine: 'one' | 'all';
  doneReason: string;
  counts: FakeOllamaCounts;
}

/** The whole answer of a non-streaming chat request. */
export function buildChatBody(step: ChatTextStep | ChatToolCallsStep, model: string): Record<string, unknown> {
  const chat = resolveChat(step);
  const message: Record<string, unknown> = { role: 'assistant', content: chat.pieces.join('') };
  if (chat.thinking !== undefined) message.thinking = chat.thinking;
  if (chat.calls.length > 0) message.tool_calls = chat.calls.map(encodeCall);
  return { model, created_at: CREATED_AT, message, ...doneFields(chat) };
}

/** The NDJSON objects of a streamed chat answer: thinking, text pieces, tool calls, then the `done` line. */
export function buildChatLines(step: ChatTextStep | ChatToolCallsStep, model: string): Record<string, unknown>[] {
  const chat = resolveChat(step);
  const line = (message: Record<string, unknown>): Record<string, unknown> => ({
    model,
    created_at: CREATED_AT,
    message: { role: 'assistant', content: '', ...message },
    done: false,
  });
  const lines: Record<string, unknown>[] = [];
  if (chat.thinking !== undefined) lines.push(...splitWords(chat.thinking).map((thinking) => line({ thinking })));
  lines.push(...chat.pieces.map((content) => line({ content })));
  const groups = chat.callsPerLine === 'all' && chat.calls.length > 0 ? [chat.calls] : chat.calls.map((call) => [call]);
  lines.push(...groups.map((group) => line({ tool_calls: group.map(encodeCall) })));
  lines.push({ model, created_at: CREATED_AT, message: { role: 'assistant', content: '' }, ...doneFields(chat) });
  return lines;
}

/** The `/api/embed` answer. */
export function buildEmbedBody(model: string, embeddings: number[][]): Record<string, unknown> {
  return { model, embeddings, total_duration: 1_000_000, load_duration: 100_000, prompt_eval_count: embeddings.length };
}

/** The `/api/tags` answer listing `models`. */
export function buildTagsBody(models: readonly string[]): Record<string, unknown> {
  return {
    models: models.map((name) => ({
      name,
      model: name,
      modified_at: CREATED_AT,
      size: 1_000_000,
      digest: 'f'.repeat(64),
      details: { format: 'gguf', family: 'fake', parameter_size: '1B', quantization_level: 'Q4_K_M' },
    })),
  };
}

function resolveChat(step: ChatTextStep | ChatToolCallsStep): ResolvedChat {
  if (step.kind === 'text') {
    return {
      pieces: typeof step.text === 'string' ? splitWords(step.text) : step.text,
      thinking: step.thinking,
      calls: [],
      callsPerLine: 'one',
      doneReason: step.doneReason ?? 'stop',
      counts: step.counts ?? DEFAULT_COUNTS,
    };
  }
  return {
    pieces: step.content === undefined ? [] : splitWords(step.content),
    thinking: undefined,
    calls: step.calls,
    callsPerLine: step.callsPerLine ?? 'one',
    doneReason: step.doneReason ?? 'stop',
    counts: step.counts ?? DEFAULT_COUNTS,
  };
}

function doneFields(chat: ResolvedChat): Record<string, unknown> {
  return {
    done: true,
    done_reason: chat.doneReason,
    total_duration: 5_000_000,
    load_duration: 1_000_000,
    ...chat.counts,
    eval_duration: 2_000_000,
  };
}

function encodeCall(call: FakeOllamaToolCall): Record<string, unknown> {
  const wire: Record<string, unknown> = { function: { name: call.name, arguments: call.arguments } };
  if (call.id !== undefined) wire.id = call.id;
  return wire;
}
