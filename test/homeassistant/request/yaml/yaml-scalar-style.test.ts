// Tests of PyYAML's scalar analysis and style choice, for both emitter flavors.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  analyzeScalar,
  chooseScalarStyle,
  isPrintable,
  type ScalarStyle,
} from '../../../../src/homeassistant/request/yaml/yaml-scalar-style.ts';

/** The style PyYAML picks for a string value (not a key). */
function styleOf(text: string, flavor: 'pyyaml' | 'libyaml' = 'pyyaml'): ScalarStyle {
  return chooseScalarStyle(analyzeScalar([...text], flavor), { text, tag: 'str' }, false);
}

describe('chooseScalarStyle', () => {
  it('chooses plain, single- or double-quoted like PyYAML', () => {
    const rows: [string, ScalarStyle][] = [
      ['Living Room', 'plain'],
      ['Küche °C', 'plain'],
      ['off', 'single'],
      ['#1 light', 'single'],
      ['a#b', 'plain'],
      ['a #b', 'single'],
      ['x: y', 'single'],
      ['x:y', 'plain'],
      ['- x', 'single'],
      ['-x', 'plain'],
      [' lead', 'single'],
      ['a\tb', 'double'],
      ['a\nb', 'single'],
      ['😀', 'plain'],
    ];
    for (const [text, style] of rows) assert.equal(styleOf(text), style, JSON.stringify(text));
  });

  it('double-quotes emoji and NEL in the libyaml flavor', () => {
    assert.equal(styleOf('😀 Party', 'libyaml'), 'double');
    assert.equal(styleOf('\u0085', 'libyaml'), 'double');
    assert.equal(isPrintable('😀', 'pyyaml'), true);
    assert.equal(isPrintable('😀', 'libyaml'), false);
  });

  it('never writes an empty or multi-line simple key plain', () => {
    assert.equal(chooseScalarStyle(analyzeScalar([]), { text: '', tag: 'str' }, true), 'single');
  });
});
