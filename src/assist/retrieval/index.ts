// Retrieval: which entities and tools of a Home Assistant request are relevant to the current turn.
export {
  retrieve,
  DEFAULT_RETRIEVAL_SETTINGS,
  type RetrievalSettings,
  type RetrievalInput,
  type Retrieved,
} from './retrieve.ts';
export { entityIndexOf, type EntityIndex } from './entity-index.ts';
export { rankEntities, readCues, SEMANTIC_FLOOR, type QueryCues, type RankedEntity } from './rank-entities.ts';
export { entityText, similaritiesTo } from './semantic.ts';
