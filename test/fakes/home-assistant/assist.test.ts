// The fake Assist pipeline over a real socket: listings, text runs, the run's checks and stage errors (ha-apis.md §4).

import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { DEFAULT_PIPELINE } from './assist-script.ts';
import { call, connect, dataOf, eventsUntil, isRunEnd, type TestClient, typesOf } from './assist-test-client.ts';
import {
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const TEXT_RUN = { type: 'assist_pipeline/run', start_stage: 'intent', end_stage: 'tts', input: { text: 'hi' } };

let fake: FakeHomeAssistant | undefined;
let client: TestClient | undefined;

async function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<TestClient> {
  fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...options });
  client = await connect(fake);
  return client;
}

afterEach(async () => {
  client?.socket.terminate();
  await fake?.close();
  fake = undefined;
  client = undefined;
});

describe('fake Assist pipeline: listings', () => {
  it('lists the default pipeline as preferred, gets it and lists its language', GUARD, async () => {
    const ws = await start();
    const list = await call(ws, { id: 1, type: 'assist_pipeline/pipeline/list' });
    assert.deepEqual(list.result, { pipelines: [DEFAULT_PIPELINE], preferred_pipeline: DEFAULT_PIPELINE.id });
    assert.equal(DEFAULT_PIPELINE.name, 'Home Assistant');
    assert.deepEqual((await call(ws, { id: 2, type: 'assist_pipeline/pipeline/get' })).result, DEFAULT_PIPELINE);
    const missing = await call(ws, { id: 3, type: 'assist_pipeline/pipeline/get', pipeline_id: 'nope' });
    assert.equal((missing.error as { code: string }).code, 'not_found');
    const languages = await call(ws, { id: 4, type: 'assist_pipeline/language/list' });
    assert.deepEqual(languages.result, { languages: ['en'] });
  });

  it('lists scripted pipelines with the scripted preferred one', GUARD, async () => {
    const german = { ...DEFAULT_PIPELINE, id: '01germanpipeline0000000000', name: 'Deutsch', language: 'de' };
    const ws = await start({ assist: { pipelines: [DEFAULT_PIPELINE, german], preferred: german.id } });
    const list = await call(ws, { id: 1, type: 'assist_pipeline/pipeline/list' });
    assert.deepEqual(list.result, { pipelines: [DEFAULT_PIPELINE, german], preferred_pipeline: german.id });
    assert.equal(
      ((await call(ws, { id: 2, type: 'assist_pipeline/pipeline/get' })).result as { id: string }).id,
      german.id,
    );
  });
});

describe('fake Assist pipeline: text runs', () => {
  it('answers success, then run-start … intent-end, tts-start, tts-end, run-end with HA data', GUARD, async () => {
    const ws = await start();
    assert.deepEqual(await call(ws, { id: 5, ...TEXT_RUN, conversation_id: null }), {
      id: 5,
      type: 'result',
      success: true,
      result: null,
    });
    const events = await eventsUntil(ws, 5, isRunEnd);
    assert.deepEqual(typesOf(events), ['run-start', 'intent-start', 'intent-end', 'tts-start', 'tts-end', 'run-end']);
    const runStart = dataOf(events, 'run-start');
    const conversationId = runStart.conversation_id as string;
    assert.match(conversationId, /^01[0-9A-HJKMNP-TV-Z]{24}$/);
    assert.deepEqual(runStart, {
      pipeline: DEFAULT_PIPELINE.id,
      language: 'en',
      conversation_id: conversationId,
      runner_data: { stt_binary_handler_id: null, timeout: 300 },
      tts_output: { token: 'fake.mp3', url: '/api/tts_proxy/fake.mp3', mime_type: 'audio/mpeg' },
    });
    assert.equal(dataOf(events, 'intent-start').intent_input, 'hi');
    assert.deepEqual(dataOf(events, 'intent-end'), {
      processed_locally: true,
      intent_output: {
        response: {
          speech: { plain: { speech: 'Turned on the light', extra_data: null } },
          card: {},
          language: 'en',
          response_type: 'action_done',
          data: {
            targets: [],
            success: [
              { name: 'Kitchen', type: 'area', id: 'kitchen' },
              { name: 'Kitchen light', type: 'entity', id: 'light.kitchen' },
            ],
            failed: [],
          },
        },
        conversation_id: conversationId,
        continue_conversation: false,
      },
    });
    assert.equal(dataOf(events, 'tts-start').tts_input, 'Turned on the light');
    assert.deepEqual(dataOf(events, 'tts-end'), {
      tts_output: {
        media_id: 'media-source://tts/-stream-/fake.mp3',
        token: 'fake.mp3',
        url: '/api/tts_proxy/fake.mp3',
        mime_type: 'audio/mpeg',
      },
    });
    assert.equal(events.at(-1)?.data, null);
    for (const event of events) assert.match(event.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    assert.deepEqual(fake?.log.pipelineRuns, [
      {
        connection: 1,
        id: 5,
        startStage: 'intent',
        endStage: 'tts',
        input: { text: 'hi' },
        pipeline: undefined,
        conversationId: null,
        timeout: 300,
      },
    ]);
  });

  it('follows the conversation_id rules and hands the text to the scripted agent', GUARD, async () => {
    const seen: [string, string][] = [];
    const intent = (text: string, conversationId: string) => {
      seen.push([text, conversationId]);
      return { speech: '', continueConversation: true };
    };
    const ws = await start({ assist: { intent } });
    const run = async (id: number, conversationId: string | null) => {
      await call(ws, { id, ...TEXT_RUN, end_stage: 'intent', conversation_id: conversationId });
      const events = await eventsUntil(ws, id, isRunEnd);
      // No TTS stage for end_stage intent, and no tts_output in run-start.
      assert.deepEqual(typesOf(events), ['run-start', 'intent-start', 'intent-end', 'run-end']);
      assert.equal(dataOf(events, 'run-start').tts_output, undefined);
      const output = dataOf(events, 'intent-end').intent_output as Record<string, unknown>;
      assert.equal(output.continue_conversation, true);
      return output.conversation_id as string;
    };
    const fresh = await run(1, null);
    assert.equal(await run(2, fresh), fresh, 'an active conversation is kept');
    assert.equal(await run(3, 'my-own-id'), 'my-own-id', 'a non-ULID id is kept');
    const unknownUlid = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    assert.notEqual(await run(4, unknownUlid), unknownUlid, 'an unknown ULID is replaced');
    assert.deepEqual(
      seen.map(([text]) => text),
      ['hi', 'hi', 'hi', 'hi'],
    );
    assert.equal(seen[1]?.[1], fresh);
  });

  it('skips TTS when the speech is empty', GUARD, async () => {
    const ws = await start({ assist: { intent: () => ({ speech: '' }) } });
    await call(ws, { id: 1, ...TEXT_RUN });
    assert.deepEqual(typesOf(await eventsUntil(ws, 1, isRunEnd)), [
      'run-start',
      'intent-start',
      'intent-end',
      'run-end',
    ]);
  });

  it('reports an agent failure as a successful run with response_type error', GUARD, async () => {
    const ws = await start({ assist: { intent: () => ({ agentError: 'no_intent_match', speech: 'Sorry' }) } });
    await call(ws, { id: 1, ...TEXT_RUN });
    const events = await eventsUntil(ws, 1, isRunEnd);
    assert.deepEqual(typesOf(events), ['run-start', 'intent-start', 'intent-end', 'tts-start', 'tts-end', 'run-end']);
    const response = (dataOf(events, 'intent-end').intent_output as { response: Record<string, unknown> }).response;
    assert.equal(response.response_type, 'error');
    assert.deepEqual(response.data, { code: 'no_intent_match' });
    assert.deepEqual(response.speech, { plain: { speech: 'Sorry', extra_data: null } });
  });

  it('sends intent-progress only with features.intentProgress and scripted progress', GUARD, async () => {
    const progress = [{ role: 'assistant', agent_id: 'conversation.llm' }, { content: 'Turning' }];
    const assist = { intent: () => ({ speech: 'Done', progress }) };
    const ws = await start({ assist, features: { intentProgress: true } });
    await call(ws, { id: 1, ...TEXT_RUN, end_stage: 'intent' });
    const events = await eventsUntil(ws, 1, isRunEnd);
    assert.deepEqual(typesOf(events), [
      'run-start',
      'intent-start',
      'intent-progress',
      'intent-progress',
      'intent-end',
      'run-end',
    ]);
    assert.deepEqual(
      events.filter((event) => event.type === 'intent-progress').map((event) => event.data),
      progress.map((delta) => ({ chat_log_delta: delta })),
    );
    client?.socket.terminate();
    await fake?.close();
    const old = await start({ assist, features: { intentProgress: false } });
    await call(old, { id: 1, ...TEXT_RUN, end_stage: 'intent' });
    assert.deepEqual(typesOf(await eventsUntil(old, 1, isRunEnd)), [
      'run-start',
      'intent-start',
      'intent-end',
      'run-end',
    ]);
  });

  it('runs a TTS-only run from input.text', GUARD, async () => {
    const ws = await start();
    await call(ws, { id: 1, ...TEXT_RUN, start_stage: 'tts', input: { text: 'Hello' } });
    const events = await eventsUntil(ws, 1, isRunEnd);
    assert.deepEqual(typesOf(events), ['run-start', 'tts-start', 'tts-end', 'run-end']);
    assert.equal(dataOf(events, 'tts-start').tts_input, 'Hello');
  });
});

describe('fake Assist pipeline: refused runs', () => {
  it('refuses extra or missing input keys with invalid_format', GUARD, async () => {
    const ws = await start();
    const extra = await call(ws, { id: 1, ...TEXT_RUN, input: { text: 'hi', no_vad: true } });
    assert.deepEqual(extra.error, {
      code: 'invalid_format',
      message: "extra keys not allowed @ data['input']['no_vad']. Got True",
    });
    const sttNoVad = await call(ws, {
      id: 2,
      ...TEXT_RUN,
      start_stage: 'stt',
      input: { sample_rate: 16000, no_vad: true },
    });
    assert.equal((sttNoVad.error as { code: string }).code, 'invalid_format');
    const missing = await call(ws, { id: 3, ...TEXT_RUN, input: {} });
    assert.equal((missing.error as { code: string }).code, 'invalid_format');
    const badStage = await call(ws, { id: 4, ...TEXT_RUN, start_stage: 'speech' });
    assert.equal((badStage.error as { code: string }).code, 'invalid_format');
    assert.deepEqual(await ws.drain(50), []);
    assert.deepEqual(fake?.log.pipelineRuns, []);
  });

  it('refuses an end stage before the start stage with unknown_error', GUARD, async () => {
    const ws = await start();
    const reply = await call(ws, { id: 1, ...TEXT_RUN, start_stage: 'tts', end_stage: 'stt', input: { text: 'x' } });
    assert.deepEqual(reply, {
      id: 1,
      type: 'result',
      success: false,
      error: { code: 'unknown_error', message: 'Unknown error' },
    });
  });

  it('answers an unknown pipeline with pipeline-not-found', GUARD, async () => {
    const ws = await start();
    const reply = await call(ws, { id: 1, ...TEXT_RUN, pipeline: 'nope' });
    assert.deepEqual(reply.error, { code: 'pipeline-not-found', message: 'Pipeline not found: id=nope' });
    assert.deepEqual(await ws.drain(50), []);
  });

  it('answers a validation error as a failed result with no events', GUARD, async () => {
    const validationError = { code: 'tts-not-supported', message: 'Pipeline does not support text-to-speech' };
    const ws = await start({ assist: { validationError } });
    assert.deepEqual((await call(ws, { id: 1, ...TEXT_RUN })).error, validationError);
    assert.deepEqual(await ws.drain(100), []);
  });
});

describe('fake Assist pipeline: stage errors', () => {
  const cases: [string, Partial<FakeHomeAssistantOptions>, Record<string, unknown>, string[]][] = [
    [
      'intent-failed',
      { assist: { intent: () => ({ pipelineError: 'intent-failed' }) } },
      TEXT_RUN,
      ['run-start', 'intent-start', 'error', 'run-end'],
    ],
    [
      'tts-failed',
      { assist: { tts: { fail: 'tts-failed' } } },
      TEXT_RUN,
      ['run-start', 'intent-start', 'intent-end', 'tts-start', 'error', 'run-end'],
    ],
  ];
  for (const [code, options, run, types] of cases)
    it(`sends ${code} as an error event, then run-end`, GUARD, async () => {
      const ws = await start(options);
      assert.equal((await call(ws, { id: 1, ...run })).success, true);
      const events = await eventsUntil(ws, 1, isRunEnd);
      assert.deepEqual(typesOf(events), types);
      assert.equal(dataOf(events, 'error').code, code);
      assert.equal(typeof dataOf(events, 'error').message, 'string');
      assert.deepEqual(await ws.drain(50), []);
    });
});
