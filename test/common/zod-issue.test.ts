// The first issue of a failed zod parse, and issue paths written with dots.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { firstIssue, firstIssueMessage, issuePath } from '../../src/common/index.ts';

const Schema = z.object({ choices: z.array(z.object({ index: z.number() })).min(1) });

function errorOf(value: unknown): z.ZodError {
  const parsed = Schema.safeParse(value);
  assert.equal(parsed.success, false);
  return parsed.error!;
}

describe('issuePath', () => {
  const rows: [string, readonly PropertyKey[], Parameters<typeof issuePath>[1], string][] = [
    ['keys and indexes joined with dots', ['choices', 0, 'index'], undefined, 'choices.0.index'],
    ['an empty path is empty by default', [], undefined, ''],
    ['an empty path is the root text when given', [], { root: '(top level)' }, '(top level)'],
    ['a prefix comes first', ['satellite', 'area'], { prefix: ['ha_context'] }, 'ha_context.satellite.area'],
    ['a prefix alone is not the root', [], { prefix: ['ha_context'], root: '(root)' }, 'ha_context'],
  ];
  for (const [name, path, options, expected] of rows) {
    it(name, () => assert.equal(issuePath(path, options), expected));
  }
});

describe('firstIssue', () => {
  it("names the first issue's field and keeps zod's message", () => {
    assert.deepEqual(firstIssue(errorOf({ choices: [{ index: 'a' }] })), {
      path: 'choices.0.index',
      message: 'Invalid input: expected number, received string',
    });
  });

  it('writes the path with the given prefix', () => {
    assert.equal(firstIssue(errorOf({ choices: [] }), { prefix: ['body'] })?.path, 'body.choices');
  });

  it('is undefined when there is no issue', () => {
    assert.equal(firstIssue({ issues: [] }), undefined);
  });
});

describe('firstIssueMessage', () => {
  const rows: [string, { issues: readonly { path: PropertyKey[]; message: string }[] }, string][] = [
    [
      'a nested field',
      errorOf({ choices: [{ index: 'a' }] }),
      'choices.0.index: Invalid input: expected number, received string',
    ],
    ['the whole value', errorOf('text'), '(root): Invalid input: expected object, received string'],
    [
      'only the first of several issues',
      {
        issues: [
          { path: ['a'], message: 'first' },
          { path: ['b'], message: 'second' },
        ],
      },
      'a: first',
    ],
    ['no issue', { issues: [] }, 'unexpected shape'],
  ];
  for (const [name, error, expected] of rows) {
    it(name, () => assert.equal(firstIssueMessage(error), expected));
  }
});
