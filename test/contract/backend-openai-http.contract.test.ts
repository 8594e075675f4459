// Runs the backend contract against the OpenAI HTTP backend talking to the fake OpenAI server on loopback.

import { createOpenAiHttpBackend } from '../../src/backends/index.ts';
import { startFakeOpenAiServer, type FakeStep } from '../fakes/backend/index.ts';
import {
  backendContract,
  CONTRACT_BACKEND_NAME,
  UPSTREAM_FAILURE_MESSAGE,
  type ContractAnswer,
} from './backend.contract.ts';

const TEXT = 'The kitchen light is on, at 40 percent.';
const USAGE = { prompt_tokens: 31, completion_tokens: 9, total_tokens: 40 };
const CALLS = [
  { name: 'HassTurnOff', arguments: { name: 'Kitchen Light' } },
  { name: 'HassTurnOn', arguments: { area: 'Küche', brightness: 40 } },
];

/** The fake's step for each contract answer. */
const STEPS: Record<ContractAnswer, FakeStep> = {
  text: { kind: 'text', text: TEXT, usage: USAGE },
  'tool-calls': {
    kind: 'tool-calls',
    calls: CALLS.map((call, index) => ({
      id: `call_up_${index}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    })),
  },
  'upstream-error': {
    kind: 'http-error',
    status: 500,
    body: { error: { message: UPSTREAM_FAILURE_MESSAGE, type: 'server_error' } },
  },
  hang: { kind: 'hang' },
  'stall-mid-stream': { kind: 'text', text: TEXT, usage: USAGE, hangAfterFrames: 2 },
};

backendContract('openai-http', async () => {
  const server = await startFakeOpenAiServer({ defaultStep: STEPS.text });
  let idCount = 0;
  return {
    subject: {
      makeBackend: (options = {}) =>
        createOpenAiHttpBackend({
          name: CONTRACT_BACKEND_NAME,
          baseUrl: server.baseUrl,
          upstreamModel: 'qwen2.5-7b-instruct',
          readTimeoutMs: options.readTimeoutMs ?? 5_000,
          fetch: globalThis.fetch,
          newToolCallId: () => `call_hearth_${++idCount}`,
        }),
      arrange: (answer) => server.script(STEPS[answer]),
      waitForUpstreamCalls: async (count) => {
        await server.waitForRequests(count);
      },
      upstreamCalls: () => server.requests.length,
      reset: () => server.reset(),
      close: () => server.close(),
    },
    expect: {
      text: TEXT,
      toolCalls: CALLS,
      usage: { promptTokens: 31, completionTokens: 9, totalTokens: 40 },
      hasReadTimeout: true,
    },
  };
});
