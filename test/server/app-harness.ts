// Builds the app in-process with scripted backends, and small helpers to call it.

import { SILENT_LOGGER } from '../../src/common/index.ts';
import {
  createAssistCaches,
  createChatService,
  createHaAssist,
  createHomeListsCache,
  createPendingConfirmations,
  createToolSchemaValidator,
  DEFAULT_ASSIST_SETTINGS,
  type AssistSettings,
  type HaAssist,
} from '../../src/assist/index.ts';
import type { Intents } from '../../src/hassil/index.ts';
import { builtInGrammar } from '../fixtures/grammar.ts';
import { createApp, type App, type ToolAddOn } from '../../src/server/index.ts';
import {
  createEmbeddingModels,
  createEstimateCounter,
  type Embedder,
  type TokenCounter,
} from '../../src/backends/index.ts';
import { createCountingIds, createFakeClock, type FakeClock } from '../fakes/clock/index.ts';
import { createScriptedBackend, type ScriptedBackend } from '../fakes/scripted-backend/index.ts';

/** An app with a text model `gemma` and a vision model `qwen-vl`. */
export interface Harness {
  app: App;
  /** The HA-Assist pipeline behind the app's chat service. */
  haAssist: HaAssist;
  gemma: ScriptedBackend;
  vision: ScriptedBackend;
  /** The app's clock: tests advance it (timeouts, durations). */
  clock: FakeClock;
}

/** Options of the harness. */
export interface HarnessOptions {
  settings?: Partial<AssistSettings>;
  apiKeys?: string[];
  bodyLimitBytes?: number;
  /** Default: hearth's built-in English grammar (what runs without `intents.path`). */
  grammar?: Intents;
  /** Default: returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** The text model's input limit (default 4096). */
  maxInputTokens?: number;
  /** Counts the text model's prompts (default: the characters / 3.5 estimate). */
  tokens?: TokenCounter;
  embedder?: Embedder;
  /** What `POST /v1/embeddings` reaches, by name (default none); HA-Assist, gemma and qwen-vl are chat-only. */
  embeddingModels?: ReadonlyMap<string, Embedder>;
  /** Leaves `settings.ha_assist_text_model` unset. */
  withoutTextModel?: boolean;
  /** The tool add-on behind /mcp and /admin (default none: both answer 404). */
  tools?: ToolAddOn;
  adminKey?: string;
}

/**
 * One tool-schema validator for every harness of a test file: it only caches compiled schemas (a schema's verdict does
 * not depend on what was compiled before), and compiling Home Assistant's tools again for each harness was half of a
 * cold request's time.
 */
const SHARED_VALIDATOR = createToolSchemaValidator();

/** The app under test. */
export function createHarness(options: HarnessOptions = {}): Harness {
  const gemma = createScriptedBackend('gemma');
  const vision = createScriptedBackend('qwen-vl');
  const tokens = options.tokens ?? createEstimateCounter();
  const models = new Map([
    ['gemma', { backend: gemma, kind: 'openai', maxInputTokens: options.maxInputTokens ?? 4096, tokens }],
    ['qwen-vl', { backend: vision, kind: 'openai', maxInputTokens: 4096, tokens: createEstimateCounter() }],
  ]);
  const clock = createFakeClock();
  const haAssist = createHaAssist({
    settings: {
      ...DEFAULT_ASSIST_SETTINGS,
      ...(options.withoutTextModel ? {} : { textModel: 'gemma' }),
      visionModel: 'qwen-vl',
      ...options.settings,
    },
    models,
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    clock,
    ids: createCountingIds(),
    caches: createAssistCaches(4),
    homeLists: createHomeListsCache(),
    confirmations: createPendingConfirmations(16),
    grammar: options.grammar ?? builtInGrammar(),
    validator: SHARED_VALIDATOR,
    sleep: options.sleep ?? (async () => {}),
  });
  const app = createApp({
    chat: createChatService(haAssist, models),
    embeddings: createEmbeddingModels({
      embedders: options.embeddingModels ?? new Map(),
      chatOnly: ['HA-Assist', ...models.keys()],
    }),
    clock,
    ids: createCountingIds(),
    logger: SILENT_LOGGER,
    apiKeys: options.apiKeys ?? [],
    bodyLimitBytes: options.bodyLimitBytes ?? 8 * 1024 * 1024,
    adminKey: options.adminKey ?? null,
    ...(options.tools === undefined ? {} : { tools: options.tools }),
  });
  return { app, haAssist, gemma, vision, clock };
}

/** POSTs a JSON body (or raw text) to the chat endpoint. */
export function postChat(app: App, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return app.fetch(
    new Request('http://hearth.test/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** The `data:` payloads of an SSE body, in order. */
export async function readSse(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length));
}
