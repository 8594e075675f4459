// The part every scripted protocol fake shares: its port, its record of requests, its step queues, reset and close.

import type { RecordedRequest, RecordingServer } from './recording-server.ts';
import type { StepQueue } from './step-queue.ts';

/** What every scripted fake server offers besides its URLs and its own script methods. */
export interface ScriptedFake {
  readonly port: number;
  /** Every request received, in arrival order (recorded once its body is read). */
  readonly requests: readonly RecordedRequest[];
  /** How many scripted steps are still queued, all endpoints together. */
  readonly pendingSteps: number;
  /** Resolves once at least `count` requests were recorded. */
  waitForRequests(count: number): Promise<RecordedRequest[]>;
  /** Forgets recorded requests and queued steps, and restores the starting default steps. */
  reset(): void;
  /** Ends every open response (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

/** A fake's own members (`own`: URLs and script methods, read once) joined with the shared ones, backed by `server` and the fake's step queues. */
export function createScriptedFake<Fake extends ScriptedFake>(
  server: RecordingServer,
  queues: readonly Pick<StepQueue<unknown>, 'pending' | 'reset'>[],
  own: Omit<Fake, keyof ScriptedFake>,
): Omit<Fake, keyof ScriptedFake> & ScriptedFake {
  return {
    ...own,
    port: server.port,
    requests: server.requests,
    get pendingSteps() {
      return queues.reduce((sum, queue) => sum + queue.pending, 0);
    },
    waitForRequests: (count) => server.waitForRequests(count),
    reset() {
      server.clearRequests();
      for (const queue of queues) queue.reset();
    },
    close: () => server.close(),
  };
}
