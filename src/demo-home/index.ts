// The synthetic-home generator's public API: homes, HA's prompt, tools and request bodies, and the YAML emitter.

/** The home model: areas, entities and attribute values. */
export type { Area, AttributeValue, Entity, Home } from './home-model.ts';
/** Generates a realistic home from a seed. */
export { generateHome, type GenerateHomeOptions, type HomeStressOptions } from './home.ts';
/** The product's fixed demo home. */
export { DEMO_HOME } from './demo-home.ts';
/** The small home of the shared HA request fixtures. */
export { FIXTURE_HOME } from './fixture-home.ts';
/** The HA era and tool-name prefix style to imitate. */
export type { HaEra, ToolPrefixStyle } from './ha-dialect.ts';
/** Renders HA's system message for a home. */
export { renderSystemPrompt, type SystemPromptOptions } from './system-prompt.ts';
/** HA's local time as the date line renders it. */
export type { LocalDateTime } from './prompt-text.ts';
/** The list HA dumps as the overview YAML, and HA's name order (Python's `str` ordering). */
export { compareCodePoints, overviewItems } from './exposed-entities.ts';
/** Renders the GetLiveContext tool result for a home. */
export { renderLiveContext, renderLiveContextText } from './live-context.ts';
/** Builds HA's tool list for a home. */
export { buildHaTools, type HaToolsOptions, type OpenAiTool } from './tools.ts';
/** Builds request bodies as HA's clients send them, and the round after a tool call. */
export {
  buildHaRequest,
  buildToolFollowUp,
  type HaChatMessage,
  type HaChatRequest,
  type HaClient,
  type HaRequestOptions,
  type HaToolCall,
  type TextPart,
  type ToolRound,
} from './request.ts';
/** Tool results HA sends back to the model. */
export { actionDoneResult, dateTimeResult } from './tool-results.ts';
/** The PyYAML-compatible YAML emitter HA's prompt is written with. */
export {
  dumpHaYaml,
  dumpYaml,
  type YamlDumpOptions,
  type YamlMapping,
  type YamlScalar,
  type YamlValue,
} from './yaml-dump.ts';
/** Which YAML emitter to imitate. */
export type { YamlFlavor } from './yaml-scalar-style.ts';
/** Python-typed floats. */
export { PyFloat, pyFloat } from './py-float.ts';
/** Python's `json.dumps` with default options. */
export { pyJsonDumps, type PyJsonValue } from './py-json.ts';
/** JSON value types of tool schemas. */
export type { JsonObject, JsonValue } from './json-value.ts';
/** A seeded PRNG (mulberry32). */
export { createRandom, type Random } from './prng.ts';
