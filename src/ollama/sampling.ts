// Ollama's runner `options`, both ways: the generation settings they share with our `Sampling`.

import type { z } from 'zod';
import { definedProps } from '../common/index.ts';
import type { Sampling } from '../conversation/index.ts';
import type { OllamaOptionsSchema } from './request-schema.ts';

/** The sampling settings of a request's `options`; other runner options ride along in the turn's `ollama` fields. */
export function decodeOllamaSampling(options: z.infer<typeof OllamaOptionsSchema> | null | undefined): Sampling {
  const given = options ?? {};
  const sampling: Sampling = {};
  // -1 (unbounded) and -2 (fill the context) mean no limit.
  if (given.num_predict != null && given.num_predict > 0) sampling.maxTokens = given.num_predict;
  if (given.temperature != null) sampling.temperature = given.temperature;
  if (given.top_p != null) sampling.topP = given.top_p;
  if (given.stop != null && given.stop.length > 0) sampling.stop = given.stop;
  if (given.seed != null) sampling.seed = given.seed;
  if (given.presence_penalty != null) sampling.presencePenalty = given.presence_penalty;
  if (given.frequency_penalty != null) sampling.frequencyPenalty = given.frequency_penalty;
  return sampling;
}

/** Our sampling settings under Ollama's option names, leaving out what is unset. */
export function encodeOllamaSampling(sampling: Sampling): Record<string, unknown> {
  return definedProps({
    temperature: sampling.temperature,
    top_p: sampling.topP,
    num_predict: sampling.maxTokens,
    stop: sampling.stop,
    seed: sampling.seed,
    presence_penalty: sampling.presencePenalty,
    frequency_penalty: sampling.frequencyPenalty,
  });
}
