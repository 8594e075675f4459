// The OpenAI wire format: request and response schemas, decode, encode, stream encode and error bodies.

export { createDecodedToolLists, decodeChatRequest } from './decode-request.ts';
export { encodeChatRequest } from './encode-request.ts';
export { decodeChatCompletion, decodeChatCompletionChunk, decodeErrorMessage } from './decode-response.ts';
export { encodeChatCompletion, encodeModel, encodeModelList, type ResponseHeader } from './encode-response.ts';
export { decodeEmbeddingsRequest, encodeEmbeddings, type EmbeddingsQuery } from './embeddings.ts';
export { createStreamEncoder, type StreamEncoder } from './encode-stream.ts';
export { toWireError, type ErrorBody, type WireError } from './error-body.ts';
export { parseJsonBody } from './json-body.ts';
export { createLargeValueCache } from './large-values.ts';
export { decodeResponsesRequest } from './responses/decode-request.ts';
export { encodeResponse } from './responses/encode-response.ts';
export { createResponsesStreamEncoder } from './responses/encode-stream.ts';
