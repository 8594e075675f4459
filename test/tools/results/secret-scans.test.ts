// The linear secret scans answer exactly what the regular expressions they replaced answered (kept here as the oracle).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { REDACTED, REDACTION_RULES, isRedactedKey, redactText } from '../../../src/tools/index.ts';
import {
  hasJwt,
  hasPasswordInAddress,
  hasProxyPath,
  hasQuerySecret,
  isSpaceCode,
} from '../../../src/tools/results/secret-scans.ts';

/** The value rules as they were: backtracking expressions, quadratic or worse on one long word. */
const ORACLES = {
  query: (word: string) => /[?&;#][^=\s]*(?:token|secret|password|authsig|signature|api_?key)[^=\s]*=/i.test(word),
  password: (word: string) => /[a-z][a-z0-9+.-]*:\/\/[^\s/@]*:[^\s/@]*@/i.test(word),
  proxy: (word: string) => /\/api\/(?:camera_proxy|image_proxy)/i.test(word),
  jwt: (word: string) => /eyJ[\w-]{8,}\.[\w-]{8,}\./.test(word),
};
const SCANS = { query: hasQuerySecret, password: hasPasswordInAddress, proxy: hasProxyPath, jwt: hasJwt };

function oldRedactText(text: string): string {
  const tests = Object.values(ORACLES);
  return text.replace(/\S+/g, (word) => (tests.some((test) => test(word)) ? REDACTED : word));
}

/**
 * Pieces the rules look for, in several cases, with the characters around them: delimiters, `=`, `:` `/` `@`, white
 * space (ASCII and Unicode), and letters a case-insensitive expression might fold onto ASCII (ſ, K, İ, ı) but must not.
 */
const PIECES = [
  ...'eyJ.?&;#=:/@aA0_-+ \t\n\u00a0\u2028\ufeffsSkKiIſ\u212aİıé',
  ...['token', 'TOKEN', 'ToKeN', 'secret', 'SECRET', 'password', 'authsig', 'authSig', 'signature', 'api_key'],
  ...['apikey', 'API_KEY', 'api', 'key', 'tok', 'en', 'eyJ', 'eyJhbGci', 'abcdefgh', 'abc-_123', '://', '/api/'],
  ...['/API/', 'camera_proxy', 'image_proxy', 'camera_', 'proxy', 'http', 'rtsp', 'a:b@', 'user:pw@'],
];
const join = (parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((texts) => texts.join(''));
const piecesOf = (pieces: readonly string[], maxLength: number, minLength = 0) =>
  fc.array(fc.constantFrom(...pieces), { minLength, maxLength }).map((texts) => texts.join(''));
const runOf = (chars: string, maxLength: number, minLength = 0) => piecesOf([...chars], maxLength, minLength);
const around = piecesOf(PIECES, 6);
/** A run of `clean` characters three times in four, else one that may hold `noise`. */
const mostlyOf = (clean: string, noise: string, lengths: { min: number; max: number }) =>
  fc.oneof(
    { arbitrary: runOf(clean, lengths.max, lengths.min), weight: 3 },
    { arbitrary: runOf(clean + noise, lengths.max, lengths.min), weight: 1 },
  );

/** Texts near each rule's shape (its parts, each sometimes wrong), so both answers come up often. */
const NEAR = {
  query: join([
    around,
    fc.constantFrom(...'?&;#x'),
    runOf('aaa__??=\u00a0 ', 4),
    fc.constantFrom(
      'token',
      'ToKeN',
      'secret',
      'PASSWORD',
      'authSig',
      'signature',
      'api_key',
      'apikey',
      'api-key',
      'ſecret',
    ),
    runOf('aaa__??&&\u2028 ', 4),
    fc.constantFrom('=', '', ' ='),
    around,
  ]),
  password: join([
    around,
    mostlyOf('aZ1+.-', '_\u212a ', { min: 0, max: 5 }),
    fc.constantFrom('://', ':/', ':///'),
    mostlyOf('a:', '@/ \u00a0', { min: 1, max: 6 }),
    fc.constantFrom('@', '', '/@'),
    around,
  ]),
  proxy: join([
    around,
    fc.constantFrom('/api/', '/API/', '/api', 'api/'),
    piecesOf(['camera_proxy', 'Image_Proxy', 'camera_', 'proxy', '_', 'x'], 2),
    around,
  ]),
  jwt: join([
    around,
    fc.constantFrom('eyJ', 'eyj', 'EyJ', 'xeyJ', 'eyJeyJ'),
    mostlyOf('aZ9_-', '.é ', { min: 6, max: 12 }),
    fc.constantFrom('.', '', '..'),
    mostlyOf('aZ9_-', '.é ', { min: 6, max: 12 }),
    fc.constantFrom('.', '', 'a'),
    around,
  ]),
};
const anyText = fc.oneof(
  piecesOf(PIECES, 12),
  piecesOf(PIECES, 40),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const textNear = (rule: keyof typeof NEAR) => fc.oneof(anyText, NEAR[rule], NEAR[rule]);

/** Texts per rule: the oracles are quick on short texts, so many are affordable. */
const RUNS = 50_000;

describe('secret scans: the same answers as the expressions they replaced', () => {
  for (const [name, scan] of Object.entries(SCANS)) {
    it(`${name}: agrees with its expression on random texts`, () => {
      const oracle = ORACLES[name as keyof typeof ORACLES];
      let matched = 0;
      fc.assert(
        fc.property(textNear(name as keyof typeof NEAR), (value) => {
          const expected = oracle(value);
          if (expected) matched++;
          assert.equal(scan(value), expected, JSON.stringify(value));
        }),
        { numRuns: RUNS },
      );
      // The texts must exercise both answers, or agreeing proves little.
      assert.ok(matched >= 500 && matched <= RUNS - 500, `${matched} of ${RUNS} matched`);
    });
  }

  it('rows where the old expressions match, and near misses that they do not', () => {
    const rows: [keyof typeof SCANS, string, boolean][] = [
      ['query', 'x?a=1&access_token=abc', true],
      ['query', '?Token=', true],
      ['query', '#xAPIKEYy=', true],
      ['query', '?api_key=', true],
      ['query', 'token?=', false],
      ['query', '?tok=en=', false],
      ['query', '?token', false],
      ['query', '?\u00a0token=', false],
      ['query', '?ſecret=', false],
      ['password', 'rtsp://admin:hunter2@h', true],
      ['password', 'A1+.-://:@', true],
      ['password', '1://a:b@', false],
      ['password', 'a://a:b/@', false],
      ['password', 'a://ab@', false],
      ['password', '\u212a://a:b@', false],
      ['proxy', '/API/Camera_Proxy', true],
      ['proxy', '/api/camera_prox', false],
      ['jwt', 'eyJabcdefgh.abcdefgh.', true],
      ['jwt', 'xeyJeyJabcde.abcdefgh.', true],
      ['jwt', 'eyJabcdefg.abcdefgh.', false],
      ['jwt', 'eyJabcdefgh.abcdefg.', false],
      ['jwt', 'eyJabcdefgh..abcdefgh.', false],
    ];
    for (const [rule, value, expected] of rows) {
      assert.equal(ORACLES[rule](value), expected, `oracle ${rule} ${value}`);
      assert.equal(SCANS[rule](value), expected, `scan ${rule} ${value}`);
    }
  });

  it('reads white space as `\\s` does, for every UTF-16 code unit', () => {
    for (let code = 0; code <= 0xffff; code++)
      assert.equal(isSpaceCode(code), /\s/.test(String.fromCharCode(code)), `U+${code.toString(16)}`);
  });

  it('the value rules of the table are these scans, in this order', () => {
    const values = REDACTION_RULES.flatMap((rule) => (rule.kind === 'value' ? [rule.test] : []));
    assert.deepEqual(values, [hasQuerySecret, hasPasswordInAddress, hasProxyPath, hasJwt]);
  });

  it('redactText replaces the same words as before, in texts of many words', () => {
    const words = fc
      .array(fc.oneof(anyText, NEAR.query, NEAR.password, NEAR.proxy, NEAR.jwt), { maxLength: 6 })
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(words, (value) => assert.equal(redactText(value), oldRedactText(value))),
      { numRuns: 5_000 },
    );
  });

  it('a key is dropped for token, password or secret as before', () => {
    const key = fc.oneof(piecesOf(PIECES, 8), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(key, (value) => {
        if (/token|password|secret/.test(value.toLowerCase())) assert.equal(isRedactedKey(value), true, value);
      }),
      { numRuns: 5_000 },
    );
  });
});
