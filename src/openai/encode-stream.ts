// Encodes a streamed reply as server-sent events of `chat.completion.chunk` frames, ending in `data: [DONE]`.

import type { ReplyDelta } from '../conversation/index.ts';
import { encodeUsage, type ResponseHeader } from './encode-response.ts';
import type { ErrorBody } from './error-body.ts';

/** Turns deltas into SSE frames for one response; the first content frame carries the assistant role. */
export interface StreamEncoder {
  /** The frames for one delta (usually one; none for an empty delta). */
  encode(delta: ReplyDelta): string[];
  /** The error form written when a stream fails after it started: an `error` object, then `[DONE]`. */
  encodeError(body: ErrorBody): string[];
  /** The closing frame. */
  done(): string;
}

/** A stream encoder; the usage frame (with `choices: []`) is sent only when `includeUsage` was asked for. */
export function createStreamEncoder(header: ResponseHeader, includeUsage: boolean): StreamEncoder {
  let hasSentRole = false;
  const base = {
    id: header.id,
    object: 'chat.completion.chunk',
    created: Math.floor(header.createdMs / 1000),
    model: header.model,
  };
  const frame = (payload: Record<string, unknown>): string => `data: ${JSON.stringify({ ...base, ...payload })}\n\n`;

  return {
    encode(delta) {
      const frames: string[] = [];
      const wire: Record<string, unknown> = {};
      if (!hasSentRole) {
        wire.role = 'assistant';
        hasSentRole = true;
      }
      if (delta.reasoningContent) wire.reasoning_content = delta.reasoningContent;
      if (delta.content) wire.content = delta.content;
      if (delta.toolCalls && delta.toolCalls.length > 0) {
        wire.tool_calls = delta.toolCalls.map((call) => ({
          index: call.index,
          ...(call.id === undefined ? {} : { id: call.id, type: 'function' }),
          function: {
            ...(call.name === undefined ? {} : { name: call.name }),
            arguments: call.arguments ?? '',
          },
        }));
      }
      const hasDelta = Object.keys(wire).length > 0;
      if (hasDelta || delta.finishReason !== undefined) {
        frames.push(
          frame({ choices: [{ index: 0, delta: wire, logprobs: null, finish_reason: delta.finishReason ?? null }] }),
        );
      }
      // HA's parser needs choices[0] in every chunk, so a usage-only chunk goes out only on request.
      if (delta.usage !== undefined && includeUsage)
        frames.push(frame({ choices: [], usage: encodeUsage(delta.usage) }));
      return frames;
    },
    encodeError(body) {
      return [`data: ${JSON.stringify(body)}\n\n`, 'data: [DONE]\n\n'];
    },
    done() {
      return 'data: [DONE]\n\n';
    },
  };
}
