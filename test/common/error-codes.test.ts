// The error-code table: each row is used in src/, has a kind and a meaning, sets HearthError's kind, and is README's.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ERROR_CODES, type ErrorCode, HearthError, HTTP_STATUS_OF, isErrorCode } from '../../src/common/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const TABLE_FILE = join('src', 'common', 'error-codes.ts');

/** Every .ts file under `dir`, as paths relative to the repository. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The rows of README's table under `### Error codes`: code (as sent, lower-case), status, meaning. */
function readmeRows(): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n### Error codes\n');
  assert.ok(start >= 0, 'README has no "### Error codes" section');
  const end = readme.indexOf('\n#', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

const codes = Object.keys(ERROR_CODES) as ErrorCode[];

describe('ERROR_CODES', () => {
  it('gives every code a kind (hence a status) and a one-line meaning', () => {
    for (const code of codes) {
      const row = ERROR_CODES[code];
      assert.match(code, /^[A-Z][A-Z0-9_]*$/, `${code} is not an upper-case code`);
      assert.ok(Object.hasOwn(HTTP_STATUS_OF, row.kind), `${code} has no known kind`);
      assert.ok(row.meaning.trim().length > 0, `${code} has no meaning`);
      assert.ok(!row.meaning.includes('\n') && !row.meaning.includes('|'), `${code}'s meaning is not one table cell`);
    }
  });

  it('lists its codes in alphabetical order', () => {
    assert.deepEqual(codes, [...codes].sort());
  });

  it('holds no dead rows: every code is written, quoted, somewhere in src/ besides the table', () => {
    const text = sourceFiles('src')
      .filter((path) => path !== TABLE_FILE)
      .map((path) => readFileSync(join(ROOT, path), 'utf8'))
      .join('\n');
    const unused = codes.filter((code) => !["'", '"', '`'].some((quote) => text.includes(`${quote}${code}${quote}`)));
    assert.deepEqual(unused, []);
  });

  it('is what README lists under "Error codes": the code as sent (lower-case), its status and its meaning', () => {
    const expected = codes.map((code) => [
      `\`${code.toLowerCase()}\``,
      String(HTTP_STATUS_OF[ERROR_CODES[code].kind]),
      ERROR_CODES[code].meaning,
    ]);
    assert.deepEqual(readmeRows(), expected);
  });

  it('isErrorCode: a code of the table, nothing else', () => {
    assert.equal(isErrorCode('MODEL_NOT_FOUND'), true);
    assert.equal(isErrorCode('model_not_found'), false);
    assert.equal(isErrorCode('toString'), false);
    assert.equal(isErrorCode(undefined), false);
  });
});

describe('HearthError', () => {
  it('takes its kind, hence its status, from the table', () => {
    const error = new HearthError('BACKEND_TIMEOUT', 'slow', { param: 'model', cause: 'x' });
    assert.deepEqual(
      [error.kind, error.code, error.message, error.param, error.cause],
      ['upstream_timeout', 'BACKEND_TIMEOUT', 'slow', 'model', 'x'],
    );
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[])
      assert.equal(new HearthError(code, 'm').kind, ERROR_CODES[code].kind, code);
    assert.equal(new HearthError('MODEL_NOT_FOUND', 'none').param, undefined);
  });

  it('does not compile with a code the table does not hold, or a kind in place of the code', () => {
    const refused = () => [
      // @ts-expect-error NO_SUCH_CODE is not in ERROR_CODES.
      new HearthError('NO_SUCH_CODE', 'what'),
      // @ts-expect-error the kind is the table's, never an argument.
      new HearthError('upstream_timeout', 'BACKEND_TIMEOUT', 'slow'),
    ];
    assert.equal(typeof refused, 'function');
  });
});
