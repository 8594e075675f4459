// The product's services: what combines storage, the tools, Home Assistant's clients, HA-Assist and the backends
// (the connections and their readers, the limits file, readiness, the page's playground, `hearth voice`'s runs).
// Only cli/ imports it.

export { createConnectionAdmin, type OpenReader, type ReaderTarget, savedTarget } from './connection-admin.ts';
export { type DataFolderOwner, ownDataFolder } from './data-folder-owner.ts';
export { explainRounds, summarise } from './explain-sentence.ts';
export { exposureWarning, isLoopbackHost } from './exposure.ts';
export { markDeadWorkerCalls, markLeftInFlight } from './left-in-flight.ts';
export { openLimitsFile, tooLarge, writeDefaultLimits } from './limits-file.ts';
export { observedBackend } from './observed-backend.ts';
export { observedJournal } from './observed-journal.ts';
export { observedTurns } from './observed-turns.ts';
export { type DiscoveredModel, discoverOllama, type OllamaDiscovery, readOllamaModels } from './ollama-models.ts';
export { type OwnerAdmin, type OwnerAnswer, ownerAdmin } from './owner-admin.ts';
export { changeConnectionThroughOwner, decideThroughOwner, savePolicyThroughOwner } from './owner-changes.ts';
export { buildPageServices } from './page-services.ts';
export { sentenceTurn } from './sentence-turn.ts';
export { createReadiness, type ReadinessBackend, type ReadinessConnections } from './readiness.ts';
export { createStorageChecks, loggedChecks } from './storage-checks.ts';
export { createToolConnections } from './tool-connections.ts';
export { readBenchSentences, runVoiceBench } from './voice-bench.ts';
export { printPipelines } from './voice-pipelines.ts';
export { type PlannedRun, runVoicePlan } from './voice-run.ts';
export { planRun } from './voice-run-plan.ts';
export type { VoiceEndStage, VoiceRun, VoiceStartStage } from './voice-run-types.ts';
export { saveSpeech } from './voice-save-audio.ts';
export { stageTimings, summarize, type TimedEvent } from './voice-timings.ts';
