// Encodes our `Turn` as Ollama's `/api/chat` request, as an Ollama backend sends it.

import type { ToolDefinition, Turn } from '../conversation/index.ts';
import { encodeOllamaFormat } from './format.ts';
import { encodeOllamaMessages } from './messages.ts';
import { encodeOllamaSampling } from './sampling.ts';
import { encodeOllamaTool } from './tools.ts';

/** The Ollama-only settings of a request, beside the turn itself. */
export interface OllamaRequestSettings {
  /** The model name Ollama knows, e.g. `qwen3:4b`. */
  model: string;
  stream: boolean;
  /** Ollama's `think`: whether (or how hard) a thinking model thinks; absent leaves the model's default. */
  think?: boolean | 'low' | 'medium' | 'high';
  /** Ollama's `options.num_ctx`: the context window to load the model with. */
  numCtx?: number;
  /** Ollama's `keep_alive`: how long the model stays loaded after the call, e.g. `30m` or seconds. */
  keepAlive?: string | number;
}

/** The `/api/chat` request body for `turn`. Throws an invalid-request error for what Ollama cannot take. */
export function encodeOllamaChatRequest(turn: Turn, settings: OllamaRequestSettings): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: settings.model,
    messages: encodeOllamaMessages(turn.messages),
    stream: settings.stream,
  };
  const tools = offeredTools(turn);
  if (tools.length > 0) body.tools = tools.map(encodeOllamaTool);
  // An Ollama client's own fields win: a request that came in through Ollama's API passes through natively.
  const native = turn.ollama;
  const sampling = encodeOllamaSampling(turn.sampling);
  if (settings.numCtx !== undefined) sampling.num_ctx = settings.numCtx;
  const options = { ...sampling, ...native?.options };
  if (Object.keys(options).length > 0) body.options = options;
  const format = encodeOllamaFormat(turn.responseFormat);
  if (format !== undefined) body.format = format;
  const think = native?.think ?? settings.think;
  if (think !== undefined) body.think = think;
  const keepAlive = native?.keepAlive ?? settings.keepAlive;
  if (keepAlive !== undefined) body.keep_alive = keepAlive;
  return body;
}

/**
 * The tools to send. Ollama has no `tool_choice`: `none` sends no tools, a named tool is the only one
 * offered, and `required` cannot be enforced, so it offers them all like `auto`.
 */
function offeredTools(turn: Turn): ToolDefinition[] {
  const choice = turn.toolChoice;
  if (choice === 'none') return [];
  if (typeof choice === 'object') return turn.tools.filter((tool) => tool.name === choice.name);
  return turn.tools;
}
