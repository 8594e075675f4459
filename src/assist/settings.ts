// The HA-Assist settings (`settings.ha_assist_*` in the configuration), validated by cli/ before they arrive here.

import { DEFAULT_RETRIEVAL_SETTINGS, type RetrievalSettings } from './retrieval/index.ts';
import { DEFAULT_REPAIR_SETTINGS, type RepairSettings } from './steps/repair/index.ts';
import { DEFAULT_DETERMINISTIC_LIMITS, type DeterministicLimits } from './understand/index.ts';

/** HA-Assist's service settings. */
export interface AssistSettings {
  /** The enabled model that answers text turns needing generation (`settings.ha_assist_text_model`). */
  textModel?: string;
  /** The enabled model that answers image turns (`settings.ha_assist_vision_model`). */
  visionModel?: string;
  /** Maximum `GetLiveContext` reads after a verifiable action; 0 disables verification (0–10). */
  verifyAttempts: number;
  /** Seconds to wait before each verification read (0–30). */
  verifyDelaySeconds: number;
  /** Unlocking, opening doors, gates and valves, and disarming wait for a person's yes (`ha_assist_confirm_sensitive`). */
  confirmSensitive: boolean;
  /** Seconds a confirmation question stays answerable (`ha_assist_confirm_timeout`, 5–600). */
  confirmTimeoutSeconds: number;
  /** Thresholds and bounds of fuzzy and skeleton repair (`settings.ha_assist_repair_*`, `ha_assist_skeleton_max_distance`). */
  repair: RepairSettings;
  /** How many entities and tools a model is shown (`settings.ha_assist_retrieval_*`). */
  retrieval: RetrievalSettings;
  /** The longest message and largest home worked out without a model (`settings.ha_assist_max_deterministic_*`). */
  limits: DeterministicLimits;
}

/** The defaults of the `settings.ha_assist_*` keys (README, Configuration). */
export const DEFAULT_ASSIST_SETTINGS: AssistSettings = {
  verifyAttempts: 2,
  verifyDelaySeconds: 0.5,
  confirmSensitive: true,
  confirmTimeoutSeconds: 60,
  repair: DEFAULT_REPAIR_SETTINGS,
  retrieval: DEFAULT_RETRIEVAL_SETTINGS,
  limits: DEFAULT_DETERMINISTIC_LIMITS,
};
