// Every tool of the add-on, in the order a model sees them. Adding a tool is one file in catalog/ and one line here.

import { callPhysicalServiceTool } from './catalog/call-physical-service.ts';
import { callServiceTool } from './catalog/call-service.ts';
import { getConfigTool } from './catalog/get-config.ts';
import { getHistoryTool } from './catalog/get-history.ts';
import { getLogbookTool } from './catalog/get-logbook.ts';
import { getStateTool } from './catalog/get-state.ts';
import { listAreasTool } from './catalog/list-areas.ts';
import { listServicesTool } from './catalog/list-services.ts';
import { searchEntitiesTool } from './catalog/search-entities.ts';
import type { ToolDefinition } from './tool.ts';

/** The catalog. There is deliberately no tool that renders a template, fires an event or sets a state. */
export const TOOLS: readonly ToolDefinition[] = Object.freeze([
  getConfigTool,
  listAreasTool,
  searchEntitiesTool,
  getStateTool,
  getHistoryTool,
  getLogbookTool,
  listServicesTool,
  callServiceTool,
  callPhysicalServiceTool,
] as ToolDefinition[]);
