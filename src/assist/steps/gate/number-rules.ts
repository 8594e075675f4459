// The gate's rule for numbers: a value a call sends is a number the sentence spoke, with its sign and unit.

import { parseJsonObject } from '../../../common/index.ts';
import { readServiceArguments } from '../../extended/service-arguments.ts';
import { isServicesTool } from '../../extended/service-table.ts';
import { isReadTool } from '../../intent-table.ts';
import { canonicalToolName } from '../../understand/index.ts';
import type { SpokenNumber } from '../facts/index.ts';
import type { GateCall } from './gate-input.ts';
import type { SetFinding } from './set-rules.ts';

/**
 * The argument and service-data fields that carry a value the sentence sets, with the quantity of each. A
 * relative step (`volume_step`) is not among them: its sign is the grammar's meaning ("turn it down by 10").
 * `volume_level` is a percentage in the intent and a fraction in `media_player.volume_set`.
 */
const VALUE_FIELDS: Readonly<Record<string, 'degrees' | 'percent' | 'level' | 'time' | 'kelvin'>> = {
  temperature: 'degrees',
  target_temp_high: 'degrees',
  target_temp_low: 'degrees',
  brightness: 'percent',
  brightness_pct: 'percent',
  percentage: 'percent',
  position: 'percent',
  humidity: 'percent',
  volume_level: 'level',
  hours: 'time',
  minutes: 'time',
  seconds: 'time',
  color_temp_kelvin: 'kelvin',
};

/** The units a quantity may be spoken in (a spoken number without a unit fits any). */
const UNITS: Readonly<Record<string, readonly string[]>> = {
  degrees: ['degrees'],
  percent: ['percent'],
  level: ['percent'],
  time: ['time'],
  kelvin: ['kelvin'],
};

/**
 * When the sentence speaks numbers, every value field a call sends equals one of them: sign, value and unit.
 * Nothing is clamped or changed on the way; a value that differs is not sent.
 */
export function checkNumbers(calls: readonly GateCall[], spoken: readonly SpokenNumber[]): SetFinding | undefined {
  if (spoken.length === 0) return undefined;
  for (const call of calls) {
    for (const [field, value] of valuesOf(call)) {
      if (spoken.some((number) => fits(number, field, value))) continue;
      const said = spoken.map((number) => number.text).join(', ');
      const given = `${field} ${value}`;
      return {
        rule: 'number',
        reason: `${call.name} sets ${given}, but the sentence says ${said}`,
        said: { kind: 'number', spoken: said, given: String(value) },
      };
    }
  }
  return undefined;
}

/** The value fields of a call that acts (reads carry none): its arguments, or each service item's data. */
function valuesOf(call: GateCall): [string, number][] {
  const canonical = canonicalToolName(call.name);
  if (isReadTool(canonical)) return [];
  const args = parseJsonObject(call.arguments) ?? {};
  const records = isServicesTool(canonical) ? (readServiceArguments(args) ?? []).map((item) => item.data) : [args];
  return records.flatMap((record) =>
    Object.entries(record).flatMap(([field, value]): [string, number][] => {
      if (!Object.hasOwn(VALUE_FIELDS, field)) return [];
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      return Number.isFinite(number) ? [[field, number]] : [];
    }),
  );
}

function fits(number: SpokenNumber, field: string, value: number): boolean {
  const quantity = VALUE_FIELDS[field]!;
  if (number.unit !== undefined && !UNITS[quantity]!.includes(number.unit)) return false;
  if (number.value === value) return true;
  // A level may be sent as a fraction of one (30 % → 0.3).
  return quantity === 'level' && Math.abs(number.value / 100 - value) < 1e-9;
}
