// The replay Home Assistant: it answers recorded requests and commands exactly, and refuses and lists everything else.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import {
  NOT_RECORDED_STATUS,
  startReplayHomeAssistant,
  type RecordedExchange,
  type ReplayHomeAssistant,
} from './index.ts';

const ACCEPTED = 'eyJ-recorded-exchange-token-4a1c9e';
const REFUSED = 'eyJ-recorded-wrong-token-6d0b3f';
const EXCHANGE: RecordedExchange = {
  tokens: { accepted: ACCEPTED, refused: REFUSED },
  rest: [
    {
      request: { method: 'POST', path: '/api/services/light/turn_on', token: ACCEPTED, body: { entity_id: 'light.a' } },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
    },
    {
      request: { method: 'GET', path: '/api/states', token: REFUSED, body: null },
      response: { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '401: Unauthorized' },
    },
  ],
  websocket: {
    hello: { type: 'auth_required', ha_version: '2025.10.1' },
    auth: [
      { token: ACCEPTED, answer: { type: 'auth_ok', ha_version: '2025.10.1' }, closes: false },
      { token: REFUSED, answer: { type: 'auth_invalid', message: 'Invalid access token or password' }, closes: true },
    ],
    commands: [
      {
        request: { type: 'config/area_registry/list' },
        answer: { type: 'result', success: true, result: [{ area_id: 'kitchen', name: 'Kitchen' }] },
      },
    ],
  },
};

/** Opens a WebSocket, sends `frames` one per answer, and returns every frame it received until it closed or got `count`. */
async function converse(
  url: string,
  frames: unknown[],
  count: number,
): Promise<{ received: unknown[]; closed: boolean }> {
  const ws = new WebSocket(url);
  const received: unknown[] = [];
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      received.push(JSON.parse(data.toString()));
      const next = frames.shift();
      if (next !== undefined) ws.send(JSON.stringify(next));
      if (received.length === count) {
        ws.close();
        resolve({ received, closed: false });
      }
    });
    ws.on('close', () => resolve({ received, closed: true }));
  });
}

describe('the replay Home Assistant', () => {
  let replay: ReplayHomeAssistant;
  before(async () => {
    replay = await startReplayHomeAssistant(EXCHANGE);
  });
  after(() => replay.close());

  it('answers a recorded REST request with its recorded status, type and body', async () => {
    const response = await fetch(`${replay.origin}/api/states`, { headers: { authorization: `Bearer ${REFUSED}` } });
    assert.deepEqual(
      [response.status, response.headers.get('content-type'), await response.text()],
      [401, 'text/plain; charset=utf-8', '401: Unauthorized'],
    );
  });

  it('matches a body by its JSON, and answers any other request 599 and lists it', async () => {
    const post = (body: string) =>
      fetch(`${replay.origin}/api/services/light/turn_on`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ACCEPTED}` },
        body,
      });
    assert.equal((await post('{ "entity_id" : "light.a" }')).status, 200);
    assert.equal((await post('{"entity_id":"light.b"}')).status, NOT_RECORDED_STATUS);
    assert.deepEqual(replay.unmatched, ['POST /api/services/light/turn_on {"entity_id":"light.b"}']);
  });

  it('plays the WebSocket: hello, auth, and a recorded answer under the id of the command', async () => {
    const { received } = await converse(
      `${replay.origin.replace('http', 'ws')}/api/websocket`,
      [
        { type: 'auth', access_token: ACCEPTED },
        { id: 7, type: 'config/area_registry/list' },
      ],
      3,
    );
    assert.deepEqual(received, [
      { type: 'auth_required', ha_version: '2025.10.1' },
      { type: 'auth_ok', ha_version: '2025.10.1' },
      { id: 7, type: 'result', success: true, result: [{ area_id: 'kitchen', name: 'Kitchen' }] },
    ]);
  });

  it('answers a refused token with the recorded auth_invalid and closes', async () => {
    const { received, closed } = await converse(
      `${replay.origin.replace('http', 'ws')}/api/websocket`,
      [{ type: 'auth', access_token: REFUSED }],
      3,
    );
    assert.deepEqual(received, [
      { type: 'auth_required', ha_version: '2025.10.1' },
      { type: 'auth_invalid', message: 'Invalid access token or password' },
    ]);
    assert.equal(closed, true);
  });
});
