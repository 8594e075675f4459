// hassil for TypeScript: Home Assistant's intent grammar engine. The public API of this self-contained library.

// Loading: a grammar from hassil's classic document or from the OHF-Voice/intents repository layout.
export { loadIntents, type IntentsDocument } from './grammar/intents-document.ts';
export {
  loadIntentsRepo,
  loadSlotCombinations,
  type RepoFiles,
  type SlotCombination,
} from './grammar/intents-repo.ts';
export { createFsRepo } from './grammar/fs-repo.ts';
export type { Intents, IntentData } from './grammar/intents-model.ts';

// Recognizing: a sentence against a grammar, with the caller's slot lists.
export { recognize, recognizeAll } from './recognize.ts';
export { recognizeBest } from './rank.ts';
export type { RecognizeResult, RecognizeOptions, RecognizeBestOptions, MatchEntity } from './result.ts';
export {
  createTextSlotList,
  createTextValue,
  textSlotListFromStrings,
  type SlotList,
  type TextSlotValue,
} from './grammar/slot-lists.ts';
export { compileList } from './grammar/intents-document.ts';

// Responses: an intent's response template rendered for a result.
export {
  renderResponse,
  createResponseVariables,
  createResponseSlots,
  ResponseState,
  type ResponseContext,
  type ResponseStateInit,
} from './responses/index.ts';

// Sampling: sentences generated from templates.
export {
  sampleIntents,
  sampleExpression,
  type SampleIntentsOptions,
  type SampleContext,
  type SampledSentence,
} from './sample/index.ts';

// Errors.
export { HassilError, type GrammarLocation } from './errors.ts';

// Helpers: the template syntax tree, composing tables of lists and rules, hassil's punctuation rules.
export { parseSentence } from './parse.ts';
export type { Expression, Sentence, TextChunk } from './expression.ts';
export { mergeMaps, toMap, type ByName } from './name-tables.ts';
export { removePunctuation } from './text/normalize.ts';

// Python's formats the engine reads and prints, shared with the rest of hearth: `repr(float)`, PyYAML's resolver.
export { floatRepr } from './python/float-repr.ts';
export { PyFloat } from './python/py-float.ts';
export { NUMBER_WORDS, type NumberWordTable } from './number-words/word-tables.ts';
export {
  isPlainTag,
  readYaml11Bool,
  readYaml11Number,
  resolvePlainTag,
  type PlainTag,
} from './python/yaml-resolve.ts';
export { createYaml11Schema, YAML11_SCHEMA, type YamlSchema } from './python/yaml-schema.ts';
