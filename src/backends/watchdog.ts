// A silence timer for upstream calls: aborts a request that stops making progress, so no call can hang.

/** An abort signal that fires after a silence, or when the caller's signal aborts. */
export interface Watchdog {
  /** Pass to fetch; aborts on silence or when the caller aborts. */
  signal: AbortSignal;
  /** Starts the silence count again (call before every read). */
  restart(): void;
  /** Stops the silence count until the next `restart()`, while the consumer rather than the server has the turn. */
  pause(): void;
  /** Disarms the timer and lets go of the caller's signal. */
  stop(): void;
  /** Whether the abort came from the timer rather than the caller. */
  hasFired(): boolean;
  /** Whether the caller's signal aborted. */
  isCancelled(): boolean;
}

/** A watchdog that fires after `timeoutMs` of silence. */
export function createWatchdog(timeoutMs: number, outer: AbortSignal | undefined): Watchdog {
  const controller = new AbortController();
  let hasFired = false;
  let timer: NodeJS.Timeout | undefined;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  // An 'abort' event never fires for a signal that is already aborted, so check it first.
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      hasFired = true;
      controller.abort(new Error('read timeout'));
    }, timeoutMs);
  };
  arm();
  return {
    signal: controller.signal,
    restart: arm,
    pause: () => clearTimeout(timer),
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
    hasFired: () => hasFired,
    isCancelled: () => outer?.aborted === true,
  };
}
