// hassil for TypeScript: Home Assistant's intent grammar engine. The public API of this self-contained library.
export { recognize, recognizeAll } from './recognize.ts';
export { recognizeBest } from './rank.ts';
export type { RecognizeResult, RecognizeOptions, RecognizeBestOptions, MatchEntity, MatchCapture } from './result.ts';
export { loadIntents, compileList, IntentsDocumentSchema, type IntentsDocument } from './intents.ts';
export type { Intents, Intent, IntentData, Responses } from './intents-model.ts';
export { parseSentence, isTemplate } from './parse.ts';
export type {
  Expression,
  Sentence,
  TextChunk,
  Sequence,
  Alternative,
  Permutation,
  ListReference,
  RuleReference,
} from './expression.ts';
export {
  createTextSlotList,
  createTextValue,
  textSlotListFromStrings,
  rangeNumbers,
  type SlotList,
  type TextSlotList,
  type TextSlotValue,
  type RangeSlotList,
  type WildcardSlotList,
  type IntentContext,
  type JsonValue,
} from './slot-lists.ts';
export { normalizeText, removePunctuation } from './normalize.ts';
export { HassilError, type HassilErrorCode, type GrammarLocation } from './errors.ts';
export { spellNumber, supportsNumberWords } from './number-words/index.ts';
export {
  sampleExpression,
  sampleIntents,
  DEFAULT_MAX_SENTENCES,
  type SampleContext,
  type SampleIntentsOptions,
  type SampledSentence,
} from './sample/index.ts';
export {
  loadIntentsRepo,
  buildIntentsRepoDocument,
  loadSlotCombinations,
  type RepoFiles,
  type SlotCombination,
} from './intents-repo.ts';
export { createFsRepo } from './fs-repo.ts';
export {
  renderResponse,
  createResponseVariables,
  createResponseSlots,
  ResponseState,
  type ResponseContext,
  type ResponseStateInit,
} from './responses/index.ts';
export { YAML11_SCHEMA, loadYamlText } from './yaml-file.ts';
