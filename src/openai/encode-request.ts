// Encodes a `Turn` as an OpenAI chat-completions request body, for backends that speak the protocol.

import { definedProps } from '../common/index.ts';
import type { Message, MessageContent, Turn } from '../conversation/index.ts';
import { encodeToolCall } from './encode-response.ts';

/** The request body for `turn`, sent to `model` upstream; unknown client fields are passed on verbatim. */
export function encodeChatRequest(turn: Turn, model: string): Record<string, unknown> {
  const body: Record<string, unknown> = { ...turn.extra, model, messages: turn.messages.map(encodeMessage) };
  if (turn.tools.length > 0) {
    body.tools = turn.tools.map((tool) => ({
      type: 'function',
      function: definedProps({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        strict: tool.strict,
      }),
    }));
  }
  if (turn.toolChoice !== undefined) {
    body.tool_choice =
      typeof turn.toolChoice === 'string'
        ? turn.toolChoice
        : { type: 'function', function: { name: turn.toolChoice.name } };
  }
  if (turn.parallelToolCalls !== undefined) body.parallel_tool_calls = turn.parallelToolCalls;
  if (turn.stream) {
    body.stream = true;
    if (turn.includeUsage) body.stream_options = { include_usage: true };
  }
  const s = turn.sampling;
  if (s.maxTokens !== undefined) body.max_tokens = s.maxTokens;
  if (s.temperature !== undefined) body.temperature = s.temperature;
  if (s.topP !== undefined) body.top_p = s.topP;
  if (s.stop !== undefined) body.stop = s.stop;
  if (s.seed !== undefined) body.seed = s.seed;
  if (s.presencePenalty !== undefined) body.presence_penalty = s.presencePenalty;
  if (s.frequencyPenalty !== undefined) body.frequency_penalty = s.frequencyPenalty;
  if (s.n !== undefined) body.n = s.n;
  if (turn.responseFormat !== undefined) body.response_format = turn.responseFormat;
  if (turn.user !== undefined) body.user = turn.user;
  return body;
}

function encodeMessage(message: Message): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'developer':
    case 'user':
      return definedProps({ role: message.role, content: encodeContent(message.content), name: message.name });
    case 'assistant':
      return definedProps({
        role: 'assistant',
        content: message.content === null ? null : encodeContent(message.content),
        tool_calls: message.toolCalls.length === 0 ? undefined : message.toolCalls.map(encodeToolCall),
        name: message.name,
      });
    case 'tool':
      return definedProps({
        role: 'tool',
        tool_call_id: message.toolCallId,
        content: encodeContent(message.content),
        name: message.name,
      });
  }
}

/** Content in wire form: strings stay strings, parts get their wire `type`. */
function encodeContent(content: MessageContent): unknown {
  if (typeof content === 'string') return content;
  return content.map((part) =>
    part.kind === 'text'
      ? { type: 'text', text: part.text }
      : {
          type: 'image_url',
          image_url: definedProps({ url: part.url, detail: part.detail }),
        },
  );
}
