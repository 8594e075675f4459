// The tools of an Ollama request, both ways: its function tools as our tool definitions, and ours as its.

import { definedProps, HearthError } from '../common/index.ts';
import type { ToolDefinition } from '../conversation/index.ts';
import type { OllamaChatRequest } from './request-schema.ts';

/** A request's tools as our definitions; a name offered twice is refused, naming the second. */
export function decodeOllamaTools(tools: OllamaChatRequest['tools']): ToolDefinition[] {
  const seen = new Set<string>();
  return (tools ?? []).map((tool, index) => {
    const { name, description, parameters } = tool.function;
    if (seen.has(name)) {
      throw new HearthError('DUPLICATE_TOOL', `tool '${name}' is offered twice`, {
        param: `tools[${index}].function.name`,
      });
    }
    seen.add(name);
    return {
      name,
      ...(description === undefined ? {} : { description }),
      ...(parameters === undefined ? {} : { parameters }),
    };
  });
}

/** Our definition as an Ollama function tool. */
export function encodeOllamaTool(tool: ToolDefinition): Record<string, unknown> {
  return {
    type: 'function',
    function: definedProps({
      name: tool.name,
      description: tool.description,
      // Ollama's chat templates render the schema, so an absent one is sent as an empty object schema.
      parameters: tool.parameters ?? { type: 'object', properties: {} },
    }),
  };
}
