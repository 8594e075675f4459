// Conformance: the HA frontend's own client, home-assistant-js-websocket, lists pipelines and runs one on the fake.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type Connection,
  createConnection,
  createLongLivedTokenAuth,
  type MessageBase,
} from 'home-assistant-js-websocket';
import { WebSocket } from 'ws';
import { DEFAULT_PIPELINE } from './assist-script.ts';
import { ADMIN_TOKEN, FIXTURE_TOKENS, type FakeHomeAssistant, startFakeHomeAssistant } from './index.ts';

const GUARD = { timeout: 10_000 };

interface PipelineEvent {
  type: string;
  data: Record<string, unknown> | null;
}

describe('home-assistant-js-websocket against the fake pipeline', () => {
  let fake: FakeHomeAssistant;
  let connection: Connection;
  // hajs opens `new WebSocket(url)` on the global, which Node 20 lacks (ha-apis.md §5.2): lend it `ws` for this file.
  const globals = globalThis as { WebSocket?: unknown };
  const previous = globals.WebSocket;

  before(async () => {
    globals.WebSocket = WebSocket;
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    connection = await createConnection({ auth: createLongLivedTokenAuth(fake.rootUrl, ADMIN_TOKEN) });
  });

  after(async () => {
    connection.close();
    await fake.close();
    globals.WebSocket = previous;
  });

  it('lists the pipelines', GUARD, async () => {
    const list = await connection.sendMessagePromise<{ pipelines: unknown[]; preferred_pipeline: string }>({
      type: 'assist_pipeline/pipeline/list',
    });
    assert.deepEqual(list, { pipelines: [DEFAULT_PIPELINE], preferred_pipeline: DEFAULT_PIPELINE.id });
  });

  it('runs a text pipeline through subscribeMessage, from run-start to run-end', GUARD, async () => {
    const events: PipelineEvent[] = [];
    let unsubscribe: (() => Promise<void>) | undefined;
    const ended = new Promise<void>((resolve) => {
      const run: MessageBase = {
        type: 'assist_pipeline/run',
        start_stage: 'intent',
        end_stage: 'tts',
        input: { text: 'turn on the kitchen light' },
        conversation_id: null,
      };
      void connection
        .subscribeMessage<PipelineEvent>(
          (event) => {
            events.push(event);
            if (event.type === 'run-end') resolve();
          },
          run,
          { resubscribe: false },
        )
        .then((stop) => {
          unsubscribe = stop;
        });
    });
    await ended;
    assert.deepEqual(
      events.map((event) => event.type),
      ['run-start', 'intent-start', 'intent-end', 'tts-start', 'tts-end', 'run-end'],
    );
    const output = events[2]?.data?.intent_output as { response: { speech: { plain: { speech: string } } } };
    assert.equal(output.response.speech.plain.speech, 'Turned on the light');
    // hajs sent supported_features as id 1, so its run is id 3 or later (ha-apis.md §5.1).
    const [run] = fake.log.pipelineRuns;
    assert.ok(run !== undefined && run.id >= 2);
    assert.equal(run.startStage, 'intent');
    await unsubscribe?.();
  });
});
