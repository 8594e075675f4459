// The outgoing WebSocket messages: plain objects in Home Assistant's spelling, without ids.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  areaRegistryListCommand,
  assistPipelineRunCommand,
  authMessage,
  deviceRegistryListCommand,
  encodeMessage,
  entityRegistryListCommand,
  pingCommand,
  renderTemplateCommand,
  unsubscribeEventsCommand,
  wireFloat,
} from '../../../src/homeassistant/ws/messages.ts';

describe('messages', () => {
  const rows: [string, unknown, unknown][] = [
    ['auth', authMessage('abc.def'), { type: 'auth', access_token: 'abc.def' }],
    [
      'render_template',
      renderTemplateCommand('{{ areas() | tojson }}'),
      { type: 'render_template', template: '{{ areas() | tojson }}', timeout: 3, report_errors: true },
    ],
    ['area registry', areaRegistryListCommand(), { type: 'config/area_registry/list' }],
    ['device registry', deviceRegistryListCommand(), { type: 'config/device_registry/list' }],
    ['entity registry', entityRegistryListCommand(), { type: 'config/entity_registry/list' }],
    ['unsubscribe', unsubscribeEventsCommand(7), { type: 'unsubscribe_events', subscription: 7 }],
    ['ping', pingCommand(), { type: 'ping' }],
  ];
  for (const [name, built, expected] of rows) {
    it(name, () => assert.deepEqual(built, expected));
  }
});

describe('encodeMessage', () => {
  const rows: [string, Record<string, unknown>, string][] = [
    [
      'plain JSON as JSON.stringify writes it',
      { type: 'x', id: 3, a: [1, 'b', null], b: undefined },
      '{"type":"x","id":3,"a":[1,"b",null]}',
    ],
    ['a whole float with its decimal point', { v: wireFloat(2) }, '{"v":2.0}'],
    ['a fraction as it is', { v: wireFloat(0.5) }, '{"v":0.5}'],
    ['a negative whole float', { v: wireFloat(-3) }, '{"v":-3.0}'],
    ['an exponent form, already a float', { v: wireFloat(1e21) }, '{"v":1e+21}'],
    [
      'nested, with text that looks like a marker left alone',
      { t: '{"kind":"wire-float"}', i: { v: wireFloat(1) } },
      '{"t":"{\\"kind\\":\\"wire-float\\"}","i":{"v":1.0}}',
    ],
  ];
  for (const [name, message, text] of rows) it(name, () => assert.equal(encodeMessage(message), text));

  it('sends --volume-multiplier 2 as 2.0 in the run command, exactly', () => {
    const command = assistPipelineRunCommand({
      startStage: 'wake_word',
      endStage: 'tts',
      input: { sample_rate: 16000, volume_multiplier: 2, auto_gain_dbfs: 5 },
    });
    assert.equal(
      encodeMessage({ ...command, id: 4 }),
      '{"type":"assist_pipeline/run","start_stage":"wake_word","end_stage":"tts","input":{"sample_rate":16000,"auto_gain_dbfs":5,"volume_multiplier":2.0},"id":4}',
    );
  });
});
