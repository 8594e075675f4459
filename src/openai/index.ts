// The OpenAI wire format: request and response schemas, decode, encode, stream encode and error bodies.
export { ChatCompletionRequestSchema, type ChatCompletionRequest } from './request-schema.ts';
export { decodeChatRequest } from './decode-request.ts';
export { encodeChatRequest } from './encode-request.ts';
export {
  decodeChatCompletion,
  decodeChatCompletionChunk,
  decodeErrorMessage,
  type Decoded,
} from './decode-response.ts';
export { encodeChatCompletion, encodeModel, encodeModelList, type ResponseHeader } from './encode-response.ts';
export {
  decodeEmbeddingsRequest,
  encodeEmbeddings,
  EmbeddingsRequestSchema,
  MAX_EMBEDDING_INPUTS,
  type EmbeddingsHeader,
  type EmbeddingsQuery,
  type EmbeddingsRequest,
} from './embeddings.ts';
export { createStreamEncoder, type StreamEncoder } from './encode-stream.ts';
export { toWireError, type ErrorBody, type WireError } from './error-body.ts';
export { parseJsonBody, MAX_JSON_DEPTH, type JsonBodyOptions } from './json-body.ts';
export { createLargeValueCache, type LargeValueCache, type LargeValueLimits } from './large-values.ts';
export { describeIssues, formatPath, type FieldProblem } from './validation-error.ts';
export {
  decodeResponsesRequest,
  type DecodedResponsesRequest,
  type ResponseEcho,
} from './responses/decode-request.ts';
export { ResponsesRequestSchema, type ResponsesRequest } from './responses/request-schema.ts';
export { encodeResponse } from './responses/encode-response.ts';
export { createResponsesStreamEncoder } from './responses/encode-stream.ts';
