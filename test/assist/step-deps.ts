// What a step is given, for testing one step or the runner alone: the built-in grammar, a fake clock, no models.

import { SILENT_LOGGER } from '../../src/common/index.ts';
import type { Turn } from '../../src/conversation/index.ts';
import {
  createAssistCaches,
  createHomeListsCache,
  createPendingConfirmations,
  createToolSchemaValidator,
  DEFAULT_ASSIST_SETTINGS,
} from '../../src/assist/index.ts';
import type { StepDeps } from '../../src/assist/steps/turn-state.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';
import { builtInGrammar } from '../fixtures/grammar.ts';

/** A turn Home Assistant could send, with `text` as its only message. */
export function userTurn(text: string): Turn {
  return {
    model: 'HA-Assist',
    messages: [{ role: 'user', content: text }],
    tools: [],
    stream: false,
    includeUsage: false,
    sampling: {},
    extra: {},
  };
}

/** Step deps answering whole (`complete`), with no model configured; `changes` replace any part. */
export function stepDeps(changes: Partial<StepDeps> = {}): StepDeps {
  return {
    settings: DEFAULT_ASSIST_SETTINGS,
    models: new Map(),
    clock: createFakeClock(),
    ids: createCountingIds(),
    caches: createAssistCaches(4),
    homeLists: createHomeListsCache(),
    grammar: builtInGrammar(),
    validator: createToolSchemaValidator(),
    confirmations: createPendingConfirmations(4),
    sleep: async () => {},
    mode: 'complete',
    logger: SILENT_LOGGER,
    ...changes,
  };
}
