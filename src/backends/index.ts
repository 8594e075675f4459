// LLM and VLM backends behind one interface, and the embedders and tokenizers that go with models.
export type { Backend, CallOptions } from './backend.ts';
export type { Embedder } from './embedder.ts';
export type { TokenCounter } from './token-counter.ts';
export { createOpenAiHttpBackend } from './openai-http.ts';
export { createOllamaBackend, type OllamaBackendOptions } from './ollama.ts';
export { createOpenAiEmbedder, type OpenAiEmbedderOptions } from './embeddings/openai-embedder.ts';
export { createOllamaEmbedder, type OllamaEmbedderOptions } from './embeddings/ollama-embedder.ts';
export { createEmbeddingModels, type EmbeddingModels } from './embeddings/embedding-models.ts';
export { createHttpTokenCounter, type HttpTokenCounterOptions } from './tokens/http-token-counter.ts';
export { createFileTokenCounter } from './tokens/file-token-counter.ts';
export { createEstimateCounter } from './tokens/estimate-counter.ts';
export {
  createLlamaCppModel,
  createLlamaCppEmbedder,
  type LlamaCppModel,
  type LlamaCppEmbedder,
} from './llama-cpp/index.ts';
