// The deterministic embedding the fakes answer with (a hashed bag of words), and the texts an embed request asks for.

/** Dimensions of a fake embedding unless a fake is started with others. */
export const FAKE_EMBEDDING_DIMENSIONS = 16;

/**
 * A unit vector for `text`: every lower-cased word adds ±1 to a bucket picked by its hash, so equal texts
 * give equal vectors and texts that share words point the same way. A text without words gets a fixed axis.
 */
export function fakeEmbedding(text: string, dimensions: number = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = fnv1a(word);
    vector[hash % dimensions]! += (hash >>> 16) % 2 === 0 ? 1 : -1;
  }
  const length = Math.hypot(...vector);
  if (length === 0) return vector.map((_, index) => (index === 0 ? 1 : 0));
  return vector.map((value) => value / length);
}

/** 32-bit FNV-1a of a string's UTF-16 code units: small, stable and good enough to spread words. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The texts of an embed request's `input` (one string or a list of them); `undefined` when it is neither. */
export function embeddingInputs(body: Record<string, unknown>): string[] | undefined {
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  return Array.isArray(input) && input.every((text) => typeof text === 'string') ? input : undefined;
}
