// Home Assistant's conversation request, both ways: reading what HA sends, and writing it as HA would.

/** The entity and area catalogue read from a request. */
export {
  createCatalog,
  type AttributeValue,
  type CatalogArea,
  type CatalogEntity,
  type EntityCatalog,
} from './entities/catalog.ts';
/** Reads the Static Context overview of a system prompt as a catalogue. */
export { readStaticContext } from './prompt/static-context.ts';
/** The bounds on a client's entity YAML (nesting, alias expansion), and their defaults. */
export { DEFAULT_ENTITY_YAML_LIMITS, type EntityYamlLimits } from './entities/entity-yaml.ts';
/** Reads Extended OpenAI Conversation's device CSV as a catalogue. */
export { readExtendedDevices } from './prompt/extended-devices.ts';
/** Reads the date/time and satellite-area sentences of a system prompt. */
export { readDateTime, readSatelliteArea, type PromptDateTime, type SatelliteArea } from './prompt/prompt-lines.ts';
/** Classifies a tool message's content: intent response, Live Context, success, failure or text. */
export { readToolResult, type IntentTarget, type ToolResult } from './tools/tool-result.ts';

/** The home model the writers render: areas and exposed entities with their state. */
export type { Area, Entity, Home, HomeAttributeValue } from './entities/home-model.ts';
/** The list HA dumps as the overview YAML, and HA's name order (Python's `str` ordering). */
export { compareCodePoints, overviewItems } from './entities/exposed-entities.ts';
/** The HA era and tool-name prefix style to imitate. */
export type { HaEra, ToolPrefixStyle } from './ha-dialect.ts';
/** Builds request bodies as HA's clients send them, and the round after a tool call. */
export {
  buildHaRequest,
  buildToolFollowUp,
  type HaChatMessage,
  type HaChatRequest,
  type HaClient,
} from './request.ts';
/** Renders the GetLiveContext tool result for a home. */
export { renderLiveContext } from './tools/live-context.ts';
/** Tool results HA sends back to the model. */
export { actionDoneResult, dateTimeResult } from './tools/tool-result-values.ts';
/** The PyYAML-compatible YAML emitter HA's prompt is written with. */
export { dumpHaYaml, dumpYaml } from './yaml/yaml-dump.ts';
/** Which YAML emitter to imitate. */
export type { YamlFlavor } from './yaml/yaml-scalar-style.ts';
/** Python-typed floats, which YAML and JSON print as `21.0`. */
export { PyFloat, pyFloat } from './python/py-float.ts';
