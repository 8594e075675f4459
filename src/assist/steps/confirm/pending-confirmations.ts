// The confirmation questions HA-Assist has asked and not yet seen answered: in memory, bounded, per conversation.

import type { ToolCall } from '../../../conversation/index.ts';

/** A question asked: the calls a yes would send, what it asked about, and when (a monotonic reading, ms). */
export interface PendingConfirmation {
  readonly calls: readonly Omit<ToolCall, 'id'>[];
  /** The devices the calls reach, by name: each must still be in the home when the yes comes. */
  readonly targets: readonly string[];
  readonly askedAt: number;
}

/**
 * Questions by conversation key. A conversation with an id holds one open question: asking again (a new question,
 * or the same request sent twice) replaces it, so one yes can never send twice. Two conversations the key cannot
 * tell apart (no conversation id, the same satellite, agent and history) keep a question each: each yes takes the
 * oldest. A restart forgets them all, the safe side.
 */
export interface PendingConfirmations {
  /**
   * Remembers a question: `shared` keeps the questions already under `key` (conversations without an id), else it
   * replaces them. The oldest question of all is forgotten beyond the store's capacity.
   */
  remember(key: string, pending: PendingConfirmation, shared?: boolean): void;
  /** Takes the oldest question asked under this key, if any: each can be answered once. */
  take(key: string): PendingConfirmation | undefined;
}

/** An empty store of at most `capacity` open questions (counted one by one, not by key). */
export function createPendingConfirmations(capacity: number): PendingConfirmations {
  // Oldest first. The store is small (hundreds), so a scan per answer costs nothing next to a request.
  const questions: { readonly key: string; readonly pending: PendingConfirmation }[] = [];
  return {
    remember(key, pending, shared = false) {
      if (!shared) {
        const kept = questions.filter((question) => question.key !== key);
        questions.splice(0, questions.length, ...kept);
      }
      questions.push({ key, pending });
      if (questions.length > capacity) questions.splice(0, questions.length - capacity);
    },
    take(key) {
      const at = questions.findIndex((question) => question.key === key);
      if (at < 0) return undefined;
      return questions.splice(at, 1)[0]!.pending;
    },
  };
}
