// Runs the backend contract against the embedded llama.cpp backend on the generated bigram GGUF model, run for real.

import { createLlamaCppBackend } from '../../src/backends/llama-cpp/chat-backend.ts';
import { createChatEngine, type ChatEngine } from '../../src/backends/llama-cpp/chat-engine.ts';
import { createGenerationQueue } from '../../src/backends/llama-cpp/generation-queue.ts';
import { createLlamaRuntime } from '../../src/backends/llama-cpp/runtime.ts';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import { BIGRAM_ANSWER, BIGRAM_TOOL, BIGRAM_TOOL_ARGUMENTS, ensureTestModels } from '../fakes/gguf/index.ts';
import {
  backendContract,
  CONTRACT_BACKEND_NAME,
  UPSTREAM_FAILURE_MESSAGE,
  type ContractAnswer,
} from './backend.contract.ts';

/**
 * The answers come from llama.cpp itself, generating on the bigram model (node-llama-cpp, the real engine). Only the
 * two failures a healthy engine cannot be made to show on demand are put in at the engine seam (`ChatEngine`, the one
 * interface between the backend and node-llama-cpp): a generation that throws, as llama.cpp does when it runs out of
 * memory, and one that runs until the caller's signal stops it. `stall-mid-stream` is the real text answer: the
 * backend checks the caller's signal before every delta, so a stream aborted after its first delta stops there even
 * when the engine has already generated the rest.
 */
backendContract('llama-cpp', async () => {
  const { chat } = await ensureTestModels();
  const runtime = createLlamaRuntime({
    name: CONTRACT_BACKEND_NAME,
    modelPath: chat,
    threads: 1,
    logger: SILENT_LOGGER,
  });
  const real = createChatEngine({ name: CONTRACT_BACKEND_NAME, runtime, contextSize: 1024, threads: 1 });
  const queue = createGenerationQueue();
  let arranged: ContractAnswer[] = [];
  let calls = 0;
  let waiters: { count: number; resolve: () => void }[] = [];

  const engine: ChatEngine = {
    async generate(request) {
      calls++;
      for (const waiter of waiters.filter((waiter) => calls >= waiter.count)) waiter.resolve();
      waiters = waiters.filter((waiter) => calls < waiter.count);
      const answer = arranged.shift();
      if (answer === 'upstream-error') throw new Error(UPSTREAM_FAILURE_MESSAGE);
      if (answer === 'hang') {
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }));
        throw request.signal.reason;
      }
      return real.generate(request);
    },
    close: () => real.close(),
  };
  let idCount = 0;
  const backend = createLlamaCppBackend({
    name: CONTRACT_BACKEND_NAME,
    engine,
    queue,
    newToolCallId: () => `call_hearth_${++idCount}`,
  });

  // Loading the model and its context takes seconds on a busy machine; done here, outside the cases' hang guard.
  await backend.complete({
    model: 'warm-up',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [],
    stream: false,
    includeUsage: false,
    sampling: {},
    extra: {},
  });

  return {
    subject: {
      // An embedded model has no read timeout to set (see hasReadTimeout); every call shares the one model.
      makeBackend: () => backend,
      arrange: (answer) => {
        arranged.push(answer);
      },
      waitForUpstreamCalls: (count) =>
        calls >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
      upstreamCalls: () => calls,
      reset: () => {
        arranged = [];
        calls = 0;
        waiters = [];
      },
      close: async () => {
        await queue.run(async () => {
          await engine.close();
          await runtime.close();
        });
      },
    },
    expect: {
      text: BIGRAM_ANSWER,
      toolCalls: [{ name: BIGRAM_TOOL, arguments: { ...BIGRAM_TOOL_ARGUMENTS } }],
      // The prompt is counted by the model's own tokenizer; the contract checks the counts agree and add up.
      usage: undefined,
      hasReadTimeout: false,
    },
  };
});
