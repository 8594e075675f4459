// What to generate for a turn: the chat history, the tool-use rules and the grammar the output must follow.

import type { ChatHistoryItem, GbnfJsonSchema } from 'node-llama-cpp';
import { HearthError, isRecord } from '../../common/index.ts';
import type { Turn } from '../../conversation/index.ts';
import { chatHistoryOf } from './chat-history.ts';
import { ANY_JSON, toGbnfSchema } from './gbnf-schema.ts';
import { toolGrammarSchema, toolUseOf, type ToolUse } from './tool-grammar.ts';

/** The generation a turn asks for. */
export interface GenerationPlan {
  history: ChatHistoryItem[];
  /** Set when the model answers in the tool JSON; the output is then parsed, not passed on. */
  use: ToolUse | undefined;
  /** The grammar's schema: the tool JSON, a `response_format`, or none for free text. */
  schema: GbnfJsonSchema | undefined;
}

/**
 * Plans a turn. Tools take precedence over `response_format`: with tools in play the text answer is
 * a free string inside the tool JSON. Everything here is checked before generation, so a stream fails
 * before its first delta.
 */
export function planGeneration(turn: Turn, backend: string): GenerationPlan {
  const use = toolUseOf(turn, backend);
  const history = chatHistoryOf(turn, use, backend);
  const schema = use !== undefined ? toolGrammarSchema(use) : responseFormatSchema(turn.responseFormat, backend);
  return { history, use, schema };
}

/** OpenAI's `response_format` as a grammar schema: `json_object` is any object, `json_schema` its schema. */
function responseFormatSchema(
  format: Record<string, unknown> | undefined,
  backend: string,
): GbnfJsonSchema | undefined {
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'object', additionalProperties: true };
  if (format.type === 'json_schema') {
    const spec = format.json_schema;
    const schema = isRecord(spec) ? spec.schema : undefined;
    return schema === undefined ? ANY_JSON : toGbnfSchema(schema);
  }
  throw new HearthError(
    'UNSUPPORTED_PARAMETER',
    `Backend '${backend}' does not support response_format type '${String(format.type)}'.`,
    { param: 'response_format.type' },
  );
}
