// Counts tokens with the serving model's own tokenizer, through llama.cpp server's or vLLM's `/tokenize`.

import { z } from 'zod';
import type { CallOptions } from '../backend.ts';
import type { TokenCounter } from '../token-counter.ts';
import { badResponse } from '../upstream-error.ts';
import { postJson, trimBaseUrl, type UpstreamTarget } from '../upstream-post.ts';

/** Which server's `/tokenize` to speak: their request and response shapes differ. */
export type TokenizeDialect = 'llama.cpp' | 'vllm';

/** How to reach the tokenizer of one model on a llama.cpp or vLLM server. */
export interface HttpTokenCounterOptions extends UpstreamTarget {
  /** The OpenAI API root (`http://host:8081/v1`) or the server root; `/tokenize` lives at the root either way. */
  baseUrl: string;
  dialect: TokenizeDialect;
  /** The model name the server knows (vLLM checks it; llama.cpp serves one model and ignores it). */
  upstreamModel: string;
}

const LlamaCppTokenizeSchema = z.looseObject({
  // Plain ids, or `{id, piece}` pairs when a client asked for `with_pieces`.
  tokens: z.array(z.union([z.number().int(), z.looseObject({ id: z.number().int() })])),
});

const VllmTokenizeSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  max_model_len: z.number().int().optional(),
  tokens: z.array(z.number().int()).optional(),
});

/** A token counter that asks the server that runs the model. */
export function createHttpTokenCounter(options: HttpTokenCounterOptions): TokenCounter {
  const url = `${serverRoot(options.baseUrl)}/tokenize`;
  const isVllm = options.dialect === 'vllm';
  return {
    source: isVllm ? 'vllm /tokenize' : 'llama.cpp /tokenize',
    async count(text: string, callOptions: CallOptions = {}): Promise<number> {
      if (text === '') return 0;
      // Special tokens are not added (we count a piece of a prompt), but those written in the text are
      // parsed as the single tokens the chat template will make of them.
      const body = isVllm
        ? { model: options.upstreamModel, prompt: text, add_special_tokens: false }
        : { content: text, add_special: false, parse_special: true };
      const json = await postJson(options, url, body, callOptions.signal);
      return isVllm ? vllmCount(json, options.name) : llamaCppCount(json, options.name);
    },
  };
}

/** The server root of a base URL: trailing slashes and a final `/v1` removed. */
export function serverRoot(baseUrl: string): string {
  return trimBaseUrl(baseUrl).replace(/\/v1$/, '');
}

function llamaCppCount(json: unknown, name: string): number {
  const parsed = LlamaCppTokenizeSchema.safeParse(json);
  if (!parsed.success) throw badResponse(name, 'the /tokenize answer has no token list');
  return parsed.data.tokens.length;
}

function vllmCount(json: unknown, name: string): number {
  const parsed = VllmTokenizeSchema.safeParse(json);
  if (!parsed.success) throw badResponse(name, 'the /tokenize answer has no token count');
  const { count, tokens } = parsed.data;
  if (tokens !== undefined && tokens.length !== count) {
    throw badResponse(name, `the /tokenize answer counts ${count} tokens but lists ${tokens.length}`);
  }
  return count;
}
