// The admin API requests a command sends to the hearth owning the data folder, and how their answers are read.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  changeConnectionThroughOwner,
  decideThroughOwner,
  type OwnerAdmin,
  type OwnerAnswer,
  savePolicyThroughOwner,
} from '../../src/services/index.ts';

/** An owner answering `answer` to every request, recording what it was sent. */
function fakeOwner(answer: OwnerAnswer) {
  const sent: { method: string; path: string; body?: string }[] = [];
  const owner: OwnerAdmin = {
    url: 'http://127.0.0.1:8080',
    send: async (request) => {
      sent.push(request);
      return answer;
    },
  };
  return { owner, sent };
}

const refused: OwnerAnswer = { ok: false, status: 409, body: { error: { message: 'the proposal is not open' } } };

describe('the changes sent to the owning hearth', () => {
  it('saves the limits with PUT /admin/policy and reads the hash it answers', async () => {
    const { owner, sent } = fakeOwner({ ok: true, status: 200, body: { hash: 'r3' } });
    assert.deepEqual(await savePolicyThroughOwner(owner, '{}'), { ok: true, hash: 'r3' });
    assert.deepEqual(sent, [{ method: 'PUT', path: '/admin/policy', body: '{}' }]);
  });

  it('confirms a proposal by its escaped id and reads the run it answers', async () => {
    const body = { operation_id: 'op_1', outcome: 'done', changed: [{}, {}] };
    const { owner, sent } = fakeOwner({ ok: true, status: 200, body });
    assert.deepEqual(await decideThroughOwner(owner, 'a/b', 'confirm'), {
      ok: true,
      run: { operationId: 'op_1', outcome: 'done', detail: '2 state(s) changed' },
    });
    assert.deepEqual(sent, [{ method: 'POST', path: '/admin/proposals/a%2Fb/confirm' }]);
  });

  it('reads a run that did not finish by its reason, and a cancel has no run', async () => {
    const failed = fakeOwner({
      ok: true,
      status: 200,
      body: { operation_id: 'op_2', outcome: 'unknown', reason: 'x' },
    });
    assert.deepEqual(await decideThroughOwner(failed.owner, 'p1', 'confirm'), {
      ok: true,
      run: { operationId: 'op_2', outcome: 'unknown', detail: 'x' },
    });
    const cancelled = fakeOwner({ ok: true, status: 200, body: {} });
    assert.deepEqual(await decideThroughOwner(cancelled.owner, 'p1', 'cancel'), { ok: true });
  });

  it('gives the owner’s own reason for a refusal, else its status', async () => {
    assert.deepEqual(await decideThroughOwner(fakeOwner(refused).owner, 'p1', 'cancel'), {
      ok: false,
      reason: 'the proposal is not open',
    });
    const bare = fakeOwner({ ok: false, status: 503, body: {} });
    assert.deepEqual(await savePolicyThroughOwner(bare.owner, '{}'), { ok: false, reason: 'hearth answered HTTP 503' });
  });

  it('adds, removes and sets the write mode of a connection on its admin route', async () => {
    const { owner, sent } = fakeOwner({ ok: true, status: 200, body: {} });
    const add = { action: 'add', name: 'h o', url: 'http://ha:8123', token: 't' } as const;
    assert.deepEqual(await changeConnectionThroughOwner(owner, add), { ok: true });
    await changeConnectionThroughOwner(owner, { ...add, pin: 'ha:443=AA' });
    await changeConnectionThroughOwner(owner, { action: 'remove', name: 'h o' });
    await changeConnectionThroughOwner(owner, { action: 'mode', name: 'h o', mode: 'act' });
    assert.deepEqual(sent, [
      { method: 'POST', path: '/admin/connections', body: '{"name":"h o","url":"http://ha:8123","token":"t"}' },
      {
        method: 'POST',
        path: '/admin/connections',
        body: '{"name":"h o","url":"http://ha:8123","token":"t","pin":"ha:443=AA"}',
      },
      { method: 'DELETE', path: '/admin/connections/h%20o' },
      { method: 'PATCH', path: '/admin/connections/h%20o', body: '{"write_mode":"act"}' },
    ]);
  });
});
