// The tools a request offers, with the canonical names we match on and the exact names we answer with.

import type { ToolDefinition } from '../../conversation/index.ts';

/** An offered tool: matched by `canonicalName`, always answered with the exact `name`. */
export interface OfferedTool {
  /** The name exactly as offered, e.g. `intent__HassTurnOn`. */
  readonly name: string;
  /** The name without prefixes, e.g. `HassTurnOn`. */
  readonly canonicalName: string;
  readonly description?: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/**
 * The canonical name: everything up to the last `__` (2026.9+ `intent__`, multi-API `assist__`, both
 * stacked) and a leading `assist.` (multi-API before ~2025.5) are removed.
 */
export function canonicalToolName(name: string): string {
  const cut = name.lastIndexOf('__');
  const tail = cut >= 0 && cut + 2 < name.length ? name.slice(cut + 2) : name;
  return tail.startsWith('assist.') ? tail.slice('assist.'.length) : tail;
}

/** The offered tools in request order. */
export function readOfferedTools(tools: readonly ToolDefinition[]): OfferedTool[] {
  return tools.map((tool) => {
    const offered: { -readonly [K in keyof OfferedTool]: OfferedTool[K] } = {
      name: tool.name,
      canonicalName: canonicalToolName(tool.name),
    };
    if (tool.description !== undefined) offered.description = tool.description;
    if (tool.parameters !== undefined) offered.parameters = tool.parameters;
    return offered;
  });
}

/** The offered tool whose canonical name is `canonicalName`, if any. */
export function findTool(tools: readonly OfferedTool[], canonicalName: string): OfferedTool | undefined {
  return tools.find((tool) => tool.canonicalName === canonicalName);
}
