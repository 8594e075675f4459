// Runs the retrieval step over a labelled set: which targets it kept, and the compact prompt it led to.

import { performance } from 'node:perf_hooks';
import { buildHaRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../src/openai/index.ts';
import {
  createAssistCaches,
  understandRequest,
  type AssistCaches,
  type CatalogEntity,
} from '../../src/assist/index.ts';
import { compilePrompt } from '../../src/assist/prompt/index.ts';
import { DEFAULT_RETRIEVAL_SETTINGS, retrieve, type RetrievalSettings } from '../../src/assist/retrieval/index.ts';
import { filterHistory } from '../../src/assist/steps/filter-history.ts';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import type { Turn } from '../../src/conversation/index.ts';
import type { RetrievalItem } from './retrieval-set.ts';

/** What retrieval did with one labelled sentence. */
export interface ItemOutcome {
  item: RetrievalItem;
  /** Targets not among the chosen entities. */
  missed: string[];
  /** The request as Home Assistant sent it, and the turn the model would get. */
  raw: Turn;
  prompt: Turn;
  /** Milliseconds for understanding (prompt cached), retrieval and compiling. */
  prepareMs: number;
}

/** Evaluates each item against `home`, as the pipeline's steps 4–5 run it (words only, no embedder). */
export async function evaluateRetrieval(
  home: Home,
  items: readonly RetrievalItem[],
  settings: RetrievalSettings = DEFAULT_RETRIEVAL_SETTINGS,
): Promise<ItemOutcome[]> {
  const caches = createAssistCaches(2);
  const idOf = entityIds(home);
  const outcomes: ItemOutcome[] = [];
  for (const item of items) {
    const raw = decodeChatRequest(buildHaRequest(home, { userText: item.text, era: '2026' }));
    const started = performance.now();
    const { turn, prompt, entities } = await prepare(raw, caches, settings);
    const prepareMs = performance.now() - started;
    const chosen = new Set(entities.map((entity) => idOf.get(keyOf(entity))));
    outcomes.push({ item, missed: item.targets.filter((target) => !chosen.has(target)), raw: turn, prompt, prepareMs });
  }
  return outcomes;
}

/** Understanding, retrieval and the prompt compiler for one request. */
export async function prepare(
  raw: Turn,
  caches: AssistCaches,
  settings: RetrievalSettings,
): Promise<{ turn: Turn; prompt: Turn; entities: CatalogEntity[] }> {
  const request = understandRequest(raw, caches);
  const history = filterHistory(raw.messages, request.history);
  const retrieved = await retrieve({ request, settings, caches, logger: SILENT_LOGGER });
  const prompt = compilePrompt({
    turn: raw,
    request,
    caches,
    keptMessages: history.kept,
    entities: retrieved.entities,
    tools: retrieved.tools,
  });
  return { turn: raw, prompt, entities: retrieved.entities };
}

/** Entity ids by name and area: the prompt's catalogue names entities, the labels use ids. */
function entityIds(home: Home): Map<string, string> {
  return new Map(home.entities.map((entity) => [`${entity.name}\u0000${entity.area ?? ''}`, entity.entityId]));
}

function keyOf(entity: CatalogEntity): string {
  return `${entity.name}\u0000${entity.area ?? ''}`;
}
