// Runs the backend contract against the Ollama backend talking to the fake Ollama server (native /api/chat, NDJSON) on loopback.

import { createOllamaBackend } from '../../src/backends/index.ts';
import { startFakeOllama, type OllamaChatStep } from '../fakes/ollama/index.ts';
import {
  backendContract,
  CONTRACT_BACKEND_NAME,
  UPSTREAM_FAILURE_MESSAGE,
  type ContractAnswer,
} from './backend.contract.ts';

const TEXT = 'The kitchen light is on, at 40 percent.';
const COUNTS = { prompt_eval_count: 31, eval_count: 9 };
const CALLS = [
  { name: 'HassTurnOff', arguments: { name: 'Kitchen Light' } },
  { name: 'HassTurnOn', arguments: { area: 'Küche', brightness: 40 } },
];

/** The fake's step for each contract answer. */
const STEPS: Record<ContractAnswer, OllamaChatStep> = {
  text: { kind: 'text', text: TEXT, counts: COUNTS },
  // Ollama sends tool calls without ids (hearth makes them) and arguments as objects.
  'tool-calls': { kind: 'tool-calls', calls: CALLS },
  // Ollama reports its failures as `{"error": "..."}` with the HTTP status.
  'upstream-error': { kind: 'http-error', status: 500, body: { error: UPSTREAM_FAILURE_MESSAGE } },
  hang: { kind: 'hang' },
  'stall-mid-stream': { kind: 'text', text: TEXT, counts: COUNTS, hangAfterLines: 2 },
};

backendContract('ollama', async () => {
  const server = await startFakeOllama({ models: ['qwen3:4b'], defaultChatStep: STEPS.text });
  let idCount = 0;
  return {
    subject: {
      makeBackend: (options = {}) =>
        createOllamaBackend({
          name: CONTRACT_BACKEND_NAME,
          baseUrl: server.baseUrl,
          upstreamModel: 'qwen3:4b',
          readTimeoutMs: options.readTimeoutMs ?? 5_000,
          fetch: globalThis.fetch,
          newToolCallId: () => `call_hearth_${++idCount}`,
        }),
      arrange: (answer) => server.scriptChat(STEPS[answer]),
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
