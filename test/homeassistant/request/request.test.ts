// Tests of the request bodies: the four client fixtures reproduced exactly, including key order.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_HOME } from '../../../src/demo-home/demo-home.ts';
import { FIXTURE_HOME } from '../../fixtures/homes/fixture-home.ts';
import {
  buildHaRequest,
  buildToolFollowUp,
  type HaClient,
  type ToolRound,
} from '../../../src/homeassistant/request/request.ts';
import { actionDoneResult } from '../../../src/homeassistant/request/tools/tool-result-values.ts';
import { readHaRequestFixture } from '../../fixtures/data.ts';

const USER_TEXT = 'Turn off the living room light';
const LIGHT = { entityId: 'light.living_room_light', name: 'Living Room Light' };
const TURN_OFF: ToolRound = {
  id: 'call_7d1e2c9b4a3f4e0b8c6d5a21',
  name: 'HassTurnOff',
  arguments: { name: 'Living Room Light', domain: ['light'] },
  result: actionDoneResult([LIGHT]),
};

const FIXTURES: readonly [HaClient, string, string][] = [
  ['compat', 'a-turn-off-living-room-light.json', 'b-after-hassturnoff-tool-call.json'],
  ['local_openai', 'variants/a-local-openai-llm.json', 'variants/b-local-openai-llm.json'],
];

describe('buildHaRequest', () => {
  for (const [client, first, second] of FIXTURES) {
    it(`reproduces ${first} (${client}) with the same key order`, () => {
      const body = buildHaRequest(FIXTURE_HOME, { userText: USER_TEXT, era: '2026', client });
      assert.equal(JSON.stringify(body), JSON.stringify(readHaRequestFixture(first)));
    });

    it(`reproduces ${second} after the HassTurnOff call (${client})`, () => {
      const body = buildToolFollowUp(
        buildHaRequest(FIXTURE_HOME, { userText: USER_TEXT, era: '2026', client }),
        [TURN_OFF],
        client,
      );
      assert.equal(JSON.stringify(body), JSON.stringify(readHaRequestFixture(second)));
    });
  }

  it('reproduces variants/a-ha2025-era.json', () => {
    const body = buildHaRequest(FIXTURE_HOME, {
      userText: USER_TEXT,
      era: '2025',
      now: { date: '2025-11-20', time: '08:15:42' },
    });
    assert.equal(JSON.stringify(body), JSON.stringify(readHaRequestFixture('variants/a-ha2025-era.json')));
  });

  it('puts history between the system and the new user message, and streams on request', () => {
    const history = [
      { role: 'user' as const, content: 'Is the fan on?' },
      { role: 'assistant' as const, content: 'Yes, the bedroom fan is on.' },
    ];
    const body = buildHaRequest(DEMO_HOME, {
      userText: 'Turn it off',
      era: '2026',
      history,
      stream: true,
      conversationId: 'abc',
      model: 'm',
    });
    assert.deepEqual(body.messages.slice(1), [...history, { role: 'user', content: 'Turn it off' }]);
    assert.deepEqual(Object.keys(body), [
      'messages',
      'model',
      'max_tokens',
      'stream',
      'temperature',
      'tools',
      'top_p',
      'user',
    ]);
    assert.equal(body.user, 'abc');
    assert.equal(body.model, 'm');
  });

  it('strips top-level anyOf and sorts tools by name for Local OpenAI LLM', () => {
    const body = buildHaRequest(FIXTURE_HOME, {
      userText: USER_TEXT,
      era: '2026',
      client: 'local_openai',
      satelliteArea: 'Kitchen',
      satelliteHasTimers: true,
    });
    const start = body.tools.find((tool) => tool.function.name === 'HassStartTimer');
    assert.ok(start && !('anyOf' in start.function.parameters));
    const names = body.tools.map((tool) => tool.function.name);
    assert.deepEqual(names, [...names].sort());
  });
});

describe('buildToolFollowUp', () => {
  it('keeps raw argument strings and content strings as given, one tool message per call', () => {
    const first = buildHaRequest(FIXTURE_HOME, { userText: USER_TEXT, era: '2026' });
    const calls: ToolRound[] = [
      { id: 'a', name: 'GetLiveContext', arguments: '{}', result: '{"success": true, "result": "x"}' },
      {
        id: 'b',
        name: 'HassTurnOff',
        arguments: { name: 'Kitchen Light' },
        result: { error: 'MatchFailedError', error_text: 'No device' },
      },
    ];
    const next = buildToolFollowUp(first, calls);
    assert.deepEqual(next.messages.slice(2), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', function: { arguments: '{}', name: 'GetLiveContext' }, type: 'function' },
          { id: 'b', function: { arguments: '{"name":"Kitchen Light"}', name: 'HassTurnOff' }, type: 'function' },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: '{"success": true, "result": "x"}' },
      { role: 'tool', tool_call_id: 'b', content: '{"error": "MatchFailedError", "error_text": "No device"}' },
    ]);
    assert.equal(first.messages.length, 2, 'the first request is not changed');
  });
});
