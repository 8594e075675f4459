// Which of the tab's two keys each request carries: the admin key to /admin, an API key to /ui, either to read the
// limits; and none when the key it needs is not entered.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type KeyKind, keyForRequest } from '../../web/src/key-for-request.ts';

const BOTH = { api: 'A', admin: 'M' };
const API_ONLY = { api: 'A', admin: null };
const ADMIN_ONLY = { api: null, admin: 'M' };
const NONE = { api: null, admin: null };

describe('the key a request carries', () => {
  const rows: [keys: Record<KeyKind, string | null>, method: string, path: string, sent: string | null][] = [
    [BOTH, 'GET', '/ui/status', 'A'],
    [BOTH, 'POST', '/ui/chat', 'A'],
    [ADMIN_ONLY, 'POST', '/ui/playground', 'M'],
    [NONE, 'GET', '/ui/status', null],
    [BOTH, 'GET', '/admin/connections', 'M'],
    [API_ONLY, 'GET', '/admin/journal?limit=50', null],
    [API_ONLY, 'POST', '/admin/proposals/p1/confirm', null],
    [BOTH, 'GET', '/admin/policy', 'M'],
    [API_ONLY, 'GET', '/admin/policy', 'A'],
    [API_ONLY, 'PUT', '/admin/policy', null],
    [API_ONLY, 'GET', '/admin/policyx', null],
  ];
  for (const [keys, method, path, sent] of rows) {
    it(`${method} ${path} with ${JSON.stringify(keys)} sends ${sent}`, () => {
      assert.equal(keyForRequest(method, path, keys), sent);
    });
  }
});
