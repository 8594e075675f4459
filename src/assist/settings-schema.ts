// The configuration's `settings` section, validated as HA-Assist's settings table says.

import { z } from 'zod';
import { ASSIST_SETTING_ROWS, type SettingRow } from './settings-table.ts';
import { ASSIST_SETTING_KEYS, type AssistSettingKey, type AssistSettingValues } from './settings-values.ts';

/** A number from `min` to `max`; the messages name the range (and the unit, when given). */
export const rangeSchema = (min: number, max: number, unit = '') =>
  z
    .number({ error: `must be a number from ${min} to ${max}${unit}` })
    .min(min, `must be from ${min} to ${max}${unit}`)
    .max(max, `must be from ${min} to ${max}${unit}`);

/** A whole number from `min` to `max`. */
export const intRangeSchema = (min: number, max: number) =>
  rangeSchema(min, max).int(`must be a whole number from ${min} to ${max}`);

/** The schema of one row's value, without its default. */
function valueSchema(row: SettingRow): z.ZodType {
  switch (row.kind) {
    case 'int':
      return intRangeSchema(row.min, row.max);
    case 'number':
      return rangeSchema(row.min, row.max, row.unit === undefined ? '' : ` ${row.unit}`);
    case 'boolean':
      return z.boolean();
    case 'model':
      return z.string().min(1).nullable();
  }
}

/** Each key's schema: its row's value type, or its default when the key is left out. */
type SettingsShape = { [K in AssistSettingKey]: z.ZodDefault<z.ZodType<AssistSettingValues[K]>> };

/** The `settings` section: every key of the table with its range and default; unknown keys are refused. */
export const AssistSettingsConfigSchema = z
  .strictObject(
    // Each entry is its row's schema with the row's default, so it parses to the value type the row declares;
    // zod types a built-up shape as `unknown`, hence the cast.
    Object.fromEntries(
      ASSIST_SETTING_KEYS.map((key) => {
        const row: SettingRow = ASSIST_SETTING_ROWS[key];
        return [key, valueSchema(row).default(row.default)];
      }),
    ) as unknown as SettingsShape,
  )
  .prefault({});
