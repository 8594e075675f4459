// Tests of PyYAML's resolver and constructors against a table of PyYAML 6.0.3's own `safe_load` results.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { floatRepr } from '../../../src/hassil/python/float-repr.ts';
import {
  type PlainTag,
  readYaml11Bool,
  readYaml11Number,
  resolvePlainTag,
} from '../../../src/hassil/python/yaml-resolve.ts';
import { YAML11_SCHEMA } from '../../../src/hassil/python/yaml-schema.ts';

/** One row of test/data/python-formats/yaml-scalars.tsv (written by generate.py there). */
interface Row {
  /** The plain scalar's text. */
  text: string;
  /** The tag PyYAML resolved it to. */
  tag: PlainTag;
  /** What PyYAML constructed: repr() of floats, bools and None, str() of ints, isoformat of timestamps. */
  value: string;
}

const ROWS: readonly Row[] = readFileSync(
  new URL('../../data/python-formats/yaml-scalars.tsv', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const [text = '', tag = '', value = ''] = line.split('\t');
    return { text: JSON.parse(text) as string, tag: tag as PlainTag, value };
  });

/** Python's text of the value we construct for a row's tag, as the table writes it. */
function constructed(row: Row): string {
  if (row.tag === 'bool') return readYaml11Bool(row.text) ? 'True' : 'False';
  if (row.tag === 'float') return floatRepr(readYaml11Number(row.text));
  if (row.tag === 'int') return String(readYaml11Number(row.text));
  if (row.tag === 'null') return 'None';
  return row.value;
}

describe("PyYAML's resolver against PyYAML", () => {
  it('covers every implicit resolver', () => {
    const tags = new Set(ROWS.map((row) => row.tag));
    for (const tag of ['str', 'bool', 'int', 'float', 'null', 'timestamp', 'merge', 'value', 'yaml']) {
      assert.ok(tags.has(tag as PlainTag), tag);
    }
  });

  it('resolves every text of the table to the tag PyYAML gives it', () => {
    const wrong = ROWS.filter((row) => resolvePlainTag(row.text) !== row.tag).map((row) => `${row.text} ${row.tag}`);
    assert.deepEqual(wrong, []);
  });

  it('constructs the value PyYAML constructs', () => {
    const wrong = ROWS.filter((row) => constructed(row) !== row.value).map((row) => `${row.text} ${row.value}`);
    assert.deepEqual(wrong, []);
  });

  it('reads `._5` and `._` as strings, as PyYAML does', () => {
    assert.equal(resolvePlainTag('._5'), 'str');
    assert.equal(resolvePlainTag('._'), 'str');
    assert.deepEqual(yaml.load('[._5, ._, .5]', { schema: YAML11_SCHEMA }), ['._5', '._', 0.5]);
  });

  it('loads every plain null, bool, int and float of the table through the js-yaml schema as PyYAML does', () => {
    const typed = ROWS.filter((row) => ['null', 'bool', 'int', 'float'].includes(row.tag) && row.text !== '');
    for (const row of typed) {
      const loaded = yaml.load(`v: ${row.text}\n`, { schema: YAML11_SCHEMA }) as { v: unknown };
      const text = typeof loaded.v === 'number' && row.tag === 'float' ? floatRepr(loaded.v) : loaded.v;
      const expected = row.tag === 'int' ? Number(row.value) : row.tag === 'float' ? row.value : constructedValue(row);
      assert.deepEqual(text, expected, row.text);
    }
  });
});

/** The JS value of a null or bool row. */
function constructedValue(row: Row): unknown {
  return row.tag === 'null' ? null : row.value === 'True';
}
