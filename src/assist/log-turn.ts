// What HA-Assist logs about a turn: the route and its diagnostics (on the request's one line when the logger is a
// request's); message content only at debug level.

import { type Logger, noteOrInfo } from '../common/index.ts';
import { textOf, type Turn } from '../conversation/index.ts';
import { type Diagnostics, toWireMetrics } from './diagnostics/index.ts';
import type { GateVerdict } from './steps/gate/index.ts';
import type { RequestType } from './steps/detect-request-type.ts';
import type { HaRequest } from './understand/index.ts';

/** Logs a turn HA-Assist answered itself, on the request's line. */
export function logDirectTurn(logger: Logger, diagnostics: Diagnostics): void {
  noteOrInfo(
    logger,
    { route: 'direct', plan: diagnostics.plan?.kind, prepMs: diagnostics.route.prepMs },
    'ha-assist route',
  );
}

/** A turn about to go to a model: the request, its type, and the compiled prompt. */
export interface GenerativeTurn {
  request: HaRequest;
  type: RequestType;
  prompt: Turn;
}

/** Logs a turn about to go to a model, with what was kept of the request; the prompt itself at debug level. */
export function logGenerativeTurn(logger: Logger, turn: GenerativeTurn, diagnostics: Diagnostics): void {
  const { request, type, prompt } = turn;
  const entities = request.catalog?.entities.length ?? 0;
  if (logger.isLevelEnabled('info'))
    noteOrInfo(
      logger,
      { type, ...toWireMetrics(diagnostics), entities, tools: request.tools.length },
      'ha-assist route',
    );
  if (request.contextProblem !== undefined)
    logger.warn({ problem: request.contextProblem }, 'ha-assist could not read the home catalogue');
  // Message content is private: only at debug level.
  if (!logger.isLevelEnabled('debug')) return;
  const messages = prompt.messages.map((message) => ({ role: message.role, text: textOf(message.content) }));
  logger.debug(
    { userText: request.userText, prompt: messages, tools: prompt.tools.map((tool) => tool.name) },
    'ha-assist prompt',
  );
}

/** Logs a rejection of the model's tool calls. */
export function logRejection(logger: Logger, verdict: GateVerdict): void {
  if (verdict.kind === 'refuse')
    logger.warn({ rule: verdict.rule, tool: verdict.tool }, "ha-assist rejected the model's tool calls");
}
