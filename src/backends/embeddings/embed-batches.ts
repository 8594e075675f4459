// Embeds texts in batches of bounded size, checking that every batch came back whole and every vector alike.

import type { Embedder } from '../embedder.ts';
import { badResponse } from '../upstream-error.ts';
import { postJson, type UpstreamTarget } from '../upstream-post.ts';

/** How many texts go in one request unless configured otherwise; small enough for any local server's batch limit. */
export const DEFAULT_EMBED_BATCH_SIZE = 64;

/** The settings every HTTP embedder shares beside the target. */
export interface EmbedBatchSettings {
  /** The configured model name, for errors. */
  name: string;
  /** Most texts per request. */
  batchSize: number;
}

/** Embeds one batch: one vector per text, in the order given (as the server answered, not yet checked). */
export type EmbedBatch = (batch: string[]) => Promise<number[][]>;

/**
 * One vector per text, in order. Batches go one after the other, not in parallel, so a local server is
 * never flooded. A wrong count or a vector of another length is a bad-response error.
 */
export async function embedInBatches(
  texts: readonly string[],
  settings: EmbedBatchSettings,
  embedBatch: EmbedBatch,
): Promise<Float32Array[]> {
  const size = Math.max(1, Math.floor(settings.batchSize));
  const vectors: Float32Array[] = [];
  let dimensions: number | undefined;
  for (let start = 0; start < texts.length; start += size) {
    const batch = texts.slice(start, start + size);
    const answered = await embedBatch(batch);
    if (answered.length !== batch.length) {
      throw badResponse(settings.name, `${answered.length} embeddings came back for ${batch.length} texts`);
    }
    for (const vector of answered) {
      dimensions ??= vector.length;
      if (vector.length === 0 || vector.length !== dimensions) {
        throw badResponse(
          settings.name,
          `an embedding has ${vector.length} dimensions where ${dimensions} were expected`,
        );
      }
      vectors.push(Float32Array.from(vector));
    }
  }
  return vectors;
}

/** What an HTTP embedder needs beside its URL: the server, the model it knows, and the batch size. */
export interface HttpEmbedderSettings extends UpstreamTarget {
  /** The model name the server knows. */
  upstreamModel: string;
  /** Most texts per request (default {@link DEFAULT_EMBED_BATCH_SIZE}). */
  batchSize?: number;
}

/** Reads the vectors of one batch of `count` texts out of the server's JSON answer (in text order). */
export type ReadVectors = (json: unknown, count: number) => number[][];

/** An embedder that POSTs `{model, input: batch}` to `url` for each batch and reads the answer with `readVectors`. */
export function createHttpEmbedder(settings: HttpEmbedderSettings, url: string, readVectors: ReadVectors): Embedder {
  const batches = { name: settings.name, batchSize: settings.batchSize ?? DEFAULT_EMBED_BATCH_SIZE };
  return {
    name: settings.name,
    embed(texts, callOptions = {}) {
      return embedInBatches(texts, batches, async (batch) => {
        const json = await postJson(settings, url, { model: settings.upstreamModel, input: batch }, callOptions.signal);
        return readVectors(json, batch.length);
      });
    },
  };
}
