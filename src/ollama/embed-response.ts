// Ollama's `/api/embed` answer, both directions: hearth's server writes unit-length vectors (cut to `dimensions` when
// asked), and the Ollama embedder reads the vectors from a server's answer.

import { safeParseJson } from '../common/index.ts';
import { z } from 'zod';

/** The answer's schema as a reader needs it: the vectors; the rest (durations, counts) is not read. */
const EmbedResponseSchema = z.looseObject({ embeddings: z.array(z.array(z.number())) });

/** What the answer says besides the vectors. */
export interface OllamaEmbedHeader {
  model: string;
  totalDurationNs: number;
  promptTokens: number;
  /** Keep only this many leading components (Matryoshka-style), as Ollama's `dimensions` does. */
  dimensions?: number;
}

/** The `/api/embed` body; Ollama returns L2-normalized vectors, so these are too. */
export function encodeOllamaEmbed(
  vectors: readonly Float32Array[],
  header: OllamaEmbedHeader,
): Record<string, unknown> {
  return {
    model: header.model,
    embeddings: vectors.map((vector) => normalized(vector.subarray(0, header.dimensions ?? vector.length))),
    total_duration: header.totalDurationNs,
    load_duration: 0,
    prompt_eval_count: header.promptTokens,
  };
}

function normalized(vector: Float32Array): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  return Array.from(vector, (value) => (norm === 0 ? value : value / norm));
}

/** The vectors of an `/api/embed` answer, or undefined when the body holds no list of number lists. */
export function decodeOllamaEmbeddings(json: unknown): number[][] | undefined {
  const parsed = safeParseJson(EmbedResponseSchema, json);
  return parsed.success ? parsed.data.embeddings : undefined;
}
