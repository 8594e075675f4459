// Tests of the YAML reading schema: plain scalars typed as PyYAML's resolver types them, and agreement with the writer.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { dumpYaml } from '../../../../src/homeassistant/request/yaml/yaml-dump.ts';
import { PYYAML_SCHEMA } from '../../../../src/homeassistant/request/yaml/yaml-schema.ts';

const ROWS: readonly [string, unknown][] = [
  ['on', true],
  ['NO', false],
  ['oN', 'oN'],
  ['~', null],
  ['', null],
  ['255', 255],
  ['017', 15],
  ['0o17', '0o17'],
  ['0x1F', 31],
  ['1_000', 1000],
  ['1:30', 90],
  ['22.4', 22.4],
  ['1e3', '1e3'],
  ['.5', 0.5],
  ['._5', '._5'],
  ['-.inf', -Infinity],
  ['2026-03-14', '2026-03-14'],
  ['Living Room', 'Living Room'],
];

describe('PYYAML_SCHEMA', () => {
  it('reads plain scalars as PyYAML does, timestamps as text', () => {
    for (const [text, expected] of ROWS) {
      assert.deepEqual(yaml.load(`value: ${text}\n`, { schema: PYYAML_SCHEMA }), { value: expected }, text);
    }
  });

  it('reads back every string the writer wrote as that string', () => {
    for (const [text] of ROWS) {
      const written = dumpYaml({ value: text });
      assert.deepEqual(yaml.load(written, { schema: PYYAML_SCHEMA }), { value: text }, written);
    }
  });
});
