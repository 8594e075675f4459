// A Python float that JavaScript cannot tell from an int: the one marker class for `21.0` (hassil's Jinja values and
// Home Assistant's request formats both use it).

import { floatRepr } from './float-repr.ts';

/**
 * A number that is a Python `float`. JS numbers cannot tell `21` from `21.0`, so an integral float needs this
 * marker; a non-integral number is a float either way, and may be wrapped or not.
 */
export class PyFloat {
  /** The float's value. */
  readonly value: number;

  constructor(value: number) {
    this.value = value;
  }

  /** Python's `str()` and `repr()` of the float (`21.0`, `1e+16`, `inf`). */
  toString(): string {
    return floatRepr(this.value);
  }
}
