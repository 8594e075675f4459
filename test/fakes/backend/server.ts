// The fake OpenAI-compatible server: a real loopback HTTP server that records requests and answers from a script.

import type { ServerResponse } from 'node:http';
import {
  createScriptedFake,
  createStepQueue,
  isJsonObject,
  jsonObjectBody,
  openAiModelList,
  OPENAI_CREATED,
  requestRoute,
  sendBody,
  startRecordingServer,
  type RecordedRequest,
  type ScriptedFake,
} from '../loopback/index.ts';
import { playStep } from './play.ts';
import type { FakeStep } from './script.ts';

/** How to start the fake. */
export interface FakeOpenAiServerOptions {
  /** Model ids listed by `GET /v1/models` (default `['fake-model']`). */
  models?: string[];
  /** The step for chat requests when the script queue is empty (default: a short text). */
  defaultStep?: FakeStep;
  /** The clock for `receivedAt` (default `Date.now`). */
  now?: () => number;
}

/** A running fake server; every chat request takes the next scripted step, or the default one. */
export interface FakeOpenAiServer extends ScriptedFake {
  /** The API root, `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  /** Queues steps; each chat request takes the first one. */
  script(...steps: FakeStep[]): void;
  /** Sets the step used when the queue is empty. */
  setDefault(step: FakeStep): void;
}

/** The text answered when nothing else is scripted. */
export const DEFAULT_TEXT = 'Hello from the fake server.';

/** The content type of the fake's own JSON answers (the fault steps send theirs with a charset). */
const JSON_TYPE = 'application/json';

/** Starts a fake OpenAI-compatible server on a free loopback port. */
export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const models = options.models ?? ['fake-model'];
  const chat = createStepQueue<FakeStep>(options.defaultStep ?? { kind: 'text', text: DEFAULT_TEXT });
  let responseCount = 0;
  let callCount = 0;

  async function handle(request: RecordedRequest, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const route = requestRoute(request);
    if (route === 'GET /v1/models') return sendBody(res, 200, openAiModelList(models), JSON_TYPE);
    if (route !== 'POST /v1/chat/completions') {
      return sendBody(
        res,
        404,
        { error: { message: `No route for ${route}.`, type: 'invalid_request_error', code: 'not_found' } },
        JSON_TYPE,
      );
    }
    const body = jsonObjectBody(request);
    if (body === undefined)
      return sendBody(
        res,
        400,
        { error: { message: 'The body must be a JSON object.', type: 'invalid_request_error' } },
        JSON_TYPE,
      );
    await playStep(chat.take()!, res, {
      isStream: body.stream === true,
      includeUsage: isJsonObject(body.stream_options) && body.stream_options.include_usage === true,
      identity: {
        id: `chatcmpl-fake-${++responseCount}`,
        model: typeof body.model === 'string' ? body.model : '',
        created: OPENAI_CREATED,
      },
      newCallId: () => `call_fake_${++callCount}`,
      signal,
    });
  }

  const server = await startRecordingServer({ handle, now: options.now, label: 'fake OpenAI server' });
  return createScriptedFake<FakeOpenAiServer>(server, [chat], {
    baseUrl: `${server.rootUrl}/v1`,
    script: (...steps) => chat.push(...steps),
    setDefault: (step) => chat.setDefault(step),
  });
}
