// Classifying tool results: intent responses, Live Context, success and failure forms, wrappers, text.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readToolResult } from '../../../../src/homeassistant/request/tools/tool-result.ts';

const LIGHT = { name: 'Living Room Light', type: 'entity', id: 'light.living_room_light' };

describe('readToolResult', () => {
  it('reads an action_done intent response with success and failed targets', () => {
    const content = JSON.stringify({
      speech: {},
      response_type: 'action_done',
      data: { targets: [], success: [LIGHT], failed: [{ name: 'Lamp', type: 'entity', id: 'light.lamp' }] },
    });
    assert.deepEqual(readToolResult(content), {
      encoding: 'json',
      body: {
        kind: 'intent-response',
        responseType: 'action_done',
        targets: [],
        success: [LIGHT],
        failed: [{ name: 'Lamp', type: 'entity', id: 'light.lamp' }],
      },
    });
  });

  it('reads speech and an error code', () => {
    const content =
      '{"speech": {"plain": {"speech": "Sorry, I am not aware of any device called Lamp", "extra_data": null}}, "response_type": "error", "data": {"code": "no_valid_targets"}}';
    const { body } = readToolResult(content);
    assert.equal(body.kind, 'intent-response');
    assert.ok(body.kind === 'intent-response');
    assert.equal(body.speech, 'Sorry, I am not aware of any device called Lamp');
    assert.equal(body.errorCode, 'no_valid_targets');
  });

  it('unwraps the ~2026.11 {"data", "error"} wrapper', () => {
    const ok = readToolResult(
      JSON.stringify({
        data: { speech: {}, response_type: 'action_done', data: { targets: [], success: [LIGHT], failed: [] } },
        error: false,
      }),
    );
    assert.equal(ok.body.kind, 'intent-response');
    const failed = readToolResult(
      JSON.stringify({ data: { error: 'MatchFailedError', error_text: 'No device named X' }, error: true }),
    );
    assert.deepEqual(failed.body, { kind: 'failure', message: 'MatchFailedError: No device named X' });
  });

  it('reads {"error", "error_text"} and {"success": false, "error"} as failures', () => {
    assert.deepEqual(readToolResult('{"error": "HomeAssistantError", "error_text": "Tool \\"X\\" not found"}').body, {
      kind: 'failure',
      message: 'HomeAssistantError: Tool "X" not found',
    });
    assert.deepEqual(readToolResult('{"success": false, "error": "Calendar not found"}').body, {
      kind: 'failure',
      message: 'Calendar not found',
    });
  });

  it('reads a GetDateTime success result', () => {
    const result = { date: '2026-03-14', time: '18:42:07', timezone: 'CET', weekday: 'Saturday' };
    assert.deepEqual(readToolResult(JSON.stringify({ success: true, result })).body, { kind: 'success', result });
  });

  it('reads a Live Context result into a catalogue, ASCII-escaped units included', () => {
    const yaml =
      "- names: Kitchen Temperature\n  domain: sensor\n  state: '22.4'\n  areas: Kitchen\n  attributes:\n    unit_of_measurement: \u00b0C\n";
    const content = JSON.stringify({
      success: true,
      result: `Live Context: An overview of the areas and the devices in this smart home:\n${yaml}`,
    }).replace('°', '\\u00b0');
    const { body } = readToolResult(content);
    assert.equal(body.kind, 'live-context');
    assert.ok(body.kind === 'live-context');
    assert.deepEqual(body.catalog.entities[0]?.attributes, { unit_of_measurement: '°C' });
    assert.equal(body.catalog.entities[0]?.state, '22.4');
  });

  it('keeps an unreadable Live Context as text rather than inventing state', () => {
    const { body } = readToolResult(
      JSON.stringify({
        success: true,
        result: 'Live Context: An overview of the areas and the devices in this smart home:\n- names: [unclosed\n',
      }),
    );
    assert.equal(body.kind, 'text');
  });

  it('reads Python repr, plain text and bare JSON values', () => {
    assert.deepEqual(readToolResult("[{'success': True}]"), {
      encoding: 'python',
      body: { kind: 'value', value: [{ success: true }] },
    });
    assert.deepEqual(readToolResult('The light is on.'), {
      encoding: 'text',
      body: { kind: 'text', text: 'The light is on.' },
    });
    assert.deepEqual(readToolResult('[1, 2]'), { encoding: 'json', body: { kind: 'value', value: [1, 2] } });
  });
});
