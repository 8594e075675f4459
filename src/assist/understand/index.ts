// Understanding a Home Assistant request: catalogue, prompt facts, offered tools, history and tool results.
export {
  DEFAULT_DETERMINISTIC_LIMITS,
  overDeterministicLimit,
  overLimitError,
  systemTextOf,
  understandRequest,
  type DeterministicLimits,
  type FloorAreas,
  type HaRequest,
  type OverLimit,
} from './ha-request.ts';
export {
  createCatalogCache,
  createCatalogMemo,
  createLruCache,
  type CatalogCache,
  type CatalogMemo,
  type LruCache,
} from './catalog-cache.ts';
export { readSystemPrompt, type SystemFacts, type UnderstandCaches } from './system-prompt.ts';
/** The types of a request's catalogue and tool results, as homeassistant/request reads them; the steps talk in these. */
export type {
  AttributeValue,
  CatalogArea,
  CatalogEntity,
  EntityCatalog,
  IntentTarget,
  ToolResult,
} from '../../homeassistant/request/index.ts';
export { canonicalToolName, readOfferedTools, findTool, type OfferedTool } from './offered-tools.ts';
export { readHistory, type History, type HistoryEntry, type ToolRound, type ToolRoundCall } from './history.ts';
export { readHaContext, withAliases, HaContextSchema, type AliasedCatalogs, type HaContext } from './ha-context.ts';
export { readAnswerForm, type AnswerForm, type AskedForm } from './answer-form.ts';
export { ANSWER_FORM_PHRASES, type AnswerFormPhrases } from './answer-form-phrases.ts';
export { carriesHomeAssistantContext } from './home-assistant-context.ts';
