// One generation at a time: order of arrival, giving up a place in the queue, release after a failure.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGenerationQueue } from '../../../src/backends/llama-cpp/generation-queue.ts';

/** A task that records its start and end and finishes when told to. */
function gatedTask(log: string[], name: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    open: () => open(),
    run: async () => {
      log.push(`start ${name}`);
      await gate;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('createGenerationQueue', () => {
  it('runs tasks one at a time, in arrival order', async () => {
    const queue = createGenerationQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedTask(log, name));
    const results = [queue.run(a!.run), queue.run(b!.run), queue.run(c!.run)];
    await Promise.resolve();
    assert.deepEqual(log, ['start a']);
    c!.open();
    b!.open();
    a!.open();
    assert.deepEqual(await Promise.all(results), ['a', 'b', 'c']);
    assert.deepEqual(log, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('drops a waiting task whose signal aborts, and never runs it', async () => {
    const queue = createGenerationQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedTask(log, name));
    const controller = new AbortController();
    const first = queue.run(a!.run);
    const second = queue.run(b!.run, controller.signal);
    const third = queue.run(c!.run);
    controller.abort(new Error('client left'));
    await assert.rejects(second, /client left/);
    a!.open();
    c!.open();
    assert.deepEqual([await first, await third], ['a', 'c']);
    assert.deepEqual(log, ['start a', 'end a', 'start c', 'end c']);
  });

  it('refuses a task whose signal has already aborted', async () => {
    const queue = createGenerationQueue();
    let hasRun = false;
    await assert.rejects(queue.run(async () => (hasRun = true), AbortSignal.abort()));
    assert.equal(hasRun, false);
  });

  it('releases the queue when a task fails', async () => {
    const queue = createGenerationQueue();
    const failing = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'next');
    await assert.rejects(failing, /boom/);
    assert.equal(await next, 'next');
  });
});
