// The embedded llama.cpp chat backend: a turn in, a reply (or a stream of deltas) out, one generation at a time.

import { HearthError } from '../../common/index.ts';
import { deltasOfReply, type Reply, type ReplyDelta, type Sampling, type Turn } from '../../conversation/index.ts';
import type { Backend, CallOptions } from '../backend.ts';
import { badResponse, cancelledError } from '../upstream-error.ts';
import type { ChatEngine, Generation } from './chat-engine.ts';
import type { GenerationQueue } from './generation-queue.ts';
import { planGeneration, type GenerationPlan } from './generation-plan.ts';
import { messageOf } from './runtime.ts';
import { createTextChannel } from './text-channel.ts';
import { parseToolOutput } from './tool-output.ts';

/** What the backend runs on. */
export interface LlamaCppBackendOptions {
  /** The configured model name, for errors and metrics. */
  name: string;
  engine: ChatEngine;
  /** Shared by everything that generates on this model's context. */
  queue: GenerationQueue;
  newToolCallId: () => string;
}

/**
 * A backend on an in-process model. The model has one context, so calls queue and run one at a time,
 * in arrival order; a call whose signal aborts while it waits leaves the queue without running, and
 * `close` waits its turn. (node-llama-cpp's LlamaChat also locks itself; our queue adds the order, the
 * early give-up and the orderly close.) Tool calls are generated under a JSON grammar and returned
 * whole, also when streaming.
 */
export function createLlamaCppBackend(options: LlamaCppBackendOptions): Backend {
  const { name } = options;

  async function generate(
    plan: GenerationPlan,
    sampling: Sampling,
    signal: AbortSignal | undefined,
    onText?: (text: string) => void,
  ): Promise<Reply> {
    const generation = await runGeneration(options, signal, (innerSignal) =>
      options.engine.generate({ history: plan.history, schema: plan.schema, sampling, onText, signal: innerSignal }),
    );
    return replyOf(plan, generation, options);
  }

  return {
    name,

    async complete(turn: Turn, callOptions: CallOptions = {}): Promise<Reply> {
      return generate(planGeneration(turn, name), turn.sampling, callOptions.signal);
    },

    async *stream(turn: Turn, callOptions: CallOptions = {}): AsyncGenerator<ReplyDelta> {
      const plan = planGeneration(turn, name);
      if (plan.use !== undefined) {
        // Tool calls are only known once the JSON is complete and parsed.
        yield* deltasOfReply(await generate(plan, turn.sampling, callOptions.signal));
        return;
      }
      const consumerLeft = new AbortController();
      const signal =
        callOptions.signal === undefined
          ? consumerLeft.signal
          : AbortSignal.any([callOptions.signal, consumerLeft.signal]);
      const channel = createTextChannel<Reply>();
      const running = generate(plan, turn.sampling, signal, (text) => channel.push(text)).then(
        (reply) => channel.finish(reply),
        (error: unknown) => channel.fail(error),
      );
      try {
        for (;;) {
          const item = await channel.next();
          // Text generated before the abort may still be buffered; a cancelled call sends none of it.
          if (callOptions.signal?.aborted) throw cancelledError(name, callOptions.signal.reason);
          if (item.kind === 'text') {
            yield { content: item.text };
            continue;
          }
          yield { finishReason: item.result.finishReason };
          if (item.result.usage !== undefined) yield { usage: item.result.usage };
          return;
        }
      } finally {
        // Stops the generation when the consumer stopped reading, and lets it release the model before we return.
        consumerLeft.abort();
        await running;
      }
    },
  };
}

/** Runs one generation in the queue, mapping aborts and runtime failures to coded errors. */
async function runGeneration(
  options: LlamaCppBackendOptions,
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<Generation>,
): Promise<Generation> {
  const controller = new AbortController();
  const abort = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) throw cancelledError(options.name, signal.reason);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await options.queue.run(() => run(controller.signal), controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw cancelledError(options.name, error);
    if (error instanceof HearthError) throw error;
    throw new HearthError('BACKEND_ERROR', `Backend '${options.name}' failed while generating: ${messageOf(error)}`, {
      cause: error,
    });
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/** The reply for a finished generation; tool JSON that does not parse is the backend's failure, never a tool call. */
function replyOf(plan: GenerationPlan, generation: Generation, options: LlamaCppBackendOptions): Reply {
  const usage = {
    promptTokens: generation.promptTokens,
    completionTokens: generation.completionTokens,
    totalTokens: generation.promptTokens + generation.completionTokens,
  };
  if (plan.use === undefined) {
    return { content: generation.text, toolCalls: [], finishReason: generation.isTruncated ? 'length' : 'stop', usage };
  }
  if (generation.isTruncated) {
    throw badResponse(
      options.name,
      `the tool-call JSON was cut off by the token limit after ${generation.completionTokens} tokens`,
    );
  }
  const output = parseToolOutput(generation.text, plan.use, options.newToolCallId);
  switch (output.kind) {
    case 'invalid':
      throw badResponse(options.name, output.problem);
    case 'answer':
      return { content: output.text, toolCalls: [], finishReason: 'stop', usage };
    case 'calls':
      return { content: null, toolCalls: output.calls, finishReason: 'tool_calls', usage };
  }
}
