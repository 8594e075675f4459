// The fake tokenizer of the llama.cpp / vLLM fake, and its `/tokenize` answers in each server's dialect.

import { fnv1a } from '../loopback/index.ts';

/** The id of the beginning-of-sequence token the fake adds when asked for special tokens. */
export const FAKE_BOS_ID = 1;

/** Words (letters, digits, underscores) and single punctuation marks; whitespace is not a token. */
export function fakeTokenPieces(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

/** The fake token ids of `text`: one per piece, stable, never the BOS id. */
export function fakeTokenize(text: string): number[] {
  return fakeTokenPieces(text).map((piece) => 100 + (fnv1a(piece) % 100_000));
}

/** llama.cpp's `/tokenize` answer for its request body (`content`, `add_special`, `with_pieces`). */
export function llamaCppTokenizeAnswer(body: Record<string, unknown>): Record<string, unknown> {
  // llama.cpp answers an empty list when there is no string content, rather than an error.
  const content = typeof body.content === 'string' ? body.content : '';
  const pieces = fakeTokenPieces(content);
  const ids = fakeTokenize(content);
  const withBos = body.add_special === true;
  if (body.with_pieces === true) {
    const tokens = ids.map((id, index) => ({ id, piece: pieces[index] }));
    return { tokens: withBos ? [{ id: FAKE_BOS_ID, piece: '<s>' }, ...tokens] : tokens };
  }
  return { tokens: withBos ? [FAKE_BOS_ID, ...ids] : ids };
}

/** vLLM's `/tokenize` answer for a completion-style body (`prompt`, `add_special_tokens` defaulting to true). */
export function vllmTokenizeAnswer(
  body: Record<string, unknown>,
  maxModelLen: number,
): Record<string, unknown> | undefined {
  if (typeof body.prompt !== 'string') return undefined;
  const ids = fakeTokenize(body.prompt);
  const tokens = body.add_special_tokens === false ? ids : [FAKE_BOS_ID, ...ids];
  return { count: tokens.length, max_model_len: maxModelLen, tokens, token_strs: null };
}
