// Turns the text callbacks of a running generation into items a stream can await one by one.

/** The next thing a generation produced: a piece of text, or the end with its result. */
export type ChannelItem<T> = { kind: 'text'; text: string } | { kind: 'done'; result: T };

/** A one-reader buffer between a producer's callbacks and an async consumer. */
export interface TextChannel<T> {
  push(text: string): void;
  finish(result: T): void;
  fail(error: unknown): void;
  /** The next item, in order; rejects with the producer's error once the buffered text is read. */
  next(): Promise<ChannelItem<T>>;
}

/** An empty channel. */
export function createTextChannel<T>(): TextChannel<T> {
  const buffered: string[] = [];
  let end: { result: T } | { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  return {
    push(text) {
      if (text === '' || end !== undefined) return;
      buffered.push(text);
      notify();
    },
    finish(result) {
      end ??= { result };
      notify();
    },
    fail(error) {
      end ??= { error };
      notify();
    },
    async next() {
      while (buffered.length === 0 && end === undefined) await new Promise<void>((resolve) => (wake = resolve));
      const text = buffered.shift();
      if (text !== undefined) return { kind: 'text', text };
      if (end !== undefined && 'error' in end) throw end.error;
      return { kind: 'done', result: (end as { result: T }).result };
    },
  };
}
