// The conversation history of a request: user and assistant turns, and tool rounds with their results paired.

import { definedProps, parseJsonObject } from '../../common/index.ts';
import { textOf, type Message } from '../../conversation/index.ts';
import { canonicalToolName } from './offered-tools.ts';
import type { LruCache } from './catalog-cache.ts';
import { type EntityYamlLimits, readToolResult, type ToolResult } from '../../homeassistant/request/index.ts';

/** One call of a tool round and, once the client ran it, its result. */
export interface ToolRoundCall {
  id: string;
  /** The name as the assistant message has it. */
  name: string;
  canonicalName: string;
  /** The arguments text exactly as re-sent. */
  rawArguments: string;
  /** The arguments as an object; undefined when they are not a JSON object. */
  arguments: Record<string, unknown> | undefined;
  /** The tool message answering this call (its index in `messages`), if there is one yet. */
  result?: { index: number; result: ToolResult };
}

/** An assistant message that called tools, with its calls. */
export interface ToolRound {
  /** Index of the assistant message in `messages`. */
  index: number;
  /** Text the assistant said alongside the calls. */
  text: string;
  calls: ToolRoundCall[];
}

/** One step of the conversation, pointing back to its message index. */
export type HistoryEntry =
  | { kind: 'user'; index: number; text: string; imageCount: number }
  | { kind: 'assistant'; index: number; text: string }
  | { kind: 'tool-round'; round: ToolRound };

/** The structured history of a request. */
export interface History {
  entries: HistoryEntry[];
  /** Index of the last user message (the current turn starts there); -1 when there is none. */
  currentUserIndex: number;
  /** Tool rounds after the last user message: the active tool exchange that must stay together. */
  activeRounds: ToolRound[];
  /** Indexes of tool messages that answer no known call. */
  orphanResults: number[];
}

/** Tool results at least this long are kept parsed: a GetLiveContext result is re-sent on every later round. */
const CACHED_RESULT_CHARS = 4096;

/** How to read the history: a cache of long tool results, and the limits of a Live Context's entity YAML. */
export interface HistoryOptions {
  results?: LruCache<ToolResult>;
  yamlLimits?: EntityYamlLimits;
}

/**
 * Builds the history; tool results pair by `tool_call_id`, or in call order when ids are absent (Ollama).
 * Long results are read through `results` when given (their parse is shared and must not be mutated).
 */
export function readHistory(messages: readonly Message[], options: HistoryOptions = {}): History {
  const entries: HistoryEntry[] = [];
  const orphanResults: number[] = [];
  let currentUserIndex = -1;
  let lastRound: ToolRound | undefined;
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
      case 'developer':
        return;
      case 'user':
        currentUserIndex = index;
        entries.push({ kind: 'user', index, text: textOf(message.content), imageCount: countImages(message) });
        return;
      case 'assistant':
        if (message.toolCalls.length === 0) {
          entries.push({ kind: 'assistant', index, text: textOf(message.content) });
          return;
        }
        lastRound = { index, text: textOf(message.content), calls: message.toolCalls.map(readCall) };
        entries.push({ kind: 'tool-round', round: lastRound });
        return;
      case 'tool': {
        const call = lastRound === undefined ? undefined : matchCall(lastRound, message.toolCallId);
        if (call === undefined) orphanResults.push(index);
        else call.result = { index, result: readResult(textOf(message.content), options) };
      }
    }
  });
  const activeRounds = entries
    .filter(
      (entry): entry is HistoryEntry & { kind: 'tool-round' } =>
        entry.kind === 'tool-round' && entry.round.index > currentUserIndex,
    )
    .map((entry) => entry.round);
  return { entries, currentUserIndex, activeRounds, orphanResults };
}

function readResult(text: string, options: HistoryOptions): ToolResult {
  const { results } = options;
  const read = () => readToolResult(text, definedProps({ yamlLimits: options.yamlLimits }));
  if (results === undefined || text.length < CACHED_RESULT_CHARS) return read();
  const cached = results.get(text);
  if (cached !== undefined) return cached;
  const result = read();
  results.set(text, result);
  return result;
}

function readCall(call: { id: string; name: string; arguments: string }): ToolRoundCall {
  return {
    id: call.id,
    name: call.name,
    canonicalName: canonicalToolName(call.name),
    rawArguments: call.arguments,
    arguments: parseJsonObject(call.arguments),
  };
}

function matchCall(round: ToolRound, toolCallId: string | undefined): ToolRoundCall | undefined {
  if (toolCallId === undefined) return round.calls.find((call) => call.result === undefined);
  return round.calls.find((call) => call.id === toolCallId && call.result === undefined);
}

function countImages(message: Message): number {
  return Array.isArray(message.content) ? message.content.filter((part) => part.kind === 'image').length : 0;
}
