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
export { encodeChatCompletion, encodeModelList, type ResponseHeader } from './encode-response.ts';
export { createStreamEncoder, type StreamEncoder } from './encode-stream.ts';
export { toWireError, type ErrorBody, type WireError } from './error-body.ts';
export { parseJsonBody, MAX_JSON_DEPTH, type JsonBodyOptions } from './json-body.ts';
export { createLargeValueCache, type LargeValueCache, type LargeValueLimits } from './large-values.ts';
export { describeIssues, formatPath, type FieldProblem } from './validation-error.ts';
