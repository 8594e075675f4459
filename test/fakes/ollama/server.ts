// The fake Ollama server: a real loopback HTTP server speaking Ollama's native API, recording and scriptable.

import type { ServerResponse } from 'node:http';
import {
  createScriptedFake,
  createStepQueue,
  embeddingInputs,
  fakeEmbedding,
  FAKE_EMBEDDING_DIMENSIONS,
  isFaultStep,
  jsonObjectBody,
  pause,
  playFault,
  requestRoute,
  sendBody,
  sendLines,
  startRecordingServer,
  type RecordedRequest,
  type ScriptedFake,
} from '../loopback/index.ts';
import type { OllamaChatStep, OllamaEmbedStep } from './script.ts';
import { buildChatBody, buildChatLines, buildEmbedBody, buildTagsBody } from './wire.ts';

/** How to start the fake. */
export interface FakeOllamaOptions {
  /** Model names listed by `GET /api/tags` (default `['fake-model']`). */
  models?: string[];
  /** Answer chat and embed requests for other models with Ollama's 404 "not found" (default false: echo any model). */
  rejectUnknownModels?: boolean;
  /** Length of the computed embeddings (default 16). */
  embeddingDimensions?: number;
  /** The chat step used when none is queued (default: a short text). */
  defaultChatStep?: OllamaChatStep;
  /** The clock for `receivedAt` (default `Date.now`). */
  now?: () => number;
}

/** A running fake Ollama server. */
export interface FakeOllama extends ScriptedFake {
  /** The server root, `http://127.0.0.1:PORT` (Ollama's native API has no `/v1`). */
  readonly baseUrl: string;
  /** Queues steps for `POST /api/chat`. */
  scriptChat(...steps: OllamaChatStep[]): void;
  /** Queues steps for `POST /api/embed`; unscripted requests get the computed {@link fakeEmbedding} vectors. */
  scriptEmbed(...steps: OllamaEmbedStep[]): void;
}

/** The text answered when nothing else is scripted. */
export const DEFAULT_OLLAMA_TEXT = 'Hello from the fake Ollama.';

const NDJSON_HEADERS = { 'content-type': 'application/x-ndjson' };

/** Starts a fake Ollama server on a free loopback port. */
export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const models = options.models ?? ['fake-model'];
  const dimensions = options.embeddingDimensions ?? FAKE_EMBEDDING_DIMENSIONS;
  const chat = createStepQueue<OllamaChatStep>(options.defaultChatStep ?? { kind: 'text', text: DEFAULT_OLLAMA_TEXT });
  const embed = createStepQueue<OllamaEmbedStep>();

  async function handle(request: RecordedRequest, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const route = requestRoute(request);
    const body = jsonObjectBody(request);
    if (route === 'GET /api/tags') return sendBody(res, 200, buildTagsBody(models));
    if (route === 'GET /api/version') return sendBody(res, 200, { version: '0.0.0-fake' });
    if (route !== 'POST /api/chat' && route !== 'POST /api/embed') return sendBody(res, 404, '404 page not found');
    if (body === undefined) return sendBody(res, 400, { error: 'invalid request body' });
    const model = typeof body.model === 'string' ? body.model : '';
    if (options.rejectUnknownModels && !models.includes(model)) {
      return sendBody(res, 404, { error: `model "${model}" not found, try pulling it first` });
    }
    if (route === 'POST /api/chat') return answerChat(chat.take()!, body, model, res, signal);
    return answerEmbed(embed.take(), body, model, res, signal);
  }

  async function answerEmbed(
    step: OllamaEmbedStep | undefined,
    body: Record<string, unknown>,
    model: string,
    res: ServerResponse,
    signal: AbortSignal,
  ): Promise<void> {
    if (step !== undefined && isFaultStep(step)) return playFault(step, res, signal);
    const input = embeddingInputs(body);
    if (input === undefined) return sendBody(res, 400, { error: 'invalid input type' });
    await pause(step?.delayMs, signal);
    sendBody(res, 200, buildEmbedBody(model, step?.vectors ?? input.map((text) => fakeEmbedding(text, dimensions))));
  }

  const server = await startRecordingServer({ handle, now: options.now, label: 'fake Ollama server' });
  return createScriptedFake<FakeOllama>(server, [chat, embed], {
    baseUrl: server.rootUrl,
    scriptChat: (...steps) => chat.push(...steps),
    scriptEmbed: (...steps) => embed.push(...steps),
  });
}

async function answerChat(
  step: OllamaChatStep,
  body: Record<string, unknown>,
  model: string,
  res: ServerResponse,
  signal: AbortSignal,
): Promise<void> {
  if (isFaultStep(step)) return playFault(step, res, signal);
  if (step.kind === 'raw-lines') {
    const lines = step.lines.map((line) => `${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    return sendLines(res, lines, step, signal, NDJSON_HEADERS);
  }
  if (step.kind === 'raw-chunks') return sendLines(res, step.chunks, step, signal, NDJSON_HEADERS);
  await pause(step.delayMs, signal);
  // Ollama streams unless the request says `"stream": false`.
  if (!(step.stream ?? body.stream !== false)) return sendBody(res, 200, buildChatBody(step, model));
  const lines = buildChatLines(step, model).map((line) => `${JSON.stringify(line)}\n`);
  await sendLines(res, lines, step, signal, NDJSON_HEADERS);
}
