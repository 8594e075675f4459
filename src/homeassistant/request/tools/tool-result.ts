// Classifies the content of a tool message: an intent response, a Live Context, a success or failure, or text.

import { isRecord } from '../../../common/index.ts';
import { createCatalog, type EntityCatalog } from '../entities/catalog.ts';
import { DEFAULT_ENTITY_YAML_LIMITS, type EntityYamlLimits, parseEntityYaml } from '../entities/entity-yaml.ts';
import { parsePythonLiteral } from '../python/python-literal.ts';
import { OVERVIEW_HEADER } from '../prompt/prompt-text.ts';
import { extractOverviewYaml } from '../prompt/static-context.ts';

/** How the tool content was encoded. */
export type ResultEncoding = 'json' | 'python' | 'text';

/** An entry of an intent response's `success`/`failed`/`targets`. */
export interface IntentTarget {
  name: string;
  /** entity, area, floor, device, domain, device_class or custom. */
  type: string;
  id: string;
}

/** What a tool result says, as far as HA-Assist needs to know. */
export type ToolResultBody =
  /** HA's `IntentResponse.as_dict()`. */
  | {
      kind: 'intent-response';
      responseType: string;
      speech?: string;
      errorCode?: string;
      targets: IntentTarget[];
      success: IntentTarget[];
      failed: IntentTarget[];
    }
  /** A GetLiveContext result, parsed. */
  | { kind: 'live-context'; catalog: EntityCatalog }
  /** A `{"success": true, "result": …}` result of another tool. */
  | { kind: 'success'; result: unknown }
  /** Any failure: `{"success": false, "error"}`, `{"error", "error_text"}`, or a wrapper with `error: true`. */
  | { kind: 'failure'; message: string }
  /** Some other JSON or Python value. */
  | { kind: 'value'; value: unknown }
  /** Plain text, or a Live Context whose YAML could not be read. */
  | { kind: 'text'; text: string };

/** A classified tool result and how it was encoded. */
export interface ToolResult {
  encoding: ResultEncoding;
  body: ToolResultBody;
}

/** How to read a tool result: the limits of a Live Context's entity YAML (default `DEFAULT_ENTITY_YAML_LIMITS`). */
export interface ToolResultOptions {
  yamlLimits?: EntityYamlLimits;
}

/** Reads a tool message's text: JSON first, then Python repr (Extended OpenAI Conversation), else text. */
export function readToolResult(content: string, options: ToolResultOptions = {}): ToolResult {
  const limits = options.yamlLimits ?? DEFAULT_ENTITY_YAML_LIMITS;
  const trimmed = content.trim();
  const json = tryJson(trimmed);
  // A result nested deeper than any Home Assistant answer is read as plain text: classifying it would recurse that
  // deep (a tool message is a string, so the request body's own nesting limit does not reach inside it).
  if (json.ok)
    return {
      encoding: 'json',
      body: nestedTooDeep(json.value) ? { kind: 'text', text: content } : classify(json.value, limits),
    };
  const python = /^[[{(]/.test(trimmed) ? parsePythonLiteral(trimmed) : undefined;
  if (python !== undefined)
    return {
      encoding: 'python',
      body: nestedTooDeep(python) ? { kind: 'text', text: content } : classify(python, limits),
    };
  return { encoding: 'text', body: classifyText(content, limits) };
}

function classify(value: unknown, limits: EntityYamlLimits): ToolResultBody {
  if (!isRecord(value)) return { kind: 'value', value };
  // The ~2026.11+ wrapper: {"data": <result>, "error": <bool>}.
  if ('data' in value && typeof value.error === 'boolean' && Object.keys(value).length === 2) {
    if (value.error) return { kind: 'failure', message: describeFailure(value.data) };
    return classify(value.data, limits);
  }
  if (typeof value.response_type === 'string') return intentResponse(value);
  if (typeof value.success === 'boolean') {
    if (!value.success) return { kind: 'failure', message: describeFailure(value.error ?? value) };
    if (typeof value.result === 'string' && value.result.includes(OVERVIEW_HEADER))
      return classifyText(value.result, limits);
    return { kind: 'success', result: value.result ?? null };
  }
  if (typeof value.error === 'string') return { kind: 'failure', message: describeFailure(value) };
  return { kind: 'value', value };
}

function classifyText(text: string, limits: EntityYamlLimits): ToolResultBody {
  const yamlText = extractOverviewYaml(text, OVERVIEW_HEADER);
  if (yamlText === undefined) return { kind: 'text', text };
  const parsed = parseEntityYaml(yamlText, limits);
  return parsed.ok
    ? { kind: 'live-context', catalog: createCatalog('live-context', parsed.entities) }
    : { kind: 'text', text };
}

function intentResponse(value: Record<string, unknown>): ToolResultBody {
  const data = isRecord(value.data) ? value.data : {};
  const body: ToolResultBody & { kind: 'intent-response' } = {
    kind: 'intent-response',
    responseType: String(value.response_type),
    targets: targets(data.targets),
    success: targets(data.success),
    failed: targets(data.failed),
  };
  const speech = isRecord(value.speech) && isRecord(value.speech.plain) ? value.speech.plain.speech : undefined;
  if (typeof speech === 'string') body.speech = speech;
  if (typeof data.code === 'string') body.errorCode = data.code;
  return body;
}

function targets(value: unknown): IntentTarget[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((item) => ({ name: String(item.name ?? ''), type: String(item.type ?? ''), id: String(item.id ?? '') }));
}

function describeFailure(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value)) {
    const text = value.error_text ?? value.error ?? value.message;
    if (typeof text === 'string')
      return typeof value.error === 'string' && text !== value.error ? `${value.error}: ${text}` : text;
  }
  return JSON.stringify(value) ?? 'unknown error';
}

/** The deepest nesting of a tool result that is read as data: the request body's own limit. */
const MAX_RESULT_DEPTH = 64;

/** Whether `value` nests arrays or objects deeper than {@link MAX_RESULT_DEPTH}; walked without recursion. */
function nestedTooDeep(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_RESULT_DEPTH) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!/^[[{"]/.test(text)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
