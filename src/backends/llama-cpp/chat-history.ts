// A turn's messages as node-llama-cpp chat history: tool calls and tool results written as text the model reads.

import type { ChatHistoryItem, ChatUserMessage } from 'node-llama-cpp';
import { HearthError } from '../../common/index.ts';
import { hasImage, textOf, type AssistantMessage, type Message, type Turn } from '../../conversation/index.ts';
import type { ToolUse } from './tool-grammar.ts';

/**
 * The history to generate from, ending in the empty model response the model completes. We do not use
 * node-llama-cpp's function calling (its call syntax differs per chat wrapper and cannot be forced by a
 * grammar), so tools are described in the system message, earlier calls are written in the same JSON the
 * tool grammar makes the model write, and tool results are user text. Images are refused: the model is
 * text-only.
 */
export function chatHistoryOf(turn: Turn, use: ToolUse | undefined, backend: string): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const context: RenderContext = { use, toolNames: new Map(), lastToolResult: undefined };
  turn.messages.forEach((message, index) => {
    if (hasImage(message.content)) {
      throw new HearthError(
        'IMAGES_NOT_SUPPORTED',
        `Backend '${backend}' is text-only and cannot read the image in messages[${index}].`,
        { param: `messages[${index}].content` },
      );
    }
    if (message.role === 'assistant') for (const call of message.toolCalls) context.toolNames.set(call.id, call.name);
    appendMessage(history, message, context);
  });
  if (use !== undefined) addToolInstructions(history, use);
  history.push({ type: 'model', response: [] });
  return history;
}

interface RenderContext {
  use: ToolUse | undefined;
  /** Tool names by call id, from the assistant messages so far; results name the tool they answer. */
  toolNames: Map<string, string>;
  /** The user item holding the tool results written so far, while no other message followed them. */
  lastToolResult: ChatUserMessage | undefined;
}

function appendMessage(history: ChatHistoryItem[], message: Message, context: RenderContext): void {
  switch (message.role) {
    case 'system':
    case 'developer':
      history.push({ type: 'system', text: textOf(message.content) });
      return;
    case 'user':
      history.push({ type: 'user', text: textOf(message.content) });
      return;
    case 'assistant':
      history.push({ type: 'model', response: [assistantText(message, context.use !== undefined)] });
      return;
    case 'tool': {
      const name =
        (message.toolCallId === undefined ? undefined : context.toolNames.get(message.toolCallId)) ??
        message.name ??
        'tool';
      const text = `Tool result (${name}):\n${textOf(message.content)}`;
      // Results of one round of parallel calls read as one user message, as templates expect turns to alternate.
      const last = context.lastToolResult;
      if (last !== undefined && history.at(-1) === last) {
        last.text = `${last.text}\n\n${text}`;
      } else {
        context.lastToolResult = { type: 'user', text };
        history.push(context.lastToolResult);
      }
      return;
    }
  }
}

/** An earlier answer; under the tool grammar, in the JSON the grammar makes the model write, so history and output agree. */
function assistantText(message: AssistantMessage, isJsonProtocol: boolean): string {
  const content = textOf(message.content);
  if (message.toolCalls.length === 0) return isJsonProtocol ? JSON.stringify({ answer: content }) : content;
  const calls = JSON.stringify({
    tool_calls: message.toolCalls.map((call) => ({ name: call.name, arguments: parseArguments(call.arguments) })),
  });
  return content === '' ? calls : `${content}\n${calls}`;
}

/** Arguments as an object when they are JSON, so the model sees the same shape it must write; otherwise the text. */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Appends the tool section to the leading system message, or adds one. */
function addToolInstructions(history: ChatHistoryItem[], use: ToolUse): void {
  const section = toolInstructions(use);
  const first = history[0];
  if (first?.type === 'system' && typeof first.text === 'string')
    first.text = first.text === '' ? section : `${first.text}\n\n${section}`;
  else history.unshift({ type: 'system', text: section });
}

function toolInstructions(use: ToolUse): string {
  const only = use.tools.length === 1 ? use.tools[0]!.name : undefined;
  const rule = use.allowsAnswer
    ? 'You may call the tools below.'
    : only !== undefined
      ? `You must call the tool ${only}.`
      : 'You must call one or more of the tools below.';
  const lines = [
    '# Tools',
    '',
    `${rule} Reply with one JSON object and nothing else:`,
    `- to call ${use.allowsParallel ? 'tools' : 'a tool (one call at most)'}: {"tool_calls": [{"name": "<tool name>", "arguments": {<arguments>}}]}`,
  ];
  if (use.allowsAnswer) lines.push('- to answer in text: {"answer": "<your answer>"}');
  lines.push('', '<tools>');
  for (const tool of use.tools) {
    lines.push(
      JSON.stringify({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters ?? { type: 'object', properties: {} },
      }),
    );
  }
  lines.push('</tools>');
  return lines.join('\n');
}
