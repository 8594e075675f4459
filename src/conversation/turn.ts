// The turn we are answering: the whole request in our own shape.

import type { Message } from './message.ts';
import type { ToolChoice, ToolDefinition } from './tool.ts';

/** Generation settings the client asked for; absent means the backend's default. */
export interface Sampling {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  /** Number of choices; only 1 is produced by HA-Assist. */
  n?: number;
}

/** A chat request, decoded from whichever dialect it arrived in. */
export interface Turn {
  /** The model name the client asked for. */
  model: string;
  messages: Message[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  stream: boolean;
  /** With `stream`, whether the client asked for a final usage chunk. */
  includeUsage: boolean;
  sampling: Sampling;
  /** A structured-output request (`response_format`), passed to the backend as given. */
  responseFormat?: Record<string, unknown>;
  /** The client's end-user or conversation id. */
  user?: string;
  /** Request fields we do not interpret; forwarded verbatim to an OpenAI-protocol backend. */
  extra: Record<string, unknown>;
  /** What only Ollama understands, as an Ollama client sent it: an Ollama backend sends it on, others ignore it. */
  ollama?: OllamaNative;
}

/** The fields of an Ollama `/api/chat` request that no other protocol has. */
export interface OllamaNative {
  /** Whether (or how hard) a thinking model thinks. */
  think?: boolean | 'low' | 'medium' | 'high';
  /** How long the model stays loaded after the call (`"5m"`, seconds, -1 for ever). */
  keepAlive?: string | number;
  /** Runner options as given (`num_ctx`, `temperature`, `top_k`, …). */
  options?: Record<string, unknown>;
}
