// Answering yes/no questions about the weather's condition: now from the weather entity's state, never a forecast.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { EntityCatalog } from '../../understand/index.ts';
import { isEntity, reportingWeather, theWeather } from './answer-measurement.ts';
import { weatherWords } from './answer-words.ts';
import type { QueryAnswer } from './query-answer.ts';
import { stringSlot } from './resolve-targets.ts';

/** The Home Assistant weather states each condition of the grammar (`weather_conditions` in state.ts) covers. */
const CONDITION_STATES: Readonly<Record<string, readonly string[]>> = {
  sunny: ['sunny'],
  clear: ['sunny', 'clear', 'clear-night'],
  cloudy: ['cloudy', 'partlycloudy'],
  rainy: ['rainy', 'pouring', 'lightning-rainy', 'snowy-rainy'],
  snowy: ['snowy', 'snowy-rainy'],
  windy: ['windy', 'windy-variant'],
  fog: ['fog'],
  lightning: ['lightning', 'lightning-rainy'],
  hail: ['hail'],
};

/** "Is it sunny (now)?": the one weather entity's current condition. */
export function answerWeatherNow(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const condition = stringSlot(result, 'condition') ?? '';
  const states = Object.hasOwn(CONDITION_STATES, condition) ? CONDITION_STATES[condition] : undefined;
  if (states === undefined)
    return { kind: 'unclear', reason: 'the question names no weather condition', candidates: [] };
  const entity = theWeather(result, live);
  if (!isEntity(entity)) return entity;
  const state = (entity.state ?? '').toLowerCase();
  const [joining, words] = weatherWords(state);
  const now = `${joining === 'with' ? 'there is' : 'it is'} ${words}`;
  const yesNo = states.includes(state);
  const text = yesNo ? `Yes, ${now}.` : `No, ${now}.`;
  return { kind: 'answer', text, matched: yesNo ? [entity] : [], unmatched: [], yesNo };
}

/**
 * "Is it going to be sunny today?": a forecast. Home Assistant's GetLiveContext gives a weather entity's state and
 * only its `temperature`, `temperature_unit` and `humidity` attributes (llm.py `interesting_attributes`); forecasts
 * come from the `weather.get_forecasts` action, so live state never holds one and the current condition is no
 * answer about later. The model gets the question, with that reason.
 */
export function answerForecast(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const weather = reportingWeather(result, live);
  return {
    kind: 'unclear',
    reason:
      weather.length === 0
        ? 'no weather entity reports'
        : 'no forecast in the live state (GetLiveContext gives the current weather only)',
    candidates: weather,
  };
}
