// Decodes an OpenAI Responses request body into our `Turn` (the same one chat completions gives), or throws
// an error naming the field.
//
// hearth keeps no state between requests: whatever needs a stored response or conversation
// (`previous_response_id`, `conversation`, `background`, `item_reference` items) is refused with a 400 that
// says so, and `store` is accepted but nothing is stored (responses report `store: false`).

import { type CodeOfKind, fieldsOutside, HearthError } from '../../common/index.ts';
import type { Sampling, ToolChoice, ToolDefinition, Turn } from '../../conversation/index.ts';
import { parseRequest } from '../validation-error.ts';
import { decodeInput } from './decode-input.ts';
import { ResponsesRequestSchema, type ResponsesRequest } from './request-schema.ts';

/** Top-level fields this decoder interprets or drops (the schema's own); every other field goes to `Turn.extra`. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set(Object.keys(ResponsesRequestSchema.shape));

/** Fields that only make sense with state kept on the server, and what to send instead. */
const STATEFUL_FIELDS: readonly { field: string; isSet: (value: unknown) => boolean }[] = [
  { field: 'previous_response_id', isSet: (value) => value != null },
  { field: 'conversation', isSet: (value) => value != null },
  { field: 'background', isSet: (value) => value === true },
];

/** The request fields a response object echoes back, in wire spelling. */
export type ResponseEcho = Record<string, unknown>;

/** A decoded Responses request: the turn to answer and what the response echoes. */
export interface DecodedResponsesRequest {
  turn: Turn;
  echo: ResponseEcho;
}

/** Validates `body` and converts it to a `Turn`; throws an `invalid_request` error naming the bad field. */
export function decodeResponsesRequest(body: unknown): DecodedResponsesRequest {
  rejectUnsupported(body);
  const request = parseRequest(ResponsesRequestSchema, body);
  const tools = decodeTools(request);
  const stream = request.stream === true;
  const turn: Turn = {
    model: request.model,
    messages: decodeInput(request.instructions, request.input),
    tools,
    stream,
    // A Responses stream always ends with the usage, so ask the backend for it.
    includeUsage: stream,
    sampling: decodeSampling(request),
    extra: fieldsOutside(request, KNOWN_FIELDS),
  };
  const toolChoice = decodeToolChoice(request, tools);
  if (toolChoice !== undefined) turn.toolChoice = toolChoice;
  if (request.parallel_tool_calls != null) turn.parallelToolCalls = request.parallel_tool_calls;
  const responseFormat = decodeTextFormat(request);
  if (responseFormat !== undefined) turn.responseFormat = responseFormat;
  if (request.user !== undefined) turn.user = request.user;
  return { turn, echo: echoOf(request) };
}

function rejectUnsupported(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const fields = body as Record<string, unknown>;
  for (const { field, isSet } of STATEFUL_FIELDS) {
    if (isSet(fields[field])) {
      throw invalid(
        'UNSUPPORTED_PARAMETER',
        `'${field}' is not supported: hearth keeps no state between responses; send the whole conversation in 'input'.`,
        field,
      );
    }
  }
  if (Array.isArray(fields.input)) {
    fields.input.forEach((item: unknown, index) => {
      if (typeOf(item) === 'item_reference') {
        throw invalid(
          'UNSUPPORTED_PARAMETER',
          "'item_reference' items are not supported: hearth keeps no state between responses; send the item itself.",
          `input[${index}].type`,
        );
      }
    });
  }
  if (Array.isArray(fields.tools)) {
    fields.tools.forEach((tool: unknown, index) => {
      const type = typeOf(tool);
      if (typeof type === 'string' && type !== 'function') {
        throw invalid(
          'UNSUPPORTED_TOOL',
          `Tool type '${type}' is not supported: hearth offers function tools only.`,
          `tools[${index}].type`,
        );
      }
    });
  }
}

function typeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
}

function invalid(code: CodeOfKind<'invalid_request'>, message: string, param: string): HearthError {
  return new HearthError(code, message, { param });
}

function decodeTools(request: ResponsesRequest): ToolDefinition[] {
  const seen = new Set<string>();
  return (request.tools ?? []).map((tool, index) => {
    if (seen.has(tool.name)) {
      throw invalid('DUPLICATE_TOOL', `Tool name '${tool.name}' is offered twice.`, `tools[${index}].name`);
    }
    seen.add(tool.name);
    const definition: ToolDefinition = { name: tool.name };
    if (tool.description != null) definition.description = tool.description;
    if (tool.parameters != null) definition.parameters = tool.parameters;
    if (typeof tool.strict === 'boolean') definition.strict = tool.strict;
    return definition;
  });
}

function decodeToolChoice(request: ResponsesRequest, tools: ToolDefinition[]): ToolChoice | undefined {
  const choice = request.tool_choice;
  if (choice === undefined) return undefined;
  if (typeof choice === 'string') {
    if (choice === 'required' && tools.length === 0) {
      throw invalid('INVALID_TOOL_CHOICE', "tool_choice 'required' needs at least one tool in 'tools'.", 'tool_choice');
    }
    return choice;
  }
  if (!tools.some((tool) => tool.name === choice.name)) {
    throw invalid(
      'INVALID_TOOL_CHOICE',
      `tool_choice names '${choice.name}', which is not in 'tools'.`,
      'tool_choice.name',
    );
  }
  return { name: choice.name };
}

/** `text.format` in chat's `response_format` shape, which is what `Turn.responseFormat` carries. */
function decodeTextFormat(request: ResponsesRequest): Record<string, unknown> | undefined {
  const format = request.text?.format;
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  const { type, ...jsonSchema } = format;
  return { type, json_schema: jsonSchema };
}

function decodeSampling(request: ResponsesRequest): Sampling {
  const sampling: Sampling = {};
  if (request.max_output_tokens != null) sampling.maxTokens = request.max_output_tokens;
  if (request.temperature != null) sampling.temperature = request.temperature;
  if (request.top_p != null) sampling.topP = request.top_p;
  return sampling;
}

/** What the response object repeats of the request, with OpenAI's defaults for what was not sent. */
function echoOf(request: ResponsesRequest): ResponseEcho {
  return {
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    metadata: request.metadata ?? {},
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    store: false,
    temperature: request.temperature ?? null,
    text: { format: request.text?.format ?? { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: (request.tools ?? []).map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description ?? null,
      parameters: tool.parameters ?? null,
      strict: tool.strict ?? null,
    })),
    top_p: request.top_p ?? null,
    truncation: request.truncation ?? 'disabled',
    ...(request.user === undefined ? {} : { user: request.user }),
  };
}
