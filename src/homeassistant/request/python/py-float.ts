// Python floats: a marker for numbers Python would print as floats, and Python's `repr(float)`.

/** A number that is a Python `float`; JS numbers cannot tell `21` from `21.0`, so integral floats need this. */
export class PyFloat {
  /** The float's value. */
  readonly value: number;

  constructor(value: number) {
    this.value = value;
  }
}

/** Wraps `value` as a Python float, so YAML and JSON print `21.0` rather than `21`. */
export function pyFloat(value: number): PyFloat {
  return new PyFloat(value);
}

/** True when `value` is Python-typed as a float: a {@link PyFloat} or a non-integral JS number. */
export function isPyFloat(value: unknown): value is PyFloat | number {
  return value instanceof PyFloat || (typeof value === 'number' && !Number.isInteger(value));
}

/** Python's `repr()` of a float: shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function formatPyFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const digits = mantissa.replace('-', '').replace('.', '');
  const exponent = Number(exponentText);
  const sign = value < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  return `${sign}${whole}.${digits.slice(exponent + 1) || '0'}`;
}

/** Python's `str()` of an int held in a JS number (integral); large values print all their digits. */
export function formatPyInt(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
}
