// The layout of a minimal llama-architecture GGUF: the hyperparameters, the tokenizer keys and every tensor.

import type { GgufContent, GgufTensor, GgufValue } from './gguf-writer.ts';
import { END_OF_TURN, type SpmVocab } from './spm-vocab.ts';

/** The shape and weights of a llama model; layer weights come from `layerWeight`. */
export interface LlamaModelSpec {
  /** `general.name`. */
  name: string;
  vocab: SpmVocab;
  embeddingLength: number;
  headCount: number;
  feedForwardLength: number;
  blockCount: number;
  contextLength: number;
  /** `{embeddingLength, vocabSize}`: row `t` is token `t`'s embedding. */
  tokenEmbedding: Float32Array;
  /** `{embeddingLength, vocabSize}`: row `t` gives token `t`'s logit; tied to the embedding when absent. */
  output?: Float32Array;
  /** The weights of one block tensor; norms are read from here too. */
  layerWeight(name: string, size: number): Float32Array;
  /** A Jinja chat template for `tokenizer.chat_template`. */
  chatTemplate?: string;
}

/** The GGUF content of a llama model with a SentencePiece tokenizer. */
export function llamaModelContent(spec: LlamaModelSpec): GgufContent {
  const { vocab, embeddingLength: embd, feedForwardLength: ff } = spec;
  // llama.cpp asserts that the rope dimension count equals the head dimension.
  const headDim = embd / spec.headCount;
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  const metadata: Array<[string, GgufValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: spec.name }],
    ['llama.context_length', u32(spec.contextLength)],
    ['llama.embedding_length', u32(embd)],
    ['llama.block_count', u32(spec.blockCount)],
    ['llama.feed_forward_length', u32(ff)],
    ['llama.attention.head_count', u32(spec.headCount)],
    ['llama.attention.head_count_kv', u32(spec.headCount)],
    ['llama.rope.dimension_count', u32(headDim)],
    ['llama.rope.freq_base', { type: 'f32', value: 10000 }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-6 }],
    ['llama.vocab_size', u32(vocab.tokens.length)],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: 'f32s', value: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', u32(vocab.idOf('<unk>'))],
    ['tokenizer.ggml.bos_token_id', u32(vocab.idOf('<s>'))],
    ['tokenizer.ggml.eos_token_id', u32(vocab.idOf(END_OF_TURN))],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    // Without the implicit leading space, "Hello world!" is exactly the pieces Hello, ▁world and !.
    ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: false }],
  ];
  if (spec.chatTemplate !== undefined)
    metadata.push(['tokenizer.chat_template', { type: 'string', value: spec.chatTemplate }]);

  const vocabSize = vocab.tokens.length;
  const tensors: GgufTensor[] = [
    { name: 'token_embd.weight', dims: [embd, vocabSize], data: spec.tokenEmbedding },
    { name: 'output_norm.weight', dims: [embd], data: new Float32Array(embd).fill(1) },
  ];
  if (spec.output !== undefined) tensors.push({ name: 'output.weight', dims: [embd, vocabSize], data: spec.output });
  for (let block = 0; block < spec.blockCount; block++) {
    const tensor = (name: string, dims: number[]): GgufTensor => {
      const full = `blk.${block}.${name}.weight`;
      return {
        name: full,
        dims,
        data: spec.layerWeight(
          full,
          dims.reduce((a, b) => a * b, 1),
        ),
      };
    };
    tensors.push(
      tensor('attn_norm', [embd]),
      tensor('attn_q', [embd, embd]),
      tensor('attn_k', [embd, embd]),
      tensor('attn_v', [embd, embd]),
      tensor('attn_output', [embd, embd]),
      tensor('ffn_norm', [embd]),
      tensor('ffn_gate', [embd, ff]),
      tensor('ffn_up', [embd, ff]),
      tensor('ffn_down', [ff, embd]),
    );
  }
  return { metadata, tensors };
}
