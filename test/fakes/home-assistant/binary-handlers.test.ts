// The binary handler table: ids are index + 1, freed slots stay empty until 255 handlers were registered (§3.10).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBinaryHandlerTable } from './binary-handlers.ts';

describe('binary handler table', () => {
  it('appends, frees without reuse, and reuses freed slots only once full', () => {
    const table = createBinaryHandlerTable();
    const [first, freeFirst] = table.register(() => {});
    const [second] = table.register(() => {});
    assert.deepEqual([first, second], [1, 2]);
    freeFirst();
    assert.equal(table.find(1), undefined);
    assert.ok(table.find(2));
    const ids: number[] = [];
    for (let i = 0; i < 253; i++) ids.push(table.register(() => {})[0]);
    assert.equal(ids.at(-1), 255);
    assert.equal(table.register(() => {})[0], 1, 'the freed slot, once 255 were registered');
    assert.throws(() => table.register(() => {}), /Too many binary handlers registered/);
  });
});
