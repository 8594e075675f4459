// HA-Assist, the virtual model: the boundary, the pipeline and its settings.
export { createChatService, HA_ASSIST_MODEL, type ChatService, type PhysicalModel } from './boundary.ts';
export { createHaAssist } from './pipeline.ts';
export type { HaAssist, Explanation } from './ha-assist.ts';
export { DEFAULT_ASSIST_SETTINGS, assistSettingsOf, type AssistSettings } from './settings.ts';
export { ASSIST_SETTING_ROWS, type SettingRow } from './settings-table.ts';
export {
  ASSIST_SETTING_KEYS,
  ASSIST_SETTING_DEFAULTS,
  MODEL_SETTING_KEYS,
  type AssistSettingKey,
} from './settings-values.ts';
export { AssistSettingsConfigSchema, rangeSchema, intRangeSchema } from './settings-schema.ts';
export { createRecentTurns, type RecentTurn, type RecentTurns } from './recent-turns.ts';
export { countPromptTokens } from './steps/budget-tokens.ts';
export { createHomeListsCache } from './home-lists.ts';
export { createAssistCaches, type AssistCaches } from './caches.ts';
export { createToolSchemaValidator } from './tool-schema.ts';
export { loadBuiltInGrammar } from './grammar/index.ts';
export { toWireMetrics } from './diagnostics/index.ts';
export { createPendingConfirmations } from './steps/confirm/index.ts';
export { detectRequestType, type RequestType } from './steps/detect-request-type.ts';
export * from './understand/index.ts';
