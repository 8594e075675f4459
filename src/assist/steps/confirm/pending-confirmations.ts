// The confirmation questions HA-Assist has asked and not yet seen answered: in memory, bounded, per conversation.

import type { ToolCall } from '../../../conversation/index.ts';

/** A question asked: the calls a yes would send, what it asked about, and when (a monotonic reading, ms). */
export interface PendingConfirmation {
  readonly calls: readonly Omit<ToolCall, 'id'>[];
  /** The devices the calls reach, by name: each must still be in the home when the yes comes. */
  readonly targets: readonly string[];
  readonly askedAt: number;
}

/** Questions by conversation key. A restart forgets them all, which is the safe side. */
export interface PendingConfirmations {
  /** Remembers a question; the oldest is forgotten beyond the store's capacity. */
  remember(key: string, pending: PendingConfirmation): void;
  /** Takes the question asked in this conversation, if any: it can be answered once. */
  take(key: string): PendingConfirmation | undefined;
}

/** An empty store of at most `capacity` open questions. */
export function createPendingConfirmations(capacity: number): PendingConfirmations {
  const questions = new Map<string, PendingConfirmation>();
  return {
    remember(key, pending) {
      questions.delete(key);
      questions.set(key, pending);
      while (questions.size > capacity) {
        const oldest = questions.keys().next().value;
        if (oldest === undefined) break;
        questions.delete(oldest);
      }
    },
    take(key) {
      const pending = questions.get(key);
      questions.delete(key);
      return pending;
    },
  };
}
