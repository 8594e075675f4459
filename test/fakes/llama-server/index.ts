// The fake llama.cpp / vLLM server: start it in a dialect, script `/tokenize` and `/v1/embeddings`, inspect what it received.
export {
  startFakeLlamaServer,
  type FakeLlamaServer,
  type FakeLlamaServerDialect,
  type FakeLlamaServerOptions,
} from './server.ts';
export { fakeTokenize, fakeTokenPieces, FAKE_BOS_ID } from './tokenize.ts';
export type { EmbeddingsStep, OpenAiEmbeddingsStep, TokenizeStep } from './script.ts';
export { fakeEmbedding, type FaultStep, type RecordedRequest } from '../loopback/index.ts';
