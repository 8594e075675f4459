// The product's services: what combines storage, the tools, Home Assistant's clients, HA-Assist and the backends
// (the connections and their readers, the limits file, readiness, the page's playground, `hearth voice`'s runs).
// Only cli/ imports it.

export {
  type ConnectionAdminOptions,
  createConnectionAdmin,
  type OpenReader,
  openSaved,
  type ReaderTarget,
  savedTarget,
} from './connection-admin.ts';
export { type DataFolderOwner, ownDataFolder } from './data-folder-owner.ts';
export { type ExplanationSummary, explainRounds, type PromptSummary, summarise } from './explain-sentence.ts';
export { exposureWarning, isLoopbackHost } from './exposure.ts';
export { markDeadWorkerCalls, markLeftInFlight } from './left-in-flight.ts';
export { type LimitsFileOptions, openLimitsFile, tooLarge, writeDefaultLimits } from './limits-file.ts';
export { observedBackend } from './observed-backend.ts';
export { observedJournal } from './observed-journal.ts';
export { observedTurns } from './observed-turns.ts';
export { type DiscoveredModel, discoverOllama, type OllamaDiscovery, readOllamaModels } from './ollama-models.ts';
export { type OwnerAdmin, type OwnerAnswer, ownerAdmin, ownerRefusal } from './owner-admin.ts';
export {
  type ConnectionChange,
  changeConnectionThroughOwner,
  decideThroughOwner,
  type OwnerOutcome,
  type OwnerRun,
  savePolicyThroughOwner,
} from './owner-changes.ts';
export { buildPageServices, type PageParts } from './page-services.ts';
export { sentenceTurn } from './sentence-turn.ts';
export {
  createReadiness,
  READINESS_TIMEOUT_MS,
  type ReadinessBackend,
  type ReadinessConnections,
} from './readiness.ts';
export {
  type CheckedFolder,
  createStorageChecks,
  loggedChecks,
  type StorageCheck,
} from './storage-checks.ts';
export { createToolConnections, type ToolConnections } from './tool-connections.ts';
export { type AudioIo, streamAudio } from './voice-audio.ts';
export { type BenchIo, readBenchSentences, runVoiceBench } from './voice-bench.ts';
export { findRecorder, type Microphone, type Recorder, startMicrophone } from './voice-microphone.ts';
export { printPipelines } from './voice-pipelines.ts';
export { type PlannedRun, runVoicePlan, type VoiceRunIo, type VoiceRunOutcome } from './voice-run.ts';
export { type AudioSource, planRun, type RunPlan } from './voice-run-plan.ts';
export type { VoiceEndStage, VoiceRun, VoiceStartStage } from './voice-run-types.ts';
export { DOWNLOAD_TIMEOUT_MS, type SaveOutcome, saveSpeech } from './voice-save-audio.ts';
export { STAGES, stageTimings, summarize, type TimedEvent } from './voice-timings.ts';
