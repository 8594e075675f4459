// The JSON shape a model must answer in when tools are offered: a text answer or tool calls, as a grammar schema.

import type { GbnfJsonSchema } from 'node-llama-cpp';
import { HearthError } from '../../common/index.ts';
import type { ToolDefinition, Turn } from '../../conversation/index.ts';
import { toGbnfSchema } from './gbnf-schema.ts';

/** The tool-use rules of one turn, as the prompt and the grammar need them. */
export interface ToolUse {
  /** The tools the model may call (all offered ones, or only the one `toolChoice` names). */
  tools: ToolDefinition[];
  /** Whether a text answer (`{"answer": …}`) is allowed instead of tool calls. */
  allowsAnswer: boolean;
  /** Whether more than one call may be made in one reply. */
  allowsParallel: boolean;
}

/** The tool-use rules of a turn, or undefined when the model answers in plain text (no tools, or `toolChoice: 'none'`). */
export function toolUseOf(turn: Turn, backend: string): ToolUse | undefined {
  const choice = turn.toolChoice ?? 'auto';
  if (turn.tools.length === 0 || choice === 'none') return undefined;
  const allowsParallel = turn.parallelToolCalls !== false;
  if (choice === 'auto' || choice === 'required')
    return { tools: turn.tools, allowsAnswer: choice === 'auto', allowsParallel };
  const named = turn.tools.filter((tool) => tool.name === choice.name);
  if (named.length === 0) {
    throw new HearthError(
      'INVALID_TOOL_CHOICE',
      `Backend '${backend}': tool_choice names '${choice.name}', which is not an offered tool.`,
      { param: 'tool_choice' },
    );
  }
  return { tools: named, allowsAnswer: false, allowsParallel };
}

/**
 * The grammar schema of an answer under `use`: `{"answer": string}` (when allowed) or
 * `{"tool_calls": [{"name": <an allowed tool>, "arguments": <its parameters>}, …]}` with at least one call.
 */
export function toolGrammarSchema(use: ToolUse): GbnfJsonSchema {
  const calls = use.tools.map(
    (tool): GbnfJsonSchema => ({
      type: 'object',
      properties: {
        name: { const: tool.name },
        arguments: toGbnfSchema(tool.parameters ?? { type: 'object', properties: {} }),
      },
    }),
  );
  const toolCalls: GbnfJsonSchema = {
    type: 'object',
    properties: {
      tool_calls: {
        type: 'array',
        items: calls.length === 1 ? calls[0]! : { oneOf: calls },
        minItems: 1,
        ...(use.allowsParallel ? {} : { maxItems: 1 }),
      },
    },
  };
  if (!use.allowsAnswer) return toolCalls;
  return { oneOf: [{ type: 'object', properties: { answer: { type: 'string' } } }, toolCalls] };
}
