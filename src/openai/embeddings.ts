// The OpenAI embeddings wire format: the request we accept (decoded to plain texts) and the response we send.

import { z } from 'zod';
import { HearthError } from '../common/index.ts';
import { parseRequest } from './validation-error.ts';

/** Most texts one request may carry, as OpenAI allows. */
export const MAX_EMBEDDING_INPUTS = 2048;

const TextSchema = z.string().min(1, 'must not be an empty string');

/** The `POST /v1/embeddings` body; unknown fields (e.g. `user`) are ignored. */
export const EmbeddingsRequestSchema = z.object({
  model: z.string().min(1, 'must not be empty'),
  input: z.union([
    TextSchema,
    z
      .array(TextSchema)
      .min(1, 'must hold at least one text')
      .max(MAX_EMBEDDING_INPUTS, `must hold at most ${MAX_EMBEDDING_INPUTS} texts`),
  ]),
  encoding_format: z.enum(['float', 'base64'], { error: "must be 'float' or 'base64'" }).optional(),
  dimensions: z.number().int('must be a whole number').positive('must be positive').optional(),
  user: z.string().optional(),
});

/** The request as the wire spells it. */
export type EmbeddingsRequest = z.infer<typeof EmbeddingsRequestSchema>;

/** What an embeddings request asks for, in our spelling. */
export interface EmbeddingsQuery {
  /** The model name the client sent. */
  model: string;
  /** The texts, in the client's order (one for a string `input`). */
  texts: string[];
  encodingFormat: 'float' | 'base64';
  /** The vector length the client requires; undefined when it takes the model's own. */
  dimensions?: number;
}

/** Validates `body` and reads the texts out of it; throws an `invalid_request` error naming the bad field. */
export function decodeEmbeddingsRequest(body: unknown): EmbeddingsQuery {
  rejectTokenInput(body);
  const request = parseRequest(EmbeddingsRequestSchema, body);
  const query: EmbeddingsQuery = {
    model: request.model,
    texts: typeof request.input === 'string' ? [request.input] : request.input,
    encodingFormat: request.encoding_format ?? 'float',
  };
  if (request.dimensions !== undefined) query.dimensions = request.dimensions;
  return query;
}

/** Token ids (OpenAI's other input form) need the model's own tokenizer; say so rather than "wrong type". */
function rejectTokenInput(body: unknown): void {
  if (typeof body !== 'object' || body === null || !('input' in body) || !Array.isArray(body.input)) return;
  const first: unknown = body.input[0];
  if (typeof first === 'number' || Array.isArray(first)) {
    throw new HearthError(
      'UNSUPPORTED_PARAMETER',
      "hearth embeds text only: send 'input' as a string or an array of strings, not token ids.",
      { param: 'input' },
    );
  }
}

/** Who an embeddings response is for: the model name the client used and the prompt's token count. */
export interface EmbeddingsHeader {
  model: string;
  promptTokens: number;
}

/**
 * The `object: "list"` response for `vectors` (one per text, in order). Throws a 400 when the client asked for
 * `dimensions` the model does not produce: shortening a vector is only meaningful for models trained for it.
 */
export function encodeEmbeddings(
  vectors: readonly Float32Array[],
  query: EmbeddingsQuery,
  header: EmbeddingsHeader,
): Record<string, unknown> {
  const length = vectors[0]?.length ?? 0;
  if (query.dimensions !== undefined && query.dimensions !== length) {
    throw new HearthError(
      'UNSUPPORTED_DIMENSIONS',
      `Model '${query.model}' produces ${length}-dimensional embeddings and cannot shorten or lengthen them; leave out 'dimensions' or send ${length}.`,
      { param: 'dimensions' },
    );
  }
  return {
    object: 'list',
    data: vectors.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: query.encodingFormat === 'base64' ? toBase64(vector) : Array.from(vector),
    })),
    model: header.model,
    usage: { prompt_tokens: header.promptTokens, total_tokens: header.promptTokens },
  };
}

/** The vector as little-endian float32 bytes in base64, which is what OpenAI's clients decode. */
function toBase64(vector: Float32Array): string {
  const bytes = new DataView(new ArrayBuffer(vector.length * 4));
  for (const [index, value] of vector.entries()) bytes.setFloat32(index * 4, value, true);
  return Buffer.from(bytes.buffer).toString('base64');
}
