// The tools as the model sees them: Home Assistant's own, with long descriptions shortened and unusable options left out.

import { isRecord } from '../../common/index.ts';
import type { ToolDefinition } from '../../conversation/index.ts';
import { summaryOfTool } from '../intent-table.ts';
import { canonicalToolName } from '../understand/index.ts';

/** Optional arguments of Home Assistant's intent tools that name no device: device classes, and floors when none is known. */
const DROPPABLE = ['device_class', 'floor'] as const;

/**
 * `tool` as the model is shown it. Optional `device_class` is left out (names, areas and domains say
 * more), and so is `floor` when the request names no floors; a required property is never removed. The
 * model's calls are still checked against Home Assistant's full schema.
 */
export function toolView(tool: ToolDefinition, knowsFloors: boolean): ToolDefinition {
  const canonical = canonicalToolName(tool.name);
  // Home Assistant's own descriptions run to a few hundred tokens (GetLiveContext alone ~150).
  const description = summaryOfTool(canonical) ?? tool.description;
  const view: ToolDefinition = { ...tool, ...(description === undefined ? {} : { description }) };
  const parameters = tool.parameters;
  if (parameters === undefined || !isRecord(parameters.properties)) return view;
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  const drop = DROPPABLE.filter(
    (key) => key in (parameters.properties as object) && !required.includes(key) && (key !== 'floor' || !knowsFloors),
  );
  if (drop.length === 0) return view;
  const properties = Object.fromEntries(
    Object.entries(parameters.properties).filter(([key]) => !(drop as readonly string[]).includes(key)),
  );
  return { ...view, parameters: { ...parameters, properties } };
}
