// HA-Assist's settings: the table's configurable values at their fields, inside the steps' own setting groups.

import { DEFAULT_RETRIEVAL_SETTINGS, type RetrievalSettings } from './retrieval/index.ts';
import {
  type AssistSettingValues,
  type ConfiguredSettings,
  ASSIST_SETTING_DEFAULTS,
  nestSettings,
} from './settings-values.ts';
import { DEFAULT_REPAIR_SETTINGS, type RepairSettings } from './steps/repair/index.ts';
import { DEFAULT_DETERMINISTIC_LIMITS, type DeterministicLimits } from './understand/index.ts';

/** The steps' groups of settings, which hold finer bounds no configuration key sets besides the table's fields. */
interface SettingGroups {
  /** Thresholds and bounds of fuzzy and skeleton repair. */
  repair: RepairSettings;
  /** How many entities and tools a model is shown. */
  retrieval: RetrievalSettings;
  /** The longest message and largest home worked out without a model. */
  limits: DeterministicLimits;
}

/**
 * HA-Assist's service settings: every row of `ASSIST_SETTING_ROWS` at its field (see the row for its meaning,
 * range and default), within the steps' groups.
 */
export type AssistSettings = ConfiguredSettings & SettingGroups;

/** A compile-time check that every grouped field of the table exists in its step's type with the row's type. */
type GroupsHoldTheTable =
  SettingGroups extends Pick<ConfiguredSettings, keyof SettingGroups>
    ? true
    : "a row of ASSIST_SETTING_ROWS sets a field its step's settings type does not declare";
/** Fails to compile when a row's field is missing from (or differently typed in) its step's group. */
export const SETTING_GROUPS_CHECKED: GroupsHoldTheTable = true;

const GROUP_DEFAULTS: SettingGroups = {
  repair: DEFAULT_REPAIR_SETTINGS,
  retrieval: DEFAULT_RETRIEVAL_SETTINGS,
  limits: DEFAULT_DETERMINISTIC_LIMITS,
};

/** HA-Assist's settings from the configuration's `settings` section: each value at its field, the rest at the steps' defaults. */
export function assistSettingsOf(values: AssistSettingValues): AssistSettings {
  // `overlay` keeps the groups' shape and replaces exactly the fields `nestSettings` wrote.
  return overlay(GROUP_DEFAULTS, nestSettings(values)) as AssistSettings;
}

/** The defaults of the `settings.ha_assist_*` keys (README, Configuration). */
export const DEFAULT_ASSIST_SETTINGS: AssistSettings = assistSettingsOf(ASSIST_SETTING_DEFAULTS);

/** `base` with `top`'s values written over it, nested objects merged rather than replaced. */
function overlay(base: object, top: object): object {
  const merged: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(top)) {
    const under = merged[name];
    merged[name] = isPlainObject(under) && isPlainObject(value) ? overlay(under, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
