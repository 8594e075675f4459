// Understanding a Home Assistant request: catalogue, prompt facts, offered tools, history and tool results.
export { systemTextOf, understandRequest, type FloorAreas, type HaRequest } from './ha-request.ts';
export { createCatalogCache, createLruCache, type CatalogCache, type LruCache } from './catalog-cache.ts';
export { readSystemPrompt, type SystemFacts, type UnderstandCaches } from './system-prompt.ts';
export {
  createCatalog,
  splitNameList,
  type CatalogEntity,
  type CatalogArea,
  type EntityCatalog,
  type AttributeValue,
  type CatalogSource,
} from './catalog.ts';
export { readStaticContext, extractOverviewYaml, OVERVIEW_HEADER, type StaticContextResult } from './static-context.ts';
export { parseEntityYaml } from './entity-yaml.ts';
export { readExtendedDevices } from './extended-devices.ts';
export { readDateTime, readSatelliteArea, type PromptDateTime, type SatelliteArea } from './prompt-lines.ts';
export { canonicalToolName, readOfferedTools, findTool, type OfferedTool } from './offered-tools.ts';
export {
  readToolResult,
  type ToolResult,
  type ToolResultBody,
  type IntentTarget,
  type ResultEncoding,
} from './tool-result.ts';
export { readHistory, type History, type HistoryEntry, type ToolRound, type ToolRoundCall } from './history.ts';
export { parsePythonLiteral } from './python-literal.ts';
export { readHaContext, withAliases, HaContextSchema, type HaContext } from './ha-context.ts';
