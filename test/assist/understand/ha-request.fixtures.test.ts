// Every shared Home Assistant request fixture, decoded and understood: catalogue, tools and history.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeChatRequest } from '../../../src/openai/index.ts';
import { detectRequestType, understandRequest, type HaRequest } from '../../../src/assist/index.ts';
import { readHaRequestFixture } from '../../fixtures/data.ts';
import { ollamaToOpenAi } from '../../fixtures/ollama-to-openai.ts';

/** The fixtures' small home: [name, aliases, domain, area, area aliases]. */
const SMALL_HOME: [string, string[], string, string | undefined, string[]][] = [
  ['Bedroom Fan', [], 'fan', 'Bedroom', []],
  ['Bedroom Light', [], 'light', 'Bedroom', []],
  ['Coffee Maker', [], 'switch', 'Kitchen', []],
  ['Floor Lamp', ['Reading Lamp'], 'light', 'Living Room', ['Lounge']],
  ['Front Door', [], 'lock', undefined, []],
  ['Kitchen Light', [], 'light', 'Kitchen', []],
  ['Kitchen Temperature', [], 'sensor', 'Kitchen', []],
  ['Living Room Blinds', [], 'cover', 'Living Room', ['Lounge']],
  ['Living Room Light', ['Ceiling Light'], 'light', 'Living Room', ['Lounge']],
  ['Shopping List', [], 'todo', undefined, []],
  ['Thermostat', [], 'climate', 'Living Room', ['Lounge']],
];

const TOOLS_2026 = [
  'HassTurnOn',
  'HassTurnOff',
  'HassSetPosition',
  'HassStopMoving',
  'HassCancelAllTimers',
  'HassBroadcast',
  'HassLightSet',
  'HassClimateSetTemperature',
  'HassFanSetSpeed',
  'HassListAddItem',
  'HassListCompleteItem',
  'HassListRemoveItem',
  'GetDateTime',
  'todo_get_items',
  'GetLiveContext',
];

function understand(body: Record<string, unknown>): HaRequest {
  return understandRequest(decodeChatRequest(body));
}

function assertSmallHome(request: HaRequest): void {
  const catalog = request.catalog;
  assert.ok(catalog, 'the catalogue was found');
  assert.equal(catalog.source, 'static-context');
  assert.deepEqual(
    catalog.entities.map((e) => [e.name, e.aliases, e.domain, e.area, e.areaAliases]),
    SMALL_HOME,
  );
  assert.deepEqual(
    catalog.areas.map((a) => [a.name, a.aliases]),
    [
      ['Bedroom', []],
      ['Kitchen', []],
      ['Living Room', ['Lounge']],
    ],
  );
  assert.equal(catalog.hasState, false);
}

function assertTurnOffRound(request: HaRequest, expectedArguments: Record<string, unknown>): void {
  assert.equal(request.history.activeRounds.length, 1);
  const [call] = request.history.activeRounds[0]!.calls;
  assert.equal(call?.canonicalName, 'HassTurnOff');
  assert.deepEqual(call?.arguments, expectedArguments);
  const body = call?.result?.result.body;
  assert.equal(body?.kind, 'intent-response');
  if (body?.kind !== 'intent-response') return;
  assert.equal(body.responseType, 'action_done');
  assert.deepEqual(body.success, [{ name: 'Living Room Light', type: 'entity', id: 'light.living_room_light' }]);
  assert.deepEqual(body.failed, []);
}

describe('understanding the shared Home Assistant request fixtures', () => {
  it('a-turn-off-living-room-light: small home, 15 tools, one user turn, no date line', () => {
    const request = understand(readHaRequestFixture('a-turn-off-living-room-light.json'));
    assertSmallHome(request);
    assert.deepEqual(
      request.tools.map((t) => t.canonicalName),
      TOOLS_2026,
    );
    assert.deepEqual(
      request.tools.map((t) => t.name),
      TOOLS_2026,
    );
    assert.equal(request.userText, 'Turn off the living room light');
    assert.equal(request.dateTime, undefined);
    assert.equal(request.satellite, undefined);
    assert.deepEqual(
      request.history.entries.map((e) => e.kind),
      ['user'],
    );
    assert.equal(detectRequestType(request), 'text');
  });

  it('b-after-hassturnoff-tool-call: the active tool round pairs the call with its intent response', () => {
    const request = understand(readHaRequestFixture('b-after-hassturnoff-tool-call.json'));
    assertSmallHome(request);
    assert.deepEqual(
      request.history.entries.map((e) => e.kind),
      ['user', 'tool-round'],
    );
    assertTurnOffRound(request, { name: 'Living Room Light', domain: ['light'] });
    assert.equal(request.history.activeRounds[0]!.calls[0]!.id, 'call_7d1e2c9b4a3f4e0b8c6d5a21');
    assert.equal(detectRequestType(request), 'tool-result');
  });

  it('variants/a-ha2025-era: date line at the end, 13 tools, parameterless GetLiveContext', () => {
    const request = understand(readHaRequestFixture('variants/a-ha2025-era.json'));
    assertSmallHome(request);
    assert.deepEqual(request.dateTime, { date: '2025-11-20', time: '08:15:42' });
    assert.equal(request.tools.length, 13);
    const live = request.tools.find((t) => t.canonicalName === 'GetLiveContext');
    assert.deepEqual(live?.parameters, { type: 'object', properties: {}, required: [] });
    assert.equal(
      request.tools.some((t) => t.canonicalName === 'GetDateTime'),
      false,
    );
  });

  it('variants/a-local-openai-llm: user content as parts, tools sorted, parallel_tool_calls false', () => {
    const request = understand(readHaRequestFixture('variants/a-local-openai-llm.json'));
    assertSmallHome(request);
    assert.equal(request.userText, 'Turn off the living room light');
    assert.equal(request.parallelToolCalls, false);
    assert.deepEqual(
      request.tools.map((t) => t.name),
      [...TOOLS_2026].sort(),
    );
  });

  it('variants/b-local-openai-llm: Python-spaced arguments still parse', () => {
    const request = understand(readHaRequestFixture('variants/b-local-openai-llm.json'));
    assertSmallHome(request);
    assertTurnOffRound(request, { name: 'Living Room Light', domain: ['light'] });
    assert.equal(
      request.history.activeRounds[0]!.calls[0]!.rawArguments,
      '{"name": "Living Room Light", "domain": ["light"]}',
    );
  });

  it('variants/b-ollama-api-chat: object arguments and id-less tool results, as an OpenAI body', () => {
    const request = understand(ollamaToOpenAi(readHaRequestFixture('variants/b-ollama-api-chat.json')));
    assertSmallHome(request);
    assertTurnOffRound(request, { name: 'Living Room Light', domain: ['light'] });
  });

  it('variants/b-extended-openai-conversation: CSV devices with ids and state, Python-repr result', () => {
    const request = understand(readHaRequestFixture('variants/b-extended-openai-conversation.json'));
    const catalog = request.catalog;
    assert.equal(catalog?.source, 'extended-csv');
    assert.equal(catalog?.entities.length, 11);
    assert.equal(catalog?.hasState, true);
    assert.deepEqual(catalog?.entities[0], {
      name: 'Living Room Light',
      aliases: ['Ceiling Light'],
      domain: 'light',
      areaAliases: [],
      entityId: 'light.living_room_light',
      state: 'on',
    });
    assert.deepEqual(catalog?.entities.find((e) => e.entityId === 'sensor.kitchen_temperature')?.state, '22.4');
    assert.deepEqual(catalog?.areas, []);
    assert.deepEqual(request.dateTime, { date: '2026-03-14', time: '18:42:07' });
    assert.deepEqual(request.toolChoice, 'auto');
    const call = request.history.activeRounds[0]!.calls[0]!;
    assert.equal(call.canonicalName, 'execute_services');
    assert.deepEqual(call.arguments, {
      list: [{ domain: 'light', service: 'turn_off', service_data: { entity_id: 'light.living_room_light' } }],
    });
    assert.deepEqual(call.result?.result, { encoding: 'python', body: { kind: 'value', value: [{ success: true }] } });
  });

  it('variants/getlivecontext-tool-message: the Live Context becomes a catalogue with state and attributes', () => {
    const base = readHaRequestFixture('a-turn-off-living-room-light.json');
    const messages = base.messages as unknown[];
    const toolMessage = readHaRequestFixture('variants/getlivecontext-tool-message.json');
    const call = {
      id: toolMessage.tool_call_id,
      type: 'function',
      function: { name: 'GetLiveContext', arguments: '{}' },
    };
    const request = understand({
      ...base,
      messages: [...messages, { role: 'assistant', content: null, tool_calls: [call] }, toolMessage],
    });
    const live = request.liveContext;
    assert.ok(live, 'the live context was read');
    assert.equal(live.source, 'live-context');
    assert.equal(live.hasState, true);
    assert.equal(live.entities.length, 11);
    const thermostat = live.entities.find((e) => e.name === 'Thermostat');
    assert.deepEqual(thermostat?.attributes, { current_temperature: 20.5, temperature: 21 });
    assert.equal(thermostat?.state, 'heat');
    const sensor = live.entities.find((e) => e.name === 'Kitchen Temperature');
    assert.deepEqual(
      [sensor?.state, sensor?.attributes],
      ['22.4', { unit_of_measurement: '°C', device_class: 'temperature' }],
    );
    assert.deepEqual(live.entities.find((e) => e.name === 'Living Room Light')?.attributes, { brightness: '255' });
    assert.equal(live.entities.find((e) => e.name === 'Bedroom Fan')?.state, 'off');
  });

  it('synthetic-500-entities-30-areas: 500 entities, 30 areas, 22 tools', () => {
    const request = understand(readHaRequestFixture('synthetic-500-entities-30-areas.json'));
    assert.equal(request.catalog?.entities.length, 500);
    assert.equal(request.catalog?.areas.length, 30);
    assert.equal(request.tools.length, 22);
    for (const entity of request.catalog!.entities) {
      assert.ok(
        entity.name.length > 0 && entity.domain.length > 0,
        `entity ${JSON.stringify(entity)} has a name and domain`,
      );
    }
    const names = request.catalog!.entities.map((e) => e.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      'HA sorts entities by name',
    );
  });
});
