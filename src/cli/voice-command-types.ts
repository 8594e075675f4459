// What `hearth voice` is asked to do: where Home Assistant is, and a run (services/' VoiceRun), the pipelines or a bench.

import type { VoiceRun } from '../services/index.ts';

export type { VoiceEndStage, VoiceRun, VoiceStartStage } from '../services/index.ts';

/** Where `hearth voice` reaches Home Assistant: an address (token in HASS_TOKEN) or a stored connection. */
export type VoiceTarget = { url: string } | { connection: string };

/** `hearth voice …`: run the Assist pipeline, list pipelines, or measure one. */
export type VoiceCommand = {
  kind: 'voice';
  target: VoiceTarget;
  isJson: boolean;
  pipeline?: string;
  configPath?: string;
} & (VoiceRun | { action: 'pipelines' } | { action: 'bench'; file: string });

/**
 * The exit codes of the contract: 2 is a run that ended without what was asked (a pipeline error, or no audio saved),
 * 3 a connection that failed, was refused, or stopped answering.
 */
export const VOICE_EXIT = { done: 0, usage: 1, noResult: 2, connection: 3 } as const;
