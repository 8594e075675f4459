// Python's `repr(float)`, the one copy in hearth: hassil's templates print floats with it, and so do Home Assistant's formats.

/**
 * Python's `repr()` of a float: the shortest digits that read back to the same double (as JS finds them),
 * in exponent form below 1e-4 and from 1e16, else positional with at least one digit after the point.
 * Checked against Python's own output in test/data/python-formats/float-repr.txt.
 */
export function floatRepr(value: number): string {
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
  // Positional digits come from the shortest digits above, never from toFixed(): toFixed rounds the double's
  // exact binary value, which can end in a different last digit than Python's shortest repr.
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  return `${sign}${whole}.${digits.slice(exponent + 1) || '0'}`;
}
