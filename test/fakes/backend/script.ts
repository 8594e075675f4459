// The script of the fake OpenAI server: the steps a test queues to decide how each chat request is answered.

import type { FaultStep } from '../loopback/index.ts';

/** Token counts the fake reports, in wire spelling. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** One tool call the fake answers with. */
export interface FakeToolCall {
  /** The call id; `undefined` gets a counter id (`call_fake_N`), `null` leaves it out of the wire, like some servers do. */
  id?: string | null;
  name: string;
  /** The arguments exactly as sent; streaming splits them across several fragments. */
  arguments: string;
}

/** How a step is delivered: timing, transport and faults. Every field is optional. */
export interface StepDelivery {
  /** Wait this long before sending the response headers. */
  delayMs?: number;
  /** Wait this long before each stream frame after the first. */
  chunkDelayMs?: number;
  /** Force streaming (`true`) or a plain JSON body (`false`) whatever the request's `stream` says. */
  stream?: boolean;
  /** Stream only: destroy the socket after this many frames (0 = right after the headers). */
  dropAfterFrames?: number;
  /** Stream only: go silent after this many frames (0 = right after the headers) until the client leaves or the fake closes. */
  hangAfterFrames?: number;
}

/** Answer with assistant text. */
export interface TextStep extends StepDelivery {
  kind: 'text';
  /** The whole text, streamed word by word; or the exact stream pieces, joined for a plain body. */
  text: string | string[];
  /** A reasoning model's thinking, sent as `reasoning_content` before the text. */
  reasoning?: string;
  /** Defaults to `stop`; `null` sends no finish reason at all. */
  finishReason?: string | null;
  /** Reported in a plain body, and in a stream's usage chunk when the request asked for one. */
  usage?: FakeUsage;
}

/** Answer with tool calls (and optional text before them). */
export interface ToolCallsStep extends StepDelivery {
  kind: 'tool-calls';
  calls: FakeToolCall[];
  content?: string;
  /** Defaults to `tool_calls`; `null` sends no finish reason at all. */
  finishReason?: string | null;
  usage?: FakeUsage;
  /** How many fragments each call's arguments are split into when streaming (default 3). */
  argumentFragments?: number;
}

/** Stream exactly these SSE data payloads and nothing else (no automatic `[DONE]`), to imitate odd servers. */
export interface RawStreamStep extends Omit<StepDelivery, 'stream'> {
  kind: 'raw-stream';
  /** Each entry becomes one `data:` event: strings verbatim (e.g. `[DONE]`, broken JSON), anything else as JSON. */
  data: unknown[];
}

/** How the fake answers one `POST /v1/chat/completions`. */
export type FakeStep = TextStep | ToolCallsStep | RawStreamStep | FaultStep;
