// Tests of the YAML 1.1 implicit resolver (PyYAML's resolver.py).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolvePlainTag, type PlainTag } from '../../../src/hassil/python/yaml-resolve.ts';

const ROWS: readonly [string, PlainTag][] = [
  ['on', 'bool'],
  ['Off', 'bool'],
  ['YES', 'bool'],
  ['y', 'str'],
  ['oN', 'str'],
  ['22.4', 'float'],
  ['1.0e+3', 'float'],
  ['1e3', 'str'],
  ['.5', 'float'],
  ['-.inf', 'float'],
  ['.NaN', 'float'],
  ['1:20:30.5', 'float'],
  ['255', 'int'],
  ['017', 'int'],
  ['0o17', 'str'],
  ['0x1F', 'int'],
  ['0b101', 'int'],
  ['1_000', 'int'],
  ['12:30', 'int'],
  ['2026-03-14', 'timestamp'],
  ['2026-3-4 12:30:00', 'timestamp'],
  ['2026-03-14T18:42:07Z', 'timestamp'],
  ['~', 'null'],
  ['', 'null'],
  ['NULL', 'null'],
  ['nul', 'str'],
  ['<<', 'merge'],
  ['=', 'value'],
  ['Living Room', 'str'],
];

describe('resolvePlainTag', () => {
  it('resolves like PyYAML', () => {
    for (const [text, tag] of ROWS) assert.equal(resolvePlainTag(text), tag, text);
  });
});
