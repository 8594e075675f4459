// A backend whose failures are counted (hearth_backend_errors_total), by model and error code; answers pass unchanged.

import { isHearthError } from '../common/index.ts';
import type { Backend } from '../backends/index.ts';
import type { Metrics } from '../metrics/index.ts';

/** `backend`, counting each failed call once: a thrown call, or a stream that fails before or while it streams. */
export function observedBackend(backend: Backend, metrics: Metrics): Backend {
  const count = (error: unknown): never => {
    // A client that went away is not a backend failure.
    if (!(error instanceof Error && error.name === 'AbortError'))
      metrics.backendError(backend.name, isHearthError(error) ? error.code.toLowerCase() : 'unexpected');
    throw error;
  };
  return {
    name: backend.name,
    complete: (turn, options) => backend.complete(turn, options).catch(count),
    async *stream(turn, options) {
      try {
        yield* backend.stream(turn, options);
      } catch (error) {
        count(error);
      }
    },
  };
}
