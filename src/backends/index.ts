// LLM and VLM backends behind one interface, and the embedders and tokenizers that go with models.
export type { Backend, CallOptions } from './backend.ts';
export type { Embedder } from './embedder.ts';
export type { TokenCounter } from './token-counter.ts';
export { createOpenAiHttpBackend, type OpenAiHttpBackendOptions } from './openai-http.ts';
export { createOllamaBackend, type OllamaBackendOptions } from './ollama.ts';
export { createOpenAiEmbedder, type OpenAiEmbedderOptions } from './embeddings/openai-embedder.ts';
export { createOllamaEmbedder, type OllamaEmbedderOptions } from './embeddings/ollama-embedder.ts';
export {
  createEmbeddingModels,
  type EmbeddingModels,
  type EmbeddingModelsOptions,
  type EmbeddingResult,
} from './embeddings/embedding-models.ts';
export {
  createHttpTokenCounter,
  type HttpTokenCounterOptions,
  type TokenizeDialect,
} from './tokens/http-token-counter.ts';
export {
  createFileTokenCounter,
  type FileTokenCounter,
  type FileTokenCounterOptions,
  type TokenizerFiles,
  type TokenizerPreset,
} from './tokens/file-token-counter.ts';
export { createEstimateCounter } from './tokens/estimate-counter.ts';
export {
  createLlamaCppModel,
  createLlamaCppEmbedder,
  type LlamaCppModel,
  type LlamaCppModelOptions,
  type LlamaCppEmbedder,
  type LlamaCppEmbedderOptions,
} from './llama-cpp/index.ts';
