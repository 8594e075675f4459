// The Ollama API wire format: request schemas, decode into our `Turn`, encode answers, streams, models, errors.
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
export { decodeOllamaChatRequest, ollamaToolCallId, type OllamaChatTurn } from './decode-request.ts';
export {
  encodeOllamaChat,
  encodeOllamaLoad,
  encodeOllamaToolCall,
  type OllamaResponseHeader,
} from './encode-response.ts';
export { createOllamaStreamEncoder, type OllamaStreamEncoder, type OllamaStreamHeader } from './encode-stream.ts';
export { encodePs, encodeShow, encodeTags, OLLAMA_API_VERSION, type OllamaModelInfo } from './encode-models.ts';
export { modelNotFoundMessage, toOllamaError, type OllamaErrorBody, type OllamaWireError } from './error-body.ts';
export { ollamaNameOf, resolveOllamaModel } from './model-name.ts';
export { encodeOllamaEmbed, type OllamaEmbedHeader } from './encode-embed.ts';
