// The fake Ollama server: start it, script its chat and embed answers, inspect what it received.
export { startFakeOllama, DEFAULT_OLLAMA_TEXT, type FakeOllama, type FakeOllamaOptions } from './server.ts';
export { CREATED_AT } from './wire.ts';
export {
  DEFAULT_COUNTS,
  type ChatDelivery,
  type ChatTextStep,
  type ChatToolCallsStep,
  type EmbedVectorsStep,
  type FakeOllamaCounts,
  type FakeOllamaToolCall,
  type OllamaChatStep,
  type OllamaEmbedStep,
  type RawChunksStep,
  type RawLinesStep,
} from './script.ts';
export { fakeEmbedding, type FaultStep, type RecordedRequest } from '../loopback/index.ts';
