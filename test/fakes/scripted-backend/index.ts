// An in-process Backend for app-level tests: scripted replies, streams and failures; records every turn.

import type { Backend, CallOptions } from '../../../src/backends/index.ts';
import type { Reply, ReplyDelta, Turn } from '../../../src/conversation/index.ts';

/** What the backend does for one call. */
export type ScriptedStep =
  | { kind: 'reply'; reply: Reply }
  | { kind: 'stream'; deltas: ReplyDelta[]; failAfter?: Error }
  | { kind: 'fail'; error: Error };

/** A scripted backend and its record. */
export interface ScriptedBackend extends Backend {
  /** Every turn received, in order. */
  readonly turns: Turn[];
  /** Queues steps; when the queue is empty the default reply ("ok") is used. */
  script(...steps: ScriptedStep[]): void;
}

/** A backend named `name` that answers from its script. */
export function createScriptedBackend(name: string): ScriptedBackend {
  const turns: Turn[] = [];
  const queue: ScriptedStep[] = [];
  const next = (): ScriptedStep =>
    queue.shift() ?? { kind: 'reply', reply: { content: `ok from ${name}`, toolCalls: [], finishReason: 'stop' } };

  return {
    name,
    turns,
    script: (...steps) => void queue.push(...steps),
    async complete(turn: Turn, _options?: CallOptions): Promise<Reply> {
      turns.push(turn);
      const step = next();
      if (step.kind === 'fail') throw step.error;
      if (step.kind === 'stream') throw new Error('scripted a stream for a non-streaming call');
      return step.reply;
    },
    async *stream(turn: Turn, _options?: CallOptions): AsyncGenerator<ReplyDelta> {
      turns.push(turn);
      const step = next();
      if (step.kind === 'fail') throw step.error;
      if (step.kind === 'reply') {
        yield { content: step.reply.content ?? '' };
        yield { finishReason: step.reply.finishReason };
        return;
      }
      yield* step.deltas;
      if (step.failAfter) throw step.failAfter;
    },
  };
}
