// Runs the OpenAI wire contract against the OpenAI HTTP backend talking to the fake OpenAI server.

import { createOpenAiHttpBackend } from '../../src/backends/index.ts';
import { startFakeOpenAiServer } from '../fakes/backend/index.ts';
import { openAiWireContract, type BackendOverrides } from './openai-wire.contract.ts';

openAiWireContract('openai-http', async (config) => {
  const server = await startFakeOpenAiServer();
  let toolCallCount = 0;
  const createBackend = (overrides: BackendOverrides) =>
    createOpenAiHttpBackend({
      name: config.name,
      baseUrl: overrides.baseUrl ?? server.baseUrl,
      upstreamModel: config.upstreamModel,
      apiKey: config.apiKey,
      readTimeoutMs: overrides.readTimeoutMs ?? config.readTimeoutMs,
      fetch: globalThis.fetch,
      newToolCallId: () => `call_hearth_${++toolCallCount}`,
    });
  return { backend: createBackend({}), server, createBackend, teardown: () => server.close() };
});
