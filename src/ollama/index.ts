// The Ollama API wire format, both ways: the server side (requests decoded into our `Turn`, answers, streams, models,
// errors encoded) and the backend side (a `Turn` encoded as a request, answers decoded into our reply and deltas).
export {
  OllamaChatRequestSchema,
  OllamaEmbedRequestSchema,
  OllamaShowRequestSchema,
  type OllamaChatRequest,
  type OllamaEmbedRequest,
  type OllamaMessage,
  type OllamaShowRequest,
} from './request-schema.ts';
export { parseOllamaRequest } from './parse-request.ts';
export { decodeOllamaChatRequest, type OllamaChatTurn } from './decode-request.ts';
export { ollamaToolCallId } from './messages.ts';
export { encodeOllamaChat, encodeOllamaLoad, type OllamaResponseHeader } from './encode-response.ts';
export { encodeOllamaChatRequest, type OllamaRequestSettings } from './encode-request.ts';
export { OllamaChatChunkSchema, type OllamaChatChunk } from './response-schema.ts';
export { decodeOllamaChunkDelta, decodeOllamaReply, type DecodedOllama } from './decode-response.ts';
export { finishReasonOf, usageOf } from './done-fields.ts';
export { createOllamaStreamEncoder, type OllamaStreamEncoder, type OllamaStreamHeader } from './encode-stream.ts';
export { encodePs, encodeShow, encodeTags, OLLAMA_API_VERSION, type OllamaModelInfo } from './encode-models.ts';
export {
  modelNotFoundMessage,
  ollamaErrorOf,
  toOllamaError,
  type OllamaErrorBody,
  type OllamaWireError,
} from './error-body.ts';
export { ollamaNameOf, resolveOllamaModel } from './model-name.ts';
export { decodeOllamaEmbeddings, encodeOllamaEmbed, type OllamaEmbedHeader } from './embed-response.ts';
