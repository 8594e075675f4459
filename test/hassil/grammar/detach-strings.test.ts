// Detaching a parsed YAML document's strings: the document stays equal, objects of other classes stay as they are.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { PyFloat, YAML11_SCHEMA } from '../../../src/hassil/index.ts';
import { detachStrings } from '../../../src/hassil/grammar/detach-strings.ts';

// Strings around V8's shortest sliced string (13 characters), in lists, maps, nested and behind aliases.
const LENGTHS = [0, 1, 12, 13, 14, 200];
const DOCUMENTS = LENGTHS.flatMap((length) => {
  const text = 'x'.repeat(length);
  return [
    `value: "${text}"`,
    `list: ["${text}", "${text}b"]`,
    `nested: {a: [{b: "${text}"}]}`,
    `anchor: &a {c: "${text}"}\nalias: *a`,
    `number: 21.0\ntext: "${text}"`,
  ];
});

describe('hassil detachStrings', () => {
  for (const source of DOCUMENTS) {
    it(`keeps ${JSON.stringify(source)} equal`, () => {
      const loaded = yaml.load(source, { schema: YAML11_SCHEMA });
      const expected = yaml.load(source, { schema: YAML11_SCHEMA });
      assert.deepEqual(detachStrings(loaded), expected);
    });
  }

  it('leaves objects of other classes as they are, and a recursive alias finite', () => {
    const float = new PyFloat(21);
    const document = detachStrings({ values: [float, 'a long enough string'] });
    assert.equal(document.values[0], float);
    const loaded = yaml.load('a: &x ["a long enough string", *x]', { schema: YAML11_SCHEMA }) as { a: unknown[] };
    const detached = detachStrings(loaded);
    assert.equal(detached.a[0], 'a long enough string');
    assert.equal(detached.a[1], detached.a);
  });
});
