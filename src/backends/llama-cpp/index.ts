// The embedded llama.cpp runtime: chat models, their token counters, and embedding models, in-process.
export { createLlamaCppModel, type LlamaCppModel, type LlamaCppModelOptions } from './llama-cpp-model.ts';
export { createLlamaCppEmbedder, type LlamaCppEmbedder, type LlamaCppEmbedderOptions } from './embedder.ts';
