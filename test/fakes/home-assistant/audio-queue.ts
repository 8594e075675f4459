// The audio of one pipeline run: binary frames queue from the moment the run is registered until STT reads them.

/** Thrown out of a wait when the run is cancelled (timeout, unsubscribe, connection closed). */
export class RunCancelledError extends Error {
  readonly code = 'RUN_CANCELLED';
  constructor(reason: unknown) {
    super('Pipeline run cancelled', { cause: reason });
  }
}

/** A FIFO of audio chunks; an empty chunk is the end of the audio (the one-byte frame of §4.6). */
export interface AudioQueue {
  push(chunk: Buffer): void;
  /** The next chunk, waiting for it; rejects with `RunCancelledError` when the signal aborts. */
  read(signal: AbortSignal): Promise<Buffer>;
}

/** An empty queue. */
export function createAudioQueue(): AudioQueue {
  const chunks: Buffer[] = [];
  let waiter: ((chunk: Buffer) => void) | undefined;
  return {
    push(chunk) {
      const take = waiter;
      waiter = undefined;
      if (take === undefined) chunks.push(chunk);
      else take(chunk);
    },
    read(signal) {
      const chunk = chunks.shift();
      if (chunk !== undefined) return Promise.resolve(chunk);
      return untilAborted(signal, (resolve) => {
        waiter = resolve;
      });
    },
  };
}

/** A promise settled by `start`, or rejected with `RunCancelledError` as soon as the signal aborts. */
export function untilAborted<T>(signal: AbortSignal, start: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new RunCancelledError(signal.reason));
    const onAbort = () => reject(new RunCancelledError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    start((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

/** Waits `ms` milliseconds unless the run is cancelled first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return untilAborted(signal, (resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

/** Waits until the run is cancelled (`hangAt`, `dropAt`). */
export function hang(signal: AbortSignal): Promise<never> {
  return untilAborted<never>(signal, () => {});
}
