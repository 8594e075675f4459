// The script of the fake Ollama server: the steps a test queues to decide how each chat or embed request is answered.

import type { FaultStep, LineDelivery } from '../loopback/index.ts';

/** Token counts the fake reports on its final line; `undefined` fields are left out of the wire, like a cached prompt. */
export interface FakeOllamaCounts {
  prompt_eval_count?: number;
  eval_count?: number;
}

/** How a chat step is delivered. Every field is optional. */
export interface ChatDelivery extends LineDelivery {
  /** Wait this long before sending the response headers. */
  delayMs?: number;
  /** Force streaming (`true`) or one JSON body (`false`) whatever the request's `stream` says. */
  stream?: boolean;
}

/** Answer with assistant text. */
export interface ChatTextStep extends ChatDelivery {
  kind: 'text';
  /** The whole text, streamed word by word; or the exact stream pieces, joined for one body. */
  text: string | string[];
  /** A thinking model's thoughts (`message.thinking`), streamed before the text. */
  thinking?: string;
  /** Defaults to `stop`. */
  doneReason?: string;
  /** Defaults to {@link DEFAULT_COUNTS}. */
  counts?: FakeOllamaCounts;
}

/** One tool call the fake answers with, in Ollama's shape: arguments are an object. */
export interface FakeOllamaToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Sent as the call's `id`, as newer Ollama versions do; left out when absent. */
  id?: string;
}

/** Answer with tool calls (and optional text before them). */
export interface ChatToolCallsStep extends ChatDelivery {
  kind: 'tool-calls';
  calls: FakeOllamaToolCall[];
  content?: string;
  /** Streaming: one line per call (default), or all calls in one line. */
  callsPerLine?: 'one' | 'all';
  /** Defaults to `stop`, as Ollama reports it after tool calls. */
  doneReason?: string;
  counts?: FakeOllamaCounts;
}

/** Stream exactly these NDJSON lines and nothing else (no automatic `done` line), to imitate odd servers. */
export interface RawLinesStep extends LineDelivery {
  kind: 'raw-lines';
  /** Each entry becomes one line: strings verbatim (e.g. broken JSON), anything else as JSON. */
  lines: unknown[];
}

/** Stream these pieces verbatim, no newline added, each in its own write: lines (or characters) split across network chunks. */
export interface RawChunksStep extends LineDelivery {
  kind: 'raw-chunks';
  chunks: (string | Uint8Array)[];
}

/** How the fake answers one `POST /api/chat`. */
export type OllamaChatStep = ChatTextStep | ChatToolCallsStep | RawLinesStep | RawChunksStep | FaultStep;

/** Answer `/api/embed` with these vectors instead of the computed ones (e.g. a wrong count). */
export interface EmbedVectorsStep {
  kind: 'vectors';
  vectors: number[][];
  delayMs?: number;
}

/** How the fake answers one `POST /api/embed`. */
export type OllamaEmbedStep = EmbedVectorsStep | FaultStep;

/** The counts reported when a step sets none. */
export const DEFAULT_COUNTS: Required<FakeOllamaCounts> = { prompt_eval_count: 21, eval_count: 7 };
