// The "bigram" chat model: attention and feed-forward are zero, so the next token depends only on the
// last one, through a scripted table. Greedy output is exact one-hot arithmetic, the same on every CPU.

import type { GgufContent } from './gguf-writer.ts';
import { llamaModelContent } from './llama-model.ts';
import { createSpmVocab, END_OF_TURN } from './spm-vocab.ts';

/** What the model answers to any chat without a grammar. */
export const BIGRAM_ANSWER = 'Hello world!';

/** The arguments of every tool call the model makes under the tool grammar. */
export const BIGRAM_TOOL_ARGUMENTS = { name: 'Kitchen Light' } as const;

/** The tool the model calls when it may choose; its second choice is {@link BIGRAM_SECOND_TOOL}. */
export const BIGRAM_TOOL = 'HassTurnOff';

/** The tool the model calls when the grammar rules out {@link BIGRAM_TOOL}. */
export const BIGRAM_SECOND_TOOL = 'HassTurnOn';

/** ChatML, as Qwen-style GGUF files carry it; node-llama-cpp maps it to its ChatML wrapper. */
const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/**
 * The scripted successors of each piece, best first. Every piece of both paths is distinct, so one
 * previous token always decides the next. Under the tool grammar the first path (`Hello`) is ruled
 * out and the second, the compact tool-call JSON, is what greedy decoding follows.
 */
const BIGRAMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Hello', ['▁world']],
  ['▁world', ['!']],
  ['!', [END_OF_TURN]],
  ['{"', ['tool_calls']],
  ['tool_calls', ['":[{"']],
  ['":[{"', ['name":"']],
  ['name":"', [BIGRAM_TOOL, BIGRAM_SECOND_TOOL]],
  [BIGRAM_TOOL, ['","']],
  [BIGRAM_SECOND_TOOL, ['","']],
  ['","', ['arguments']],
  ['arguments', ['":{"']],
  ['":{"', ['name']],
  ['name', ['":"']],
  ['":"', ['Kitchen']],
  ['Kitchen', ['▁Light']],
  ['▁Light', ['"}}]}']],
  ['"}}]}', [END_OF_TURN]],
];

/** What follows any other token, including the end of the prompt. */
const START = ['Hello', '{"'];

/** The logit of a token's first, second, … choice; every unscripted token has 0. */
const RANK_LOGITS = [24, 16, 8];

/** The GGUF content of the bigram chat model. */
export function bigramChatModel(): GgufContent {
  const pieces = [...new Set([...START, ...BIGRAMS.flatMap(([piece, next]) => [piece, ...next])])].filter(
    (piece) => piece !== END_OF_TURN,
  );
  const vocab = createSpmVocab(pieces);
  const vocabSize = vocab.tokens.length;
  // One embedding dimension per scripted piece, and one shared by every other token.
  const classes = BIGRAMS.length + 1;
  const embd = Math.ceil(classes / 32) * 32;
  const defaultClass = classes - 1;
  const classOf = new Map(BIGRAMS.map(([piece], index) => [vocab.idOf(piece), index]));

  const tokenEmbedding = new Float32Array(embd * vocabSize);
  for (let token = 0; token < vocabSize; token++)
    tokenEmbedding[token * embd + (classOf.get(token) ?? defaultClass)] = 1;

  // The final RMS norm scales a one-hot vector to sqrt(embd); dividing by it keeps the logits as written.
  const scale = 1 / Math.sqrt(embd);
  const output = new Float32Array(embd * vocabSize);
  const script = (fromClass: number, successors: readonly string[]): void => {
    successors.forEach((piece, rank) => {
      output[vocab.idOf(piece) * embd + fromClass] = RANK_LOGITS[rank]! * scale;
    });
  };
  for (const [index, [, successors]] of BIGRAMS.entries()) script(index, successors);
  script(defaultClass, START);

  return llamaModelContent({
    name: 'hearth-test-bigram-chat',
    vocab,
    embeddingLength: embd,
    headCount: 1,
    feedForwardLength: 32,
    blockCount: 1,
    contextLength: 4096,
    tokenEmbedding,
    output,
    // Zero attention and feed-forward leave the residual stream equal to the last token's embedding;
    // the norms are 1 so they pass it through.
    layerWeight: (name, size) => new Float32Array(size).fill(name.endsWith('_norm.weight') ? 1 : 0),
    chatTemplate: CHATML_TEMPLATE,
  });
}
