// Hostile values for fuzzing: strings, numbers, keys and JSON that break naive code, raw JSON text for what
// JSON.stringify cannot write, and well-formed values with a field made wrong.

import fc from 'fast-check';

/** Text spliced into a JSON body verbatim: numbers JSON.stringify cannot write, nesting deeper than any value. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with {@link RawJson} written as is; lone surrogates are written as `\udXXX` escapes. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `[[[…]]]` (or `{"a":{"a":…}}`) nested `depth` levels, as raw text. */
export function nested(depth: number, kind: 'array' | 'object' = 'array'): RawJson {
  return kind === 'array'
    ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`);
}

/** Characters that break naive code: NUL, controls, lone surrogates, bidi and zero-width marks, combining marks. */
export const NASTY_UNITS = [
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u0301',
  'İ',
  'ß',
  'ﬃ',
  '😀',
  '👩‍👩‍👧',
  '"',
  "'",
  '\\',
  '%',
  '{',
  '}',
  '<',
  '>',
  '|',
  '[',
  ']',
  '(',
  ')',
  ';',
  ':',
  ',',
  '*',
  '&',
  '#',
  '-',
  ' ',
];

/** One UTF-16 unit of any value, lone surrogates included. */
export const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Strings of ordinary, nasty and arbitrary characters. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 4 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...NASTY_UNITS), maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: anyUnit, maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 2 },
);

/** Long strings: mostly 1–20 KB, now and then 200 KB, of one character or a short pattern repeated. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', ' ', '\u0000', '😀', 'light ', '{"a":', '\\', '\ud800'),
    fc.oneof(
      { arbitrary: fc.integer({ min: 1_000, max: 20_000 }), weight: 9 },
      { arbitrary: fc.constant(200_000), weight: 1 },
    ),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any string, mostly short. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: nastyString, weight: 60 },
  { arbitrary: hugeString, weight: 1 },
);

/** Numbers at the edges, including ones only raw JSON can hold (`1e999` parses as Infinity). */
export const nastyNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1, -1, 2, 0.5, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 63), 4096, 65_536),
  fc.constantFrom(
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('123456789012345678901234567890123456789'),
    new RawJson('1e-999'),
    new RawJson('-0.0'),
    new RawJson('1E+2'),
  ),
);

/** Object keys: ordinary, empty, hostile, and the names of Object.prototype's members. */
export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: nastyString, weight: 3 },
  {
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '',
      'then',
      'length',
    ),
    weight: 1,
  },
);

/** Any JSON value (as a value for {@link toJsonText}), with hostile strings, numbers and keys, `depth` levels deep. */
export function nastyJson(depth = 3): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: depth, withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      nastyNumber,
      anyString,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }),
    ),
  }));
  return value;
}

/** Nesting around and past the body limit (64), and far past it. */
export const deepValue: fc.Arbitrary<RawJson> = fc
  .tuple(
    fc.constantFrom(30, 62, 63, 64, 65, 66, 100, 1_000, 100_000),
    fc.constantFrom('array' as const, 'object' as const),
  )
  .map(([depth, kind]) => nested(depth, kind));

/** `base` with a few extra top-level fields of any value. */
export function withExtraFields<T extends object>(base: fc.Arbitrary<T>): fc.Arbitrary<T> {
  const extra = fc.dictionary(
    nastyKey,
    fc.oneof({ arbitrary: nastyJson(2), weight: 6 }, { arbitrary: deepValue, weight: 1 }),
    {
      maxKeys: 3,
    },
  );
  return fc
    .tuple(base, fc.option(extra, { freq: 3 }))
    .map(([value, more]) => (more === null ? value : { ...more, ...value }));
}

/** `value` with `replacement` at `path` (a copy; -1 is the last item of an array; a missing step is created). */
export function setAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value) && typeof step === 'number') {
    const copy = [...value];
    const index = step < 0 ? Math.max(0, copy.length + step) : step;
    copy[index] = setAt(copy[index], rest, replacement);
    return copy;
  }
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...record, [step]: setAt(record[step], rest, replacement) };
}

/** A value that is wrong almost anywhere: any JSON, a hostile number, deep nesting. */
const wrongValue = fc.oneof(
  { arbitrary: nastyJson(2), weight: 8 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: deepValue, weight: 1 },
);

/** `valid` with one to three of `paths` set to a wrong value. */
export function corrupted<T>(
  valid: fc.Arbitrary<T>,
  paths: readonly (readonly (string | number)[])[],
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.constantFrom(...paths), wrongValue), { minLength: 1, maxLength: 3 }))
    .map(
      ([body, edits]) =>
        edits.reduce<unknown>((current, [path, value]) => setAt(current, path, value), body) as Record<string, unknown>,
    );
}

/** Arbitrary JSON for a whole body: any value, deep nesting, or a hostile string. */
export const arbitraryBody: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyJson(4), weight: 6 },
  { arbitrary: deepValue, weight: 1 },
  {
    arbitrary: fc.constantFrom(new RawJson(''), new RawJson('{'), new RawJson('{"model":'), new RawJson('\ufeff{}')),
    weight: 1,
  },
);
