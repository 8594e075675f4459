// Targets only an exact name may reach: locks, alarm panels, and covers that are (or may be) doors or gates.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requiresExactName } from '../../../../src/assist/steps/repair/target-safety.ts';
import { entity } from './home.fixture.ts';

describe('requiresExactName', () => {
  const rows: { name: string; domain: string; deviceClass?: string | null; expected: boolean }[] = [
    { name: 'Front Door', domain: 'lock', expected: true },
    { name: 'House Alarm', domain: 'alarm_control_panel', expected: true },
    { name: 'Garage Door', domain: 'cover', deviceClass: 'garage', expected: true },
    { name: 'Drive Gate', domain: 'cover', deviceClass: 'gate', expected: true },
    { name: 'Patio Door', domain: 'cover', deviceClass: 'Door', expected: true },
    { name: 'Shed Cover', domain: 'cover', expected: true },
    { name: 'Odd Cover', domain: 'cover', deviceClass: null, expected: true },
    { name: 'Patio Blind', domain: 'cover', deviceClass: 'blind', expected: false },
    { name: 'Kitchen Light', domain: 'light', expected: false },
    { name: 'Front Door Sensor', domain: 'binary_sensor', deviceClass: 'door', expected: false },
  ];
  for (const row of rows) {
    const why = row.deviceClass === undefined ? 'no device class' : `device class ${String(row.deviceClass)}`;
    it(`${row.domain} "${row.name}" (${why}): ${row.expected ? 'exact name only' : 'may be repaired'}`, () => {
      const attributes = row.deviceClass === undefined ? {} : { attributes: { device_class: row.deviceClass } };
      assert.equal(requiresExactName({ ...entity(row.name, row.domain, undefined), ...attributes }), row.expected);
    });
  }
});
