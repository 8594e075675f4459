// What HA-Assist logs about a turn: the route and its diagnostics; message content only at debug level.

import type { Logger } from '../common/index.ts';
import { type Diagnostics, toWireMetrics } from './diagnostics/index.ts';
import type { OutputCheck } from './steps/validate-output.ts';
import type { RequestType } from './steps/detect-request-type.ts';
import type { HaRequest } from './understand/index.ts';

/** Logs a turn HA-Assist answered itself. */
export function logDirectTurn(logger: Logger, diagnostics: Diagnostics): void {
  logger.info({ route: 'direct', plan: diagnostics.plan?.kind, prepMs: diagnostics.route.prepMs }, 'ha-assist route');
}

/** Logs a turn about to go to a model, with what was kept of the request. */
export function logGenerativeTurn(
  logger: Logger,
  request: HaRequest,
  type: RequestType,
  diagnostics: Diagnostics,
): void {
  const entities = request.catalog?.entities.length ?? 0;
  logger.info({ type, ...toWireMetrics(diagnostics), entities, tools: request.tools.length }, 'ha-assist route');
  if (request.contextProblem !== undefined)
    logger.warn({ problem: request.contextProblem }, 'ha-assist could not read the home catalogue');
  // Message content is private: only at debug level.
  if (logger.isLevelEnabled('debug')) logger.debug({ userText: request.userText }, 'ha-assist turn');
}

/** Logs a rejection of the model's tool calls. */
export function logRejection(logger: Logger, check: OutputCheck): void {
  if (!check.ok) logger.warn({ rule: check.rule, tool: check.tool }, "ha-assist rejected the model's tool calls");
}
