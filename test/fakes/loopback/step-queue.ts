// A fake's script for one endpoint: queued steps answered in order, then a default step.

/** The queued steps of one endpoint and the step used when none is queued. */
export interface StepQueue<Step> {
  /** How many steps are still queued. */
  readonly pending: number;
  /** Queues steps; each request takes the first one. */
  push(...steps: Step[]): void;
  /** The next queued step, or the default one (`undefined` when there is none). */
  take(): Step | undefined;
  /** Sets the step used when the queue is empty. */
  setDefault(step: Step | undefined): void;
  /** Empties the queue and restores the starting default. */
  reset(): void;
}

/** A queue whose default step starts as `startingDefault`. */
export function createStepQueue<Step>(startingDefault?: Step): StepQueue<Step> {
  const queue: Step[] = [];
  let fallback = startingDefault;
  return {
    get pending() {
      return queue.length;
    },
    push: (...steps) => void queue.push(...steps),
    take: () => queue.shift() ?? fallback,
    setDefault: (step) => void (fallback = step),
    reset() {
      queue.length = 0;
      fallback = startingDefault;
    },
  };
}
