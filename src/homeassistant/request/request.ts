// Builds the chat-completions bodies HA's OpenAI-compatible clients send for a home, and the round after a tool call.

import type { HaEra, ToolPrefixStyle } from './ha-dialect.ts';
import type { Home } from './entities/home-model.ts';
import type { JsonObject } from './json-value.ts';
import type { LocalDateTime } from './prompt/prompt-text.ts';
import { pyJsonDumps, type PyJsonValue } from './python/py-json.ts';
import { renderSystemPrompt, type SystemPromptOptions } from './prompt/system-prompt.ts';
import { buildHaTools, type OpenAiTool } from './tools/tool-list.ts';
import type { YamlFlavor } from './yaml/yaml-scalar-style.ts';

/** The client: `compat` (clients derived from HA core's OpenAI integration) or `local_openai` (Local OpenAI LLM). */
export type HaClient = 'compat' | 'local_openai';

/** A text part of a user message (Local OpenAI LLM always sends parts). */
export interface TextPart {
  type: 'text';
  text: string;
}

/** A tool call inside an assistant message; `arguments` is a JSON string. */
export interface HaToolCall {
  id: string;
  type: 'function';
  function: { arguments: string; name: string };
}

/** A message of the body, with the wire's field names. */
export type HaChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | TextPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: HaToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The request body; keys appear in the order the client's SDK writes them. */
export interface HaChatRequest {
  messages: HaChatMessage[];
  model: string;
  max_tokens?: number;
  parallel_tool_calls?: boolean;
  stream?: boolean;
  temperature: number;
  tools: OpenAiTool[];
  top_p?: number;
  user?: string;
}

/** Options of {@link buildHaRequest}. */
export interface HaRequestOptions {
  /** The new user message. */
  userText: string;
  /** The HA era to imitate. */
  era: HaEra;
  /** The client; `compat` unless given. */
  client?: HaClient;
  /** The request comes from a satellite in this area. */
  satelliteArea?: string;
  /** That satellite can start timers (adds the timer tools, drops the timers line). */
  satelliteHasTimers?: boolean;
  /** Tool-name prefix style; `none` unless given. */
  toolPrefix?: ToolPrefixStyle;
  /** Earlier messages of the conversation, between the system message and the new user message. */
  history?: readonly HaChatMessage[];
  /** `chat_log.conversation_id`, sent as `user` by `compat`; a fixed ULID unless given. */
  conversationId?: string;
  /** The model name; `HA-Assist` unless given. */
  model?: string;
  /** Send `stream: true` (the official integration ≤ 2025.3); `local_openai` always streams. */
  stream?: boolean;
  /** HA's local time for the date line. */
  now?: LocalDateTime;
  /** A user-configured prompt instead of HA's default instructions. */
  instructions?: string;
  /** `extra_system_prompt`, appended to the system message. */
  extraSystemPrompt?: string;
  /** Which YAML emitter to imitate. */
  yamlFlavor?: YamlFlavor;
}

/** The conversation id used when none is given (the fixtures' ULID). */
const DEFAULT_CONVERSATION_ID = '01KM3R7Q9V2D6H8J4N5P0S1T2W';

/** The system-prompt options carried by request options. */
function promptOptions(options: HaRequestOptions): SystemPromptOptions {
  const { era, toolPrefix, satelliteArea, satelliteHasTimers, now, instructions, extraSystemPrompt, yamlFlavor } =
    options;
  return { era, toolPrefix, satelliteArea, satelliteHasTimers, now, instructions, extraSystemPrompt, yamlFlavor };
}

/** Local OpenAI LLM's tool list: sorted by name, top-level `anyOf`/`allOf`/`oneOf` removed, a description always. */
function localOpenAiTools(tools: readonly OpenAiTool[]): OpenAiTool[] {
  const sorted = [...tools].sort((a, b) =>
    a.function.name < b.function.name ? -1 : a.function.name > b.function.name ? 1 : 0,
  );
  return sorted.map(({ function: fn }) => {
    const { anyOf: _anyOf, allOf: _allOf, oneOf: _oneOf, ...parameters } = fn.parameters;
    return {
      type: 'function',
      function: { name: fn.name, parameters, description: fn.description ?? 'A callable function' },
    };
  });
}

/** The user message in the client's form. */
function userMessage(text: string, client: HaClient): HaChatMessage {
  return { role: 'user', content: client === 'local_openai' ? [{ type: 'text', text }] : text };
}

/** The first request of a user turn, as the client sends it to the model for `home`. */
export function buildHaRequest(home: Home, options: HaRequestOptions): HaChatRequest {
  const client = options.client ?? 'compat';
  const tools = buildHaTools(home, {
    era: options.era,
    toolPrefix: options.toolPrefix,
    satelliteHasTimers: options.satelliteHasTimers,
  });
  const messages: HaChatMessage[] = [
    { role: 'system', content: renderSystemPrompt(home, promptOptions(options)) },
    ...(options.history ?? []),
    userMessage(options.userText, client),
  ];
  const model = options.model ?? 'HA-Assist';
  if (client === 'local_openai') {
    return {
      messages,
      model,
      parallel_tool_calls: false,
      stream: true,
      temperature: 0.6,
      tools: localOpenAiTools(tools),
    };
  }
  const stream = options.stream ? { stream: true } : {};
  return {
    messages,
    model,
    max_tokens: 150,
    ...stream,
    temperature: 1.0,
    tools,
    top_p: 1.0,
    user: options.conversationId ?? DEFAULT_CONVERSATION_ID,
  };
}

/** One tool call of the model and the result HA got for it. */
export interface ToolRound {
  /** The call id the model server produced; HA echoes it as `tool_call_id`. */
  id: string;
  /** The tool name as the model called it. */
  name: string;
  /** The arguments: the model's raw string, or an object (`compat` writes it compact, `local_openai` with `json.dumps`). */
  arguments: string | JsonObject;
  /** The tool result: a ready content string, or a value HA serialises with `json.dumps`. */
  result: string | PyJsonValue;
}

/** The assistant message with the tool calls, in the client's key order. */
function assistantToolCalls(calls: readonly ToolRound[], client: HaClient): HaChatMessage {
  const toolCalls = calls.map((call): HaToolCall => {
    const args =
      typeof call.arguments === 'string'
        ? call.arguments
        : client === 'local_openai'
          ? pyJsonDumps(call.arguments)
          : JSON.stringify(call.arguments);
    const fn = { arguments: args, name: call.name };
    return client === 'local_openai'
      ? { type: 'function', id: call.id, function: fn }
      : { id: call.id, function: fn, type: 'function' };
  });
  return { role: 'assistant', content: null, tool_calls: toolCalls };
}

/** The next request after the model called tools: the assistant `tool_calls` message, then one `tool` message per call. */
export function buildToolFollowUp(
  request: HaChatRequest,
  calls: readonly ToolRound[],
  client: HaClient = 'compat',
): HaChatRequest {
  const results = calls.map((call): HaChatMessage => {
    const content = typeof call.result === 'string' ? call.result : pyJsonDumps(call.result);
    return { role: 'tool', tool_call_id: call.id, content };
  });
  return { ...request, messages: [...request.messages, assistantToolCalls(calls, client), ...results] };
}
