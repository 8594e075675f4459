// The store of open confirmation questions: each answerable once, and bounded.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPendingConfirmations } from '../../../../src/assist/steps/confirm/index.ts';

const pending = (askedAt: number) => ({ calls: [{ name: 'HassTurnOff', arguments: '{}' }], targets: [], askedAt });

describe('createPendingConfirmations', () => {
  it('gives a question back once', () => {
    const store = createPendingConfirmations(4);
    store.remember('a', pending(1));
    assert.equal(store.take('a')?.askedAt, 1);
    assert.equal(store.take('a'), undefined);
  });

  it('forgets the oldest question beyond its capacity', () => {
    const store = createPendingConfirmations(2);
    for (const [key, at] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      store.remember(key, pending(at));
    assert.deepEqual(
      ['a', 'b', 'c'].map((key) => store.take(key)?.askedAt),
      [undefined, 2, 3],
    );
  });
});

describe('createPendingConfirmations, one key asked twice', () => {
  it('replaces the question of a conversation with an id: one yes, one send', () => {
    const store = createPendingConfirmations(3);
    store.remember('same', pending(1));
    store.remember('same', pending(2));
    assert.deepEqual([store.take('same')?.askedAt, store.take('same')], [2, undefined]);
  });

  it('keeps both shared questions, gives the oldest first, and counts each against the capacity', () => {
    const store = createPendingConfirmations(3);
    for (const [key, at] of [
      ['same', 1],
      ['same', 2],
      ['other', 3],
      ['same', 4],
    ] as const)
      store.remember(key, pending(at), true);
    assert.deepEqual(
      [store.take('same'), store.take('same'), store.take('same'), store.take('other')].map((found) => found?.askedAt),
      [2, 4, undefined, 3],
    );
  });
});
