// A lazy load: one shared load, a retry after a failure, and a fresh load after forget.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLazyLoad } from '../../../src/backends/llama-cpp/lazy-load.ts';

/** A load that counts its calls and fails on the calls listed in `failing` (1-based). */
function countingLoad(failing: number[] = []) {
  let calls = 0;
  return {
    calls: () => calls,
    load: async () => {
      calls++;
      if (failing.includes(calls)) throw new Error(`load ${calls} failed`);
      return `value ${calls}`;
    },
  };
}

describe('createLazyLoad', () => {
  it('loads nothing until the first get, and concurrent gets share one load', async () => {
    const counting = countingLoad();
    const lazy = createLazyLoad(counting.load);
    assert.equal(counting.calls(), 0);
    assert.deepEqual(await Promise.all([lazy.get(), lazy.get()]), ['value 1', 'value 1']);
    assert.equal(await lazy.get(), 'value 1');
    assert.equal(counting.calls(), 1);
  });

  it('retries on the next get after a failed load', async () => {
    const counting = countingLoad([1]);
    const lazy = createLazyLoad(counting.load);
    await assert.rejects(lazy.get(), /load 1 failed/);
    assert.equal(await lazy.get(), 'value 2');
  });

  it('forget resolves to the loaded value, and the next get loads again', async () => {
    const counting = countingLoad();
    const lazy = createLazyLoad(counting.load);
    assert.equal(await lazy.forget(), undefined);
    await lazy.get();
    assert.equal(await lazy.forget(), 'value 1');
    assert.equal(await lazy.get(), 'value 2');
  });

  it('forget resolves to undefined when the load failed', async () => {
    const lazy = createLazyLoad(countingLoad([1]).load);
    const failed = lazy.get();
    assert.equal(await lazy.forget(), undefined);
    await assert.rejects(failed, /load 1 failed/);
  });
});
