// What the fake OpenAI server sends for a text or tool-calls step: a `chat.completion` body or its chunk sequence.

import { splitWords } from '../loopback/index.ts';
import type { FakeUsage, TextStep, ToolCallsStep } from './script.ts';

/** Usage reported when a step sets none. */
export const DEFAULT_USAGE: FakeUsage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };

/** What identifies one response: its id, the echoed model and the creation time (seconds). */
export interface ResponseIdentity {
  id: string;
  model: string;
  created: number;
}

/** A step resolved into what is said: the stream pieces, tool calls with their final ids, the finish. */
export interface FakeReply {
  reasoningPieces: string[];
  contentPieces: string[];
  /** `id` is undefined when the step asked for the id to be left out. */
  calls: { id: string | undefined; name: string; arguments: string }[];
  argumentFragments: number;
  finishReason: string | null;
  usage: FakeUsage;
}

/** Resolves a step: splits text into words and gives tool calls without an id a counter id. */
export function resolveReply(step: TextStep | ToolCallsStep, newCallId: () => string): FakeReply {
  const isText = step.kind === 'text';
  const content = isText ? step.text : (step.content ?? '');
  return {
    reasoningPieces: isText && step.reasoning !== undefined ? splitWords(step.reasoning) : [],
    contentPieces: typeof content === 'string' ? splitWords(content) : content,
    calls: isText
      ? []
      : step.calls.map((call) => ({
          id: call.id === null ? undefined : (call.id ?? newCallId()),
          name: call.name,
          arguments: call.arguments,
        })),
    argumentFragments: isText ? 1 : Math.max(1, step.argumentFragments ?? 3),
    finishReason: step.finishReason === undefined ? (isText ? 'stop' : 'tool_calls') : step.finishReason,
    usage: step.usage ?? DEFAULT_USAGE,
  };
}

/** The non-streaming `chat.completion` body. */
export function buildCompletion(reply: FakeReply, identity: ResponseIdentity): Record<string, unknown> {
  const content = reply.contentPieces.join('');
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: content === '' && reply.calls.length > 0 ? null : content,
  };
  if (reply.reasoningPieces.length > 0) message.reasoning_content = reply.reasoningPieces.join('');
  if (reply.calls.length > 0) {
    message.tool_calls = reply.calls.map((call) => ({
      ...(call.id === undefined ? {} : { id: call.id }),
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason }],
    usage: reply.usage,
  };
}

/** The `chat.completion.chunk` bodies that stream a reply, without `[DONE]`; usage only when asked for. */
export function buildChunks(
  reply: FakeReply,
  identity: ResponseIdentity,
  includeUsage: boolean,
): Record<string, unknown>[] {
  const base = { id: identity.id, object: 'chat.completion.chunk', created: identity.created, model: identity.model };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks = [chunk({ role: 'assistant', content: '' })];
  for (const piece of reply.reasoningPieces) chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of reply.contentPieces) chunks.push(chunk({ content: piece }));
  reply.calls.forEach((call, index) => {
    // Like OpenAI: id, type and name only in a call's first fragment, then the arguments in pieces.
    const first = {
      index,
      ...(call.id === undefined ? {} : { id: call.id }),
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    chunks.push(chunk({ tool_calls: [first] }));
    for (const fragment of splitEvenly(call.arguments, reply.argumentFragments)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
    }
  });
  if (reply.finishReason !== null) chunks.push(chunk({}, reply.finishReason));
  // Only on request: Home Assistant's parser needs choices[0] in every chunk otherwise.
  if (includeUsage) chunks.push({ ...base, choices: [], usage: reply.usage });
  return chunks;
}

/** `text` in at most `parts` non-empty pieces of near-equal length, never splitting a code point. */
function splitEvenly(text: string, parts: number): string[] {
  const points = Array.from(text);
  const size = Math.ceil(points.length / parts);
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size) pieces.push(points.slice(start, start + size).join(''));
  return pieces;
}
