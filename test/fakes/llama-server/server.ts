// The fake llama.cpp / vLLM server: `/tokenize` in either dialect and OpenAI `/v1/embeddings`, recording and scriptable.

import type { ServerResponse } from 'node:http';
import {
  createScriptedFake,
  createStepQueue,
  embeddingInputs,
  fakeEmbedding,
  FAKE_EMBEDDING_DIMENSIONS,
  isFaultStep,
  jsonObjectBody,
  openAiModelList,
  pause,
  playFault,
  requestRoute,
  sendBody,
  startRecordingServer,
  type RecordedRequest,
  type ScriptedFake,
} from '../loopback/index.ts';
import type { EmbeddingsStep, OpenAiEmbeddingsStep, TokenizeStep } from './script.ts';
import { llamaCppTokenizeAnswer, vllmTokenizeAnswer } from './tokenize.ts';

/** Which server the fake imitates: it decides the `/tokenize` shapes and error bodies. */
export type FakeLlamaServerDialect = 'llama.cpp' | 'vllm';

/** How to start the fake. */
export interface FakeLlamaServerOptions {
  /** Default `llama.cpp`. */
  dialect?: FakeLlamaServerDialect;
  /** Model ids listed by `/v1/models`; the vLLM dialect answers 404 for any other model (default `['fake-model']`). */
  models?: string[];
  /** vLLM's `max_model_len` (default 4096). */
  maxModelLen?: number;
  /** Length of the computed embeddings (default 16). */
  embeddingDimensions?: number;
  /** The clock for `receivedAt` (default `Date.now`). */
  now?: () => number;
}

/** A running fake llama.cpp or vLLM server. */
export interface FakeLlamaServer extends ScriptedFake {
  /** The server root, `http://127.0.0.1:PORT`, where `/tokenize` lives. */
  readonly rootUrl: string;
  /** The OpenAI API root, `{rootUrl}/v1`. */
  readonly baseUrl: string;
  readonly dialect: FakeLlamaServerDialect;
  /** Queues steps for `POST /tokenize`; unscripted requests are tokenized by {@link fakeTokenize}. */
  scriptTokenize(...steps: TokenizeStep[]): void;
  /** Queues steps for `POST /v1/embeddings`; unscripted requests get the computed {@link fakeEmbedding} vectors. */
  scriptEmbeddings(...steps: OpenAiEmbeddingsStep[]): void;
}

/** Starts a fake llama.cpp or vLLM server on a free loopback port. */
export async function startFakeLlamaServer(options: FakeLlamaServerOptions = {}): Promise<FakeLlamaServer> {
  const dialect = options.dialect ?? 'llama.cpp';
  const models = options.models ?? ['fake-model'];
  const dimensions = options.embeddingDimensions ?? FAKE_EMBEDDING_DIMENSIONS;
  const tokenize = createStepQueue<TokenizeStep>();
  const embeddings = createStepQueue<OpenAiEmbeddingsStep>();
  const fail = (res: ServerResponse, status: number, message: string): void =>
    sendBody(res, status, errorBody(dialect, status, message));

  async function handle(request: RecordedRequest, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const route = requestRoute(request);
    const body = jsonObjectBody(request);
    if (route === 'GET /health') return sendBody(res, 200, { status: 'ok' });
    if (route === 'GET /v1/models') return sendBody(res, 200, openAiModelList(models));
    if (route !== 'POST /tokenize' && route !== 'POST /v1/embeddings')
      return fail(res, 404, `File Not Found: ${route}`);
    const step = route === 'POST /tokenize' ? tokenize.take() : embeddings.take();
    if (step !== undefined && isFaultStep(step)) return playFault(step, res, signal);
    if (body === undefined) return fail(res, 400, 'The body must be a JSON object.');
    const model = typeof body.model === 'string' ? body.model : undefined;
    if (dialect === 'vllm' && model !== undefined && !models.includes(model))
      return fail(res, 404, `The model \`${model}\` does not exist.`);
    if (route === 'POST /tokenize') return answerTokenize(body, res);
    return answerEmbeddings(step as EmbeddingsStep | undefined, body, res, signal);
  }

  function answerTokenize(body: Record<string, unknown>, res: ServerResponse): void {
    if (dialect === 'llama.cpp') {
      sendBody(res, 200, llamaCppTokenizeAnswer(body));
      return;
    }
    const answer = vllmTokenizeAnswer(body, options.maxModelLen ?? 4096);
    if (answer === undefined) fail(res, 400, 'prompt: Field required');
    else sendBody(res, 200, answer);
  }

  async function answerEmbeddings(
    step: EmbeddingsStep | undefined,
    body: Record<string, unknown>,
    res: ServerResponse,
    signal: AbortSignal,
  ): Promise<void> {
    const input = embeddingInputs(body);
    if (input === undefined) return fail(res, 400, '"input" must be a string or an array of strings');
    await pause(step?.delayMs, signal);
    const vectors = step?.vectors ?? input.map((text) => fakeEmbedding(text, dimensions));
    const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding }));
    if (step?.isReversed) data.reverse();
    const tokens = input.join(' ').length;
    sendBody(res, 200, {
      object: 'list',
      model: body.model ?? models[0],
      data,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  const server = await startRecordingServer({ handle, now: options.now, label: `fake ${dialect} server` });
  return createScriptedFake<FakeLlamaServer>(server, [tokenize, embeddings], {
    rootUrl: server.rootUrl,
    baseUrl: `${server.rootUrl}/v1`,
    dialect,
    scriptTokenize: (...steps) => tokenize.push(...steps),
    scriptEmbeddings: (...steps) => embeddings.push(...steps),
  });
}

/** The error body each server sends: llama.cpp's OpenAI-style object, vLLM's flat `ErrorResponse`. */
function errorBody(dialect: FakeLlamaServerDialect, status: number, message: string): Record<string, unknown> {
  const type = status === 404 ? 'not_found_error' : 'invalid_request_error';
  if (dialect === 'llama.cpp') return { error: { code: status, message, type } };
  return {
    object: 'error',
    message,
    type: status === 404 ? 'NotFoundError' : 'BadRequestError',
    param: null,
    code: status,
  };
}
