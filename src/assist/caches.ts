// What HA-Assist keeps between requests, built together so that each pipeline owns its own and starts clean.

import type { PromptCaches } from './prompt/index.ts';
import {
  createListQuestionGrammars,
  type ListQuestionGrammars,
} from './steps/deterministic/list-question-recognize.ts';
import { createToolWordsCache, type RetrievalCaches } from './retrieval/index.ts';
import { createCatalogCache, createCatalogMemo, createLruCache, type UnderstandCaches } from './understand/index.ts';

/**
 * Every cache of one pipeline. The prompt, catalogue and tool-result caches are bounded LRUs; what is
 * derived from a catalogue (aliased copies, indexes, vectors, Live Context lookups) lives exactly as long
 * as the catalogue object, so those bounds bound it too.
 */
export type AssistCaches = Required<UnderstandCaches> &
  RetrievalCaches &
  PromptCaches & {
    /** The list and calendar questions' grammar per language, compiled at its first use. */
    listGrammars: ListQuestionGrammars;
  };

/** Fresh caches; the prompt, catalogue and long-tool-result caches keep at most `size` entries each. */
export function createAssistCaches(size: number): AssistCaches {
  return {
    prompts: createLruCache(size),
    catalogs: createCatalogCache(size),
    toolResults: createLruCache(size),
    aliasedCatalogs: createCatalogMemo(),
    entityIndexes: createCatalogMemo(),
    entityVectors: createCatalogMemo(),
    toolWords: createToolWordsCache(),
    listGrammars: createListQuestionGrammars(),
    liveEntities: createCatalogMemo(),
  };
}
