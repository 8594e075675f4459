// The HA-Assist pipeline: the one place that knows the order of the steps.

import type { Clock, Logger } from '../common/index.ts';
import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';
import type { Backend } from '../backends/index.ts';
import { roundMs, type AssistMetrics } from './metrics.ts';
import type { AssistSettings } from './settings.ts';
import { detectRequestType, type RequestType } from './steps/detect-request-type.ts';
import { selectBackend, type BackendChoice } from './steps/select-backend.ts';
import { understandRequest, type CatalogCache, type HaRequest } from './understand/index.ts';

/** What the pipeline is built from; cli/ supplies the concrete parts. */
export interface AssistDeps {
  settings: AssistSettings;
  /** The enabled physical models by name. */
  backends: ReadonlyMap<string, Backend>;
  clock: Clock;
  catalogCache: CatalogCache;
}

/** Per-request options. */
export interface AssistCallOptions {
  signal?: AbortSignal;
  /** The request's logger (carries the request id). */
  logger: Logger;
}

/** The HA-Assist virtual model. */
export interface HaAssist {
  /** Answers a non-streaming turn; the reply carries `metrics`. */
  complete(turn: Turn, options: AssistCallOptions): Promise<Reply>;
  /** Answers a streaming turn; errors before the first delta are thrown by the first `next()`. */
  stream(turn: Turn, options: AssistCallOptions): AsyncIterable<ReplyDelta>;
}

/** The prepared route of one turn. */
interface Plan {
  request: HaRequest;
  type: RequestType;
  choice: BackendChoice;
  prepMs: number;
}

/** Builds the HA-Assist pipeline. */
export function createHaAssist(deps: AssistDeps): HaAssist {
  function plan(turn: Turn, logger: Logger): Plan {
    const started = deps.clock.monotonic();
    // Step 1 (the boundary) happened before: only `model: "HA-Assist"` reaches this point.
    const request = understandRequest(turn, deps.catalogCache);
    // Step 2: text, image or tool-result round.
    const type = detectRequestType(request);
    // Step 3 (deterministic processing) and steps 4–5 (retrieval, prompt) are not built yet: every turn
    // is forwarded whole, as exactly one call (steps 6–7).
    const choice = selectBackend(type, deps.settings, deps.backends);
    const prepMs = roundMs(deps.clock.monotonic() - started);
    logPlan(logger, request, type, choice, prepMs);
    return { request, type, choice, prepMs };
  }

  return {
    async complete(turn, options) {
      const { choice, prepMs } = plan(turn, options.logger);
      const reply = await choice.backend.complete(turn, callOptions(options));
      const metrics: AssistMetrics = {
        ha_route: { route: choice.route, backend: choice.backend.name, prep_ms: prepMs, inference_calls: 1 },
      };
      return { ...reply, metrics: { ...metrics } };
    },

    async *stream(turn, options) {
      const { choice } = plan(turn, options.logger);
      yield* choice.backend.stream(turn, callOptions(options));
    },
  };
}

function callOptions(options: AssistCallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

function logPlan(logger: Logger, request: HaRequest, type: RequestType, choice: BackendChoice, prepMs: number): void {
  logger.info({ type, route: choice.route, backend: choice.backend.name, prepMs, entities: request.catalog?.entities.length ?? 0, tools: request.tools.length }, 'ha-assist route');
  if (request.contextProblem !== undefined) logger.warn({ problem: request.contextProblem }, 'ha-assist could not read the home catalogue');
  // Message content is private: only at debug level.
  if (logger.isLevelEnabled('debug')) logger.debug({ userText: request.userText }, 'ha-assist turn');
}
