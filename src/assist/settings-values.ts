// The values of HA-Assist's settings as the table types them: by configuration key, and nested by field.

import { ASSIST_SETTING_ROWS, type SettingRow } from './settings-table.ts';

type Rows = typeof ASSIST_SETTING_ROWS;

/** A `settings.ha_assist_*` key. */
export type AssistSettingKey = keyof Rows;

/** The value a row holds: a model setting may be none (`null`). */
type ValueOf<R extends SettingRow> = R extends { kind: 'boolean' }
  ? boolean
  : R extends { kind: 'model' }
    ? string | null
    : number;

/** The validated `settings` section of the configuration, by key. */
export type AssistSettingValues = { [K in AssistSettingKey]: ValueOf<Rows[K]> };

/** A field that may be none is absent rather than `null`. */
type Leaf<P extends string, V> = null extends V ? { [K in P]?: Exclude<V, null> } : { [K in P]: V };
/** The object a dot-separated field path describes. */
type Nest<P extends string, V> = P extends `${infer Head}.${infer Tail}` ? { [K in Head]: Nest<Tail, V> } : Leaf<P, V>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Folds an intersection of nested objects into one object type (for readable hovers and errors). */
type Fold<T> = T extends object ? { [K in keyof T]: Fold<T[K]> } : T;

/** Every row's value at its field: the configurable part of `AssistSettings`. */
export type ConfiguredSettings = Fold<
  UnionToIntersection<{ [K in AssistSettingKey]: Nest<Rows[K]['field'], ValueOf<Rows[K]>> }[AssistSettingKey]>
>;

/** Every key, in the table's order. */
export const ASSIST_SETTING_KEYS = Object.keys(ASSIST_SETTING_ROWS) as AssistSettingKey[];

/** A key whose value names a model. */
export type ModelSettingKey = {
  [K in AssistSettingKey]: Rows[K] extends { kind: 'model' } ? K : never;
}[AssistSettingKey];

/** The keys that name a model; cli/ checks each names an enabled one. */
export const MODEL_SETTING_KEYS = ASSIST_SETTING_KEYS.filter(
  (key): key is ModelSettingKey => ASSIST_SETTING_ROWS[key].kind === 'model',
);

/** Every key at its documented default. */
export const ASSIST_SETTING_DEFAULTS = Object.fromEntries(
  ASSIST_SETTING_KEYS.map((key) => [key, ASSIST_SETTING_ROWS[key].default]),
) as AssistSettingValues;

/** The values of `values` at their fields; a model that is none is left out. */
export function nestSettings(values: AssistSettingValues): ConfiguredSettings {
  const root: Record<string, unknown> = {};
  for (const key of ASSIST_SETTING_KEYS) {
    const value = values[key];
    if (value === null) continue;
    const path = ASSIST_SETTING_ROWS[key].field.split('.');
    let node = root;
    for (const name of path.slice(0, -1)) {
      node[name] ??= {};
      node = node[name] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  // The loop writes each row's value at its field, which is the shape `ConfiguredSettings` derives from the rows.
  return root as ConfiguredSettings;
}

/** The configurable defaults at their fields (what the steps' own default settings start from). */
export const CONFIGURED_DEFAULTS: ConfiguredSettings = nestSettings(ASSIST_SETTING_DEFAULTS);
