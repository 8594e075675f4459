// Retrieval: which entities and tools of a Home Assistant request are relevant to the current turn.
export {
  retrieve,
  DEFAULT_RETRIEVAL_SETTINGS,
  type RetrievalCaches,
  type RetrievalSettings,
  type RetrievalInput,
  type Retrieved,
} from './retrieve.ts';
export { entityIndexOf, type EntityIndex, type EntityIndexes } from './entity-index.ts';
export { rankEntities, SEMANTIC_FLOOR, type RankedEntity } from './rank-entities.ts';
export { readCues, type QueryCues } from './query-cues.ts';
export { entityText, similaritiesTo, type EntityVectors, type SimilarityInput } from './semantic.ts';
export { createToolWordsCache, type ToolWordsCache } from './rank-tools.ts';
