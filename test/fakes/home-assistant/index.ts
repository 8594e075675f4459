// The fake Home Assistant: a REST and WebSocket server over a fixture home, and a fake of its conversation agent.

export { createSimulatedHome, type SimulatedHome } from './simulated-home.ts';
export { runConversation, type ConversationTurn, type ConversationOptions } from './conversation.ts';
export { startFakeHomeAssistant, type FakeHomeAssistant } from './server.ts';
export { FAKE_TTS_AUDIO } from './rest.ts';
export type { FakeHomeAssistantOptions, ResolvedOptions, TemplateErrorRule } from './context.ts';
export {
  type AssistPipeline,
  type AssistScript,
  DEFAULT_PIPELINE,
  type IntentScript,
  type IntentTarget,
  type PipelineStage,
} from './assist-script.ts';
export { featuresFor, type HaFeatures } from './features.ts';
export type {
  AreaEntry,
  DeviceEntry,
  EntityEntry,
  FakeHome,
  FixtureState,
  FloorEntry,
  HaContext,
  HaState,
  HomeFixture,
  LabelEntry,
  LogbookEvent,
  RecordedContext,
  RecordedState,
  ServiceDescription,
  ServiceSpec,
  StateChange,
} from './home.ts';
export type {
  FakeHaLog,
  RecordedBinaryFrame,
  RecordedFrame,
  RecordedPipelineRun,
  RecordedHttpRequest,
  RecordedServiceCall,
  RecordedTemplate,
} from './log.ts';
export { SERVICE_EFFECTS, type EntityState, type ServiceEffect } from './service-effects.ts';
export { createRegistryView, type RegistryView } from './membership.ts';
export type {
  AreaChange,
  DeviceChange,
  EntityChange,
  FakeRegistries,
  LabelChange,
  RegistryEvent,
} from './registry-changes.ts';
export { renderTemplate, type TemplateOutcome } from './templates.ts';
export { isoTime } from './ha-time.ts';
export {
  ADMIN_TOKEN,
  ALEX_USER_ID,
  AREAS,
  CAMERA_ACCESS_TOKEN,
  DEVICES,
  ENTITIES,
  FAKE_CONFIG,
  FIXTURE_NOW,
  FIXTURE_TOKENS,
  FLOORS,
  HA_VERSIONS,
  HISTORY,
  HOME_LOCATION,
  INJECTED_LIGHT_NAME,
  LABELS,
  LOGBOOK,
  LOGBOOK_INJECTIONS,
  LONG_DIGEST,
  MODERN_HA_VERSION,
  MODERN_HOME,
  NOTABLE_ENTITIES,
  OFFICE_TEMPERATURE_ATTRIBUTES,
  OFFICE_TEMPERATURE_READINGS,
  SERVICES,
  STATES,
  USER_TOKEN,
} from './fixtures/index.ts';
