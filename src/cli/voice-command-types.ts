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
