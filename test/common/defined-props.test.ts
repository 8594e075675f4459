// definedProps: the undefined entries of an object literal are left out, everything else is kept in order.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { definedProps } from '../../src/common/index.ts';

describe('definedProps', () => {
  it('leaves out undefined entries and keeps null, false, zero and empty values', () => {
    const props = definedProps({ a: undefined, b: null, c: false, d: 0, e: '', f: [] as number[] });
    assert.deepEqual(props, { b: null, c: false, d: 0, e: '', f: [] });
    assert.equal('a' in props, false);
  });

  it('keeps the key order of the literal, as a spread would', () => {
    const name: string | undefined = 'x';
    const detail: string | undefined = undefined;
    const spread = { url: 'u', ...(detail === undefined ? {} : { detail }), ...(name === undefined ? {} : { name }) };
    const props = definedProps({ url: 'u', detail, name });
    assert.deepEqual(Object.keys(props), Object.keys(spread));
    assert.equal(JSON.stringify(props), JSON.stringify(spread));
  });

  it('returns a new object and leaves its argument alone', () => {
    const input = { a: 1, b: undefined };
    const props = definedProps(input);
    assert.notEqual(props, input);
    assert.deepEqual(Object.keys(input), ['a', 'b']);
  });

  it('types the keys that may be undefined as optional and the others as required', () => {
    const maybe = (value: number): number | undefined => (value > 0 ? value : undefined);
    const props = definedProps({ required: 'r', optional: maybe(1) });
    const required: string = props.required;
    // @ts-expect-error an optional key may be missing, so it is not a plain number
    const optional: number = props.optional;
    assert.deepEqual({ required, optional }, { required: 'r', optional: 1 });
  });
});
