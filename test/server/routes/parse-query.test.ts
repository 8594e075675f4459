// Query parameters checked at the edge: the values, or a 400 that names the parameter and quotes it cut.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { HTTP_STATUS_OF, isHearthError } from '../../../src/common/index.ts';
import { parseQuery, wholeNumberParam } from '../../../src/server/routes/parse-query.ts';

const Schema = z.strictObject({
  limit: wholeNumberParam({ min: 1, max: 200, fallback: 50 }),
  status: z.enum(['open', 'all'], 'must be one of open, all').default('open'),
});

/** The query `search` as Hono's `c.req.queries()` gives it. */
function queries(search: string): Record<string, string[]> {
  const all: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) (all[name] ??= []).push(value);
  return all;
}

function refusal(search: string): { status: number; param: string | undefined; message: string; code: string } {
  try {
    parseQuery(Schema, queries(search), 'INVALID_QUERY');
  } catch (error) {
    assert.ok(isHearthError(error));
    return { status: HTTP_STATUS_OF[error.kind], param: error.param, message: error.message, code: error.code };
  }
  assert.fail(`${search} was accepted`);
}

describe('parseQuery', () => {
  it('reads the values, with the defaults for absent ones', () => {
    assert.deepEqual(parseQuery(Schema, queries(''), 'INVALID_QUERY'), { limit: 50, status: 'open' });
    assert.deepEqual(parseQuery(Schema, queries('limit=200&status=all'), 'INVALID_QUERY'), {
      limit: 200,
      status: 'all',
    });
    assert.deepEqual(parseQuery(Schema, queries('limit=1'), 'INVALID_QUERY'), { limit: 1, status: 'open' });
  });

  const range = 'must be a whole number from 1 to 200';
  const rows: Array<[string, string, string]> = [
    ['limit=-1', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=0.5', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=0', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=201', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=1e3', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=99999999999999999999', 'limit', `The query parameter "limit" ${range}.`],
    ['limit=5&limit=6', 'limit', 'The query parameter "limit" is given more than once.'],
    ['status=closed', 'status', 'The query parameter "status" must be one of open, all.'],
    ['order=asc', 'order', 'The query parameter "order" is not a parameter of this endpoint.'],
    [
      `${'x'.repeat(5000)}=1`,
      'x'.repeat(120),
      `The query parameter "${'x'.repeat(120)}"… (5000 characters) is not a parameter of this endpoint.`,
    ],
  ];
  for (const [search, param, message] of rows)
    it(`refuses ${search.slice(0, 30)} with a 400 naming ${param.slice(0, 10)}`, () => {
      assert.deepEqual(refusal(search), { status: 400, param, message, code: 'INVALID_QUERY' });
    });
});
