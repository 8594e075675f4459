// The Ollama API wire format, both ways: the server side (requests decoded into our `Turn`, answers, streams, models,
// errors encoded) and the backend side (a `Turn` encoded as a request, answers decoded into our reply and deltas).
export { OllamaEmbedRequestSchema, OllamaShowRequestSchema } from './request-schema.ts';
export { parseOllamaRequest } from './parse-request.ts';
export { decodeOllamaChatRequest } from './decode-request.ts';
export { encodeOllamaChat, encodeOllamaLoad } from './encode-response.ts';
export { encodeOllamaChatRequest, type OllamaRequestSettings } from './encode-request.ts';
export { OllamaChatChunkSchema, type OllamaChatChunk } from './response-schema.ts';
export { decodeOllamaChunkDelta, decodeOllamaReply } from './decode-response.ts';
export { finishReasonOf, usageOf } from './done-fields.ts';
export { createOllamaStreamEncoder, type OllamaStreamHeader } from './encode-stream.ts';
export { encodePs, encodeShow, encodeTags, OLLAMA_API_VERSION } from './encode-models.ts';
export { modelNotFoundMessage, ollamaErrorOf, toOllamaError, type OllamaWireError } from './error-body.ts';
export { ollamaNameOf, resolveOllamaModel } from './model-name.ts';
export { decodeOllamaEmbeddings, encodeOllamaEmbed } from './embed-response.ts';
