// One generation at a time: a first-in, first-out mutex whose waiters can give up their place.

/** Runs tasks one after another, in the order they arrived. */
export interface GenerationQueue {
  /**
   * Runs `task` once every earlier task has finished. When `signal` aborts while the task is still
   * waiting, the task never runs and the promise rejects with the signal's reason.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** An empty queue. */
export function createGenerationQueue(): GenerationQueue {
  let isBusy = false;
  const waiting: Array<() => void> = [];

  // The lock passes straight to the next waiter, so a newcomer can never overtake it.
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) isBusy = false;
    else next();
  };

  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    signal?.throwIfAborted();
    if (!isBusy) {
      isBusy = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = (): void => {
        signal?.removeEventListener('abort', giveUp);
        resolve();
      };
      const giveUp = (): void => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      waiting.push(start);
    });
  };

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
