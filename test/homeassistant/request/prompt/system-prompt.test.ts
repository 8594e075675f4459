// Tests of the system message: byte identity with the request fixtures, and the era and option variants.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_SCHEMA, load } from 'js-yaml';
import { DEMO_HOME } from '../../../../src/demo-home/demo-home.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/fixture-home.ts';
import { renderSystemPrompt } from '../../../../src/homeassistant/request/prompt/system-prompt.ts';
import { homeFromStaticContext, readHaBody, systemMessageOf } from '../ha-fixtures.ts';

const NO_AREA_LINE =
  'When a user asks to turn on all devices of a specific type, ask user to specify an area, unless there is only one device of that type.';
const TIMERS_LINE = 'This device is not able to start timers.';

describe('renderSystemPrompt reproduces the fixtures byte for byte', () => {
  it('2026 era: a-turn-off-living-room-light.json', () => {
    const expected = systemMessageOf(readHaBody('a-turn-off-living-room-light.json'));
    assert.equal(renderSystemPrompt(FIXTURE_HOME, { era: '2026' }), expected);
  });

  it('2025 era: variants/a-ha2025-era.json, date line last', () => {
    const expected = systemMessageOf(readHaBody('variants/a-ha2025-era.json'));
    assert.equal(
      renderSystemPrompt(FIXTURE_HOME, { era: '2025', now: { date: '2025-11-20', time: '08:15:42' } }),
      expected,
    );
  });

  it('the 500-entity synthetic fixture, rebuilt from its own YAML', () => {
    const expected = systemMessageOf(readHaBody('synthetic-500-entities-30-areas.json'));
    const home = homeFromStaticContext(expected, (yaml) => load(yaml, { schema: CORE_SCHEMA }));
    assert.equal(home.entities.length, 500);
    assert.equal(renderSystemPrompt(home, { era: '2026' }), expected);
  });
});

describe('renderSystemPrompt variants', () => {
  it('2024 era: date line first, no dynamic-context prompt, state and attributes in the YAML', () => {
    const prompt = renderSystemPrompt(FIXTURE_HOME, { era: '2024', now: { date: '2024-12-20', time: '07:00:00' } });
    assert.ok(
      prompt.startsWith(
        "Current time is 07:00:00. Today's date is 2024-12-20.\nYou are a voice assistant for Home Assistant.\n",
      ),
    );
    assert.ok(
      prompt.includes(
        `${TIMERS_LINE}\nAn overview of the areas and the devices in this smart home:\n- names: Bedroom Fan\n  domain: fan\n  state: 'off'\n`,
      ),
    );
    assert.ok(
      prompt.includes(
        "- names: Living Room Light, Ceiling Light\n  domain: light\n  state: 'on'\n  areas: Living Room, Lounge\n  attributes:\n    brightness: '255'\n",
      ),
    );
    assert.ok(!prompt.includes('GetLiveContext') && !prompt.includes('Static Context'));
    assert.ok(prompt.endsWith('    current_temperature: 20.5\n    temperature: 21.0\n'));
  });

  it('satellite area line with floor, and without the timers line for a timer-capable satellite', () => {
    const prompt = renderSystemPrompt(DEMO_HOME, { era: '2026', satelliteArea: 'Kitchen', satelliteHasTimers: true });
    assert.ok(
      prompt.includes(
        "\nYou are in area Kitchen (floor Ground Floor) and all generic commands like 'turn on the lights' should target this area.\nYou ARE",
      ),
    );
    assert.ok(!prompt.includes(TIMERS_LINE) && !prompt.includes(NO_AREA_LINE));
  });

  it('satellite area line without floor', () => {
    const prompt = renderSystemPrompt(FIXTURE_HOME, { era: '2026', satelliteArea: 'Living Room' });
    assert.ok(
      prompt.includes(
        `\nYou are in area Living Room and all generic commands like 'turn on the lights' should target this area.\n${TIMERS_LINE}\n`,
      ),
    );
  });

  it('rejects a satellite area the home does not have', () => {
    assert.throws(() => renderSystemPrompt(FIXTURE_HOME, { era: '2026', satelliteArea: 'Garage' }), {
      code: 'DEMO_HOME_UNKNOWN_AREA',
    });
  });

  it('2026.9 platform names: no lock sentence, homeassistant__GetLiveContext in the dynamic prompt', () => {
    const prompt = renderSystemPrompt(FIXTURE_HOME, { era: '2026', toolPrefix: 'platform' });
    assert.ok(!prompt.includes('Use HassTurnOn to lock'));
    assert.ok(prompt.includes('the home using the `homeassistant__GetLiveContext` tool.'));
    assert.ok(prompt.includes('You MUST call `homeassistant__GetLiveContext`.'));
  });

  it('several LLM APIs: the API prompt is wrapped per API', () => {
    const plain = renderSystemPrompt(FIXTURE_HOME, { era: '2026' });
    const merged = renderSystemPrompt(FIXTURE_HOME, { era: '2026', toolPrefix: 'assist__' });
    const apiPrompt = plain.slice(plain.indexOf('When controlling'));
    assert.ok(merged.endsWith(`\nFollow these instructions for tools from "assist":\n${apiPrompt}\n\n`));
  });

  it('custom instructions (one final newline dropped) and an extra system prompt', () => {
    const prompt = renderSystemPrompt(FIXTURE_HOME, {
      era: '2025',
      instructions: 'You are Jarvis.\n',
      extraSystemPrompt: 'The user is in a hurry.',
    });
    assert.ok(prompt.startsWith('You are Jarvis.\nWhen controlling'));
    assert.ok(prompt.endsWith("\n\nCurrent time is 18:42:07. Today's date is 2026-03-14.\nThe user is in a hurry."));
  });

  it('a home with nothing exposed gets only the no-entities prompt', () => {
    const prompt = renderSystemPrompt({ areas: [], entities: [] }, { era: '2026' });
    assert.equal(
      prompt.split('\n').slice(3).join('\n'),
      'Only if the user wants to control a device, tell them to expose entities to their voice assistant in Home Assistant.',
    );
  });
});
