// Weather and temperature answers through the app: every Home Assistant weather condition said in words.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../../../server/app-harness.ts';
import { ask } from '../../ask-app.ts';
import { firstRequest, homePlus, homeWith, liveContextOf, withResult } from '../../ha-turns.ts';
import type { HomeAttributeValue } from '../../../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/index.ts';

/** "what is the weather" against a home whose weather entity reports `state` (and `attributes`). */
async function weatherAnswer(state: string, attributes: Record<string, HomeAttributeValue>): Promise<string | null> {
  const harness = createHarness();
  const home = homePlus(FIXTURE_HOME, { name: 'Forecast Home', domain: 'weather', state, attributes });
  const first = firstRequest('what is the weather', home);
  const read = await ask(harness, first);
  assert.deepEqual(
    read.calls.map((call) => call.name),
    ['GetLiveContext'],
  );
  const answer = await ask(harness, withResult(first, read.calls[0]!, liveContextOf(home)));
  assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
  assert.deepEqual(answer.calls, []);
  return answer.content;
}

describe("weather conditions in words (Home Assistant's HassGetWeather response)", () => {
  // [state, with 14 °C, without a temperature]
  const rows: [string, string, string][] = [
    ['sunny', 'It is 14°C and sunny.', 'It is sunny.'],
    ['clear-night', 'It is 14°C and clear.', 'It is clear.'],
    ['cloudy', 'It is 14°C and cloudy.', 'It is cloudy.'],
    ['partlycloudy', 'It is 14°C and partly cloudy.', 'It is partly cloudy.'],
    ['rainy', 'It is 14°C and raining.', 'It is raining.'],
    ['pouring', 'It is 14°C and pouring rain.', 'It is pouring rain.'],
    ['snowy', 'It is 14°C and snowing.', 'It is snowing.'],
    ['snowy-rainy', 'It is 14°C with snow and rain.', 'There is snow and rain.'],
    ['fog', 'It is 14°C with fog.', 'There is fog.'],
    ['hail', 'It is 14°C with hail.', 'There is hail.'],
    ['lightning', 'It is 14°C with lightning.', 'There is lightning.'],
    ['lightning-rainy', 'It is 14°C with lightning and rain.', 'There is lightning and rain.'],
    ['windy', 'It is 14°C and windy.', 'It is windy.'],
    ['windy-variant', 'It is 14°C with wind and clouds.', 'There is wind and clouds.'],
    ['exceptional', 'It is 14°C and exceptional.', 'It is exceptional.'],
    ['some_new_state', 'It is 14°C and some new state.', 'It is some new state.'],
  ];
  for (const [state, withTemperature, alone] of rows)
    it(`${state} → "${withTemperature}" / "${alone}"`, async () => {
      assert.equal(await weatherAnswer(state, { temperature: 14, temperature_unit: '°C' }), withTemperature);
      assert.equal(await weatherAnswer(state, {}), alone);
    });

  it('a unit that is not degrees keeps its space', async () => {
    assert.equal(await weatherAnswer('sunny', { temperature: 57, temperature_unit: 'K' }), 'It is 57 K and sunny.');
  });
});

describe('temperatures with their unit', () => {
  it("a temperature sensor's reading joins its degree sign", async () => {
    const harness = createHarness();
    const first = firstRequest('what is the temperature in the kitchen');
    const read = await ask(harness, first);
    const live = homeWith({ 'Kitchen Temperature': '22.43' });
    const answer = await ask(harness, withResult(first, read.calls[0]!, liveContextOf(live)));
    assert.equal(answer.content, 'It is 22.4°C in the Kitchen (Kitchen Temperature).');
  });
});
