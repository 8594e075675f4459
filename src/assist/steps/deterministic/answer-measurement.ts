// Answering temperature and weather questions from live state, with the safeguards a measurement needs.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { AttributeValue, CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { findArea, hasName } from './resolve-targets.ts';
import { type QueryAnswer, withUnit } from './answer-query.ts';

const NOT_A_READING = new Set(['unavailable', 'unknown', '', 'none']);

/**
 * Home Assistant's weather conditions in words, as its HassGetWeather response template says them after the
 * temperature ("14 °C and partly cloudy", "with fog"): the joining word, then the condition.
 */
const WEATHER_WORDS: Readonly<Record<string, readonly ['and' | 'with', string]>> = {
  clear: ['and', 'clear'],
  'clear-night': ['and', 'clear'],
  cloudy: ['and', 'cloudy'],
  exceptional: ['and', 'exceptional'],
  fog: ['with', 'fog'],
  hail: ['with', 'hail'],
  lightning: ['with', 'lightning'],
  'lightning-rainy': ['with', 'lightning and rain'],
  partlycloudy: ['and', 'partly cloudy'],
  pouring: ['and', 'pouring rain'],
  rainy: ['and', 'raining'],
  snowy: ['and', 'snowing'],
  'snowy-rainy': ['with', 'snow and rain'],
  sunny: ['and', 'sunny'],
  windy: ['and', 'windy'],
  'windy-variant': ['with', 'wind and clouds'],
};

/** One candidate reading: where it comes from and its value. */
interface Reading {
  entity: CatalogEntity;
  value: number;
  unit: string;
}

/**
 * The temperature of a place or a device (HassClimateGetTemperature). A thermostat's setpoint
 * (`temperature`) is never the ambient temperature: only `current_temperature` and temperature sensors
 * count; unavailable or unknown entities are no reading; several equally plausible readings are not
 * resolved by order.
 */
export function answerTemperature(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const readings = candidatesFor(result, live).flatMap(readingOf);
  if (readings.length === 0)
    return { kind: 'unclear', reason: 'no current temperature reading fits the question', candidates: [] };
  if (readings.length > 1)
    return {
      kind: 'unclear',
      reason: 'several temperature readings fit the question',
      candidates: readings.map((r) => r.entity),
    };
  const { entity, value, unit } = readings[0]!;
  const where =
    typeof result.entities.area?.value === 'string'
      ? ` in the ${findArea(live, result.entities.area.value)?.name ?? result.entities.area.value}`
      : '';
  return {
    kind: 'answer',
    text: `It is ${withUnit(formatNumber(value), unit)}${where} (${entity.name}).`,
    matched: [entity],
    unmatched: [],
  };
}

/** The weather: the one weather entity, or the one named (HassGetWeather). */
export function answerWeather(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const name = result.entities.name?.value;
  const weather = live.entities.filter(
    (e) =>
      e.domain === 'weather' && (typeof name !== 'string' || hasName(e, name)) && !NOT_A_READING.has(e.state ?? ''),
  );
  if (weather.length !== 1)
    return {
      kind: 'unclear',
      reason: weather.length === 0 ? 'no weather entity reports' : 'several weather entities fit',
      candidates: weather,
    };
  const entity = weather[0]!;
  const temperature = numberOf(entity.attributes?.temperature);
  const unit = String(entity.attributes?.temperature_unit ?? entity.attributes?.unit_of_measurement ?? '');
  const [joining, condition] = weatherWords(entity.state ?? '');
  const text =
    temperature === undefined
      ? `${joining === 'with' ? 'There is' : 'It is'} ${condition}.`
      : `It is ${withUnit(formatNumber(temperature), unit)} ${joining} ${condition}.`;
  return { kind: 'answer', text, matched: [entity], unmatched: [] };
}

/** A weather condition in words ("partlycloudy" → "partly cloudy"); one Home Assistant does not name, as written. */
function weatherWords(state: string): readonly ['and' | 'with', string] {
  const key = state.toLowerCase();
  if (Object.hasOwn(WEATHER_WORDS, key)) return WEATHER_WORDS[key]!;
  return ['and', key.replaceAll('-', ' ').replaceAll('_', ' ')];
}

/** Climate entities and temperature sensors the question points at: by name, by area, or the whole home. */
function candidatesFor(result: RecognizeResult, live: EntityCatalog): CatalogEntity[] {
  const name = result.entities.name?.value;
  if (typeof name === 'string') return live.entities.filter((e) => hasName(e, name));
  const areaName = result.entities.area?.value;
  const area = typeof areaName === 'string' ? findArea(live, areaName) : undefined;
  if (typeof areaName === 'string' && area === undefined) return [];
  return live.entities.filter(
    (e) => (area === undefined || e.area === area.name) && (e.domain === 'climate' || isTemperatureSensor(e)),
  );
}

function readingOf(entity: CatalogEntity): Reading[] {
  if (entity.domain === 'climate') {
    // The ambient reading of a thermostat; its `temperature` attribute is the setpoint.
    const value = numberOf(entity.attributes?.current_temperature);
    return value === undefined || NOT_A_READING.has(entity.state ?? '')
      ? []
      : [{ entity, value, unit: unitOf(entity.attributes?.temperature_unit ?? null) }];
  }
  if (!isTemperatureSensor(entity) || NOT_A_READING.has(normalizeName(entity.state ?? ''))) return [];
  const value = numberOf(entity.state);
  return value === undefined ? [] : [{ entity, value, unit: unitOf(entity.attributes?.unit_of_measurement ?? '') }];
}

function isTemperatureSensor(entity: CatalogEntity): boolean {
  return entity.domain === 'sensor' && entity.attributes?.device_class === 'temperature';
}

function numberOf(value: AttributeValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The unit as Home Assistant reports it; "degrees" when the live state does not say which. */
function unitOf(value: AttributeValue): string {
  return typeof value === 'string' && value !== '' ? value : 'degrees';
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
}
