// Semantic similarity of a sentence to every entity, with the entities' vectors embedded once per catalogue.

import type { Embedder } from '../../backends/index.ts';
import type { CatalogEntity, CatalogMemo, EntityCatalog } from '../understand/index.ts';

/** Entity vectors (unit length) by catalogue, then by embedder name (a pipeline's own: see `createAssistCaches`). */
export type EntityVectors = CatalogMemo<Map<string, Promise<Float32Array[]>>>;

/** What a similarity lookup works from. */
export interface SimilarityInput {
  embedder: Embedder;
  catalog: EntityCatalog;
  text: string;
  /** Where the catalogue's vectors are kept between requests. */
  vectors: EntityVectors;
  signal?: AbortSignal;
}

/**
 * The cosine similarity of `text` to each entity of `catalog`, by catalogue index. The catalogue's
 * vectors are computed on first use and reused by every later request about the same home; a failed
 * embedding is forgotten, so the next request tries again.
 */
export async function similaritiesTo(input: SimilarityInput): Promise<Float32Array> {
  const { embedder, signal } = input;
  const options = signal === undefined ? {} : { signal };
  const [entityVectors, [query]] = await Promise.all([
    entityVectorsOf(embedder, input.catalog, input.vectors),
    embedder.embed([input.text], options),
  ]);
  const unitQuery = unit(query!);
  const similarities = new Float32Array(entityVectors.length);
  entityVectors.forEach((vector, position) => {
    similarities[position] = dot(vector, unitQuery);
  });
  return similarities;
}

/** The text an entity is embedded as: its names, domain and area, as a person would describe it. */
export function entityText(entity: CatalogEntity): string {
  const names = [entity.name, ...entity.aliases].join(', ');
  const domain = entity.domain.replace(/_/gu, ' ');
  return entity.area === undefined ? `${names} (${domain})` : `${names} (${domain} in ${entity.area})`;
}

function entityVectorsOf(embedder: Embedder, catalog: EntityCatalog, kept: EntityVectors): Promise<Float32Array[]> {
  // One embedder per pipeline: a catalogue's map holds one entry.
  const byEmbedder = kept.of(catalog, () => new Map());
  const cached = byEmbedder.get(embedder.name);
  if (cached !== undefined) return cached;
  // Not tied to one request's signal: the vectors serve every later request too.
  const vectors = embedder.embed(catalog.entities.map(entityText)).then((list) => list.map(unit));
  byEmbedder.set(embedder.name, vectors);
  vectors.catch(() => byEmbedder.delete(embedder.name));
  return vectors;
}

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) sum += a[i]! * b[i]!;
  return sum;
}
