// The one PyFloat: Home Assistant's request formats and hassil's Jinja values hold the same marker, so a float
// read from a home prints in a response template as Python prints it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileTemplate } from '../../../src/hassil/jinja/render.ts';
import { floatRepr, PyFloat } from '../../../src/hassil/index.ts';
import { pyFloat } from '../../../src/homeassistant/request/index.ts';

describe('PyFloat', () => {
  it('is one class: the request formats wrap floats in the marker the Jinja values test for', () => {
    assert.ok(pyFloat(21) instanceof PyFloat);
  });

  it("prints as Python's repr for integral and non-integral values alike", () => {
    const values = [0, -0, 21, -18, 1e16, 1e22, 123456789012345.6, 0.1, 2.5, -1e-5, Number.POSITIVE_INFINITY];
    for (const value of values) assert.equal(String(new PyFloat(value)), floatRepr(value), String(value));
    assert.equal(String(pyFloat(21)), '21.0');
    assert.equal(String(pyFloat(-0)), '-0.0');
  });

  it("renders a home's integral float in a response template as 21.0, an int as 21", () => {
    const template = compileTemplate('{{ slots.temperature }} and {{ slots.count }}');
    assert.equal(template.render({ slots: { temperature: pyFloat(21), count: 21 } }), '21.0 and 21');
  });
});
