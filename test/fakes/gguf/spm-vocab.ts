// A tiny SentencePiece-style vocabulary: control tokens, the 256 byte tokens and a few pieces with their prefixes.

/** llama.cpp's token types (`llama_token_type`). */
const NORMAL = 1;
const CONTROL = 3;
const BYTE = 6;

/** The control tokens every test model has, in id order. */
export const SPECIAL_TOKENS = ['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>'] as const;

/** The token that ends a ChatML turn; it is the models' end-of-sequence token. */
export const END_OF_TURN = '<|im_end|>';

/** A vocabulary as the GGUF file stores it, plus a lookup from piece to id. */
export interface SpmVocab {
  tokens: string[];
  scores: number[];
  types: number[];
  /** The id of a piece, a control token or a `<0xNN>` byte token; throws for an unknown one. */
  idOf(piece: string): number;
}

/**
 * A vocabulary holding `pieces` (SentencePiece spelling: `▁` for a space). SentencePiece only merges
 * through pieces that exist, so every prefix of a piece is added too; longer pieces score higher, so
 * the tokenizer prefers them.
 */
export function createSpmVocab(pieces: readonly string[]): SpmVocab {
  const tokens: string[] = [...SPECIAL_TOKENS];
  const types: number[] = SPECIAL_TOKENS.map((token) => (token === '<unk>' ? 2 : CONTROL));
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(BYTE);
  }
  const known = new Set(tokens);
  for (const piece of pieces) {
    const chars = [...piece];
    for (let end = 1; end <= chars.length; end++) {
      const prefix = chars.slice(0, end).join('');
      if (known.has(prefix)) continue;
      known.add(prefix);
      tokens.push(prefix);
      types.push(NORMAL);
    }
  }
  const scores = tokens.map((token, id) => (types[id] === NORMAL ? [...token].length : 0));
  const ids = new Map(tokens.map((token, id) => [token, id]));
  return {
    tokens,
    scores,
    types,
    idOf(piece) {
      const id = ids.get(piece);
      if (id === undefined) throw new Error(`piece ${JSON.stringify(piece)} is not in the vocabulary`);
      return id;
    },
  };
}
