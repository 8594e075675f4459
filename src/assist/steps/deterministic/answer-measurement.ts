// Answering temperature and weather questions from live state, with the safeguards a measurement needs.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { AttributeValue, CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { findArea, hasName, stringSlot } from './resolve-targets.ts';
import { type AnswerWords, answerWordsFor } from './answer-words.ts';
import { answerFromOne, formatNumber, hasReading, numberOf, type QueryAnswer } from './query-answer.ts';
import { languageOf } from './recognize-intent.ts';

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
  const reading = readings[0]!;
  const words = answerWordsFor(languageOf(result));
  const areaValue = result.entities.area?.value;
  const area = typeof areaValue === 'string' ? (findArea(live, areaValue)?.name ?? areaValue) : undefined;
  return {
    kind: 'answer',
    text: words.temperature(describeReading(reading, words), reading.entity.name, area),
    matched: [reading.entity],
    unmatched: [],
  };
}

/** Words in a sensor's name or alias that place it outdoors. */
const OUTDOOR_WORDS = /\b(outdoors?|outside|exterior)\b/u;

/**
 * The temperature outside ("what's the temperature outside"): the one outdoor temperature sensor (its name says
 * "outdoor" or "outside"), else the one weather entity's temperature. A thermostat is never read, and an outdoor
 * sensor that does not report is not replaced by the weather service: that choice is the model's.
 */
export function answerOutdoorTemperature(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const sensors = live.entities.filter(
    (e) =>
      isTemperatureSensor(e, { byUnit: true }) &&
      [e.name, ...e.aliases].some((n) => OUTDOOR_WORDS.test(normalizeName(n))),
  );
  // An outdoor sensor that does not report leaves the readings empty: no fallback to the weather service then.
  const fromSensors = sensors.length > 0;
  const readings = fromSensors
    ? sensors.flatMap(sensorReading)
    : reportingWeather(result, live).flatMap(weatherReading);
  if (readings.length !== 1) {
    const none = fromSensors
      ? 'the outdoor temperature sensor does not report'
      : 'no outdoor temperature sensor or weather temperature reports';
    const several = fromSensors
      ? 'several outdoor temperature readings fit the question'
      : 'several weather entities fit';
    return readings.length === 0
      ? { kind: 'unclear', reason: none, candidates: sensors }
      : { kind: 'unclear', reason: several, candidates: readings.map((reading) => reading.entity) };
  }
  const reading = readings[0]!;
  const words = answerWordsFor(languageOf(result));
  const text = words.outside(describeReading(reading, words), reading.entity.name);
  return { kind: 'answer', text, matched: [reading.entity], unmatched: [] };
}

/** A weather entity's temperature attribute as a reading. */
function weatherReading(entity: CatalogEntity): Reading[] {
  const value = numberOf(entity.attributes?.temperature);
  return value === undefined ? [] : [{ entity, value, unit: unitOf(entity.attributes?.temperature_unit ?? null) }];
}

/**
 * The battery level of a device ("what is the battery level of the motion sensor"): its battery sensor, named
 * after the device ("Motion Sensor Battery", "Motion Sensor Battery Level") or the device itself. A sensor that
 * does not report is no level.
 */
export function answerBatteryLevel(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const device = normalizeName(stringSlot(result, 'device') ?? '').replace(/^(the|my|our) /u, '');
  const names = new Set([device, `${device} battery`, `${device} battery level`]);
  const sensors = live.entities.filter(
    (e) => isBatterySensor(e) && [e.name, ...e.aliases].some((n) => names.has(normalizeName(n))),
  );
  const reporting = sensors.filter((e) => hasReading(e) && numberOf(e.state) !== undefined);
  if (sensors.length > 0 && reporting.length === 0)
    return { kind: 'unclear', reason: 'the battery sensor does not report', candidates: sensors };
  return answerFromOne(
    reporting,
    { none: 'no battery sensor of that device', several: 'several battery sensors fit the question' },
    (entity) => {
      const words = answerWordsFor(languageOf(result));
      return words.level(
        entity.name,
        words.reading(entity.state!.trim(), String(entity.attributes?.unit_of_measurement ?? '')),
      );
    },
  );
}

function isBatterySensor(entity: CatalogEntity): boolean {
  return entity.domain === 'sensor' && entity.attributes?.device_class === 'battery';
}

/** The weather: the one weather entity, or the one named (HassGetWeather). */
export function answerWeather(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const entity = theWeather(result, live);
  if (!isEntity(entity)) return entity;
  const temperature = numberOf(entity.attributes?.temperature);
  const unit = String(entity.attributes?.temperature_unit ?? entity.attributes?.unit_of_measurement ?? '');
  const words = answerWordsFor(languageOf(result));
  const reading = temperature === undefined ? undefined : words.reading(formatNumber(temperature), unit);
  return { kind: 'answer', text: words.weather(entity.state ?? '', reading), matched: [entity], unmatched: [] };
}

/** The weather entities that report, or the one the question names. */
export function reportingWeather(result: RecognizeResult, live: EntityCatalog): CatalogEntity[] {
  const name = stringSlot(result, 'name');
  return live.entities.filter(
    (e) => e.domain === 'weather' && (name === undefined || hasName(e, name)) && hasReading(e),
  );
}

/** The one weather entity that reports (the one named, when a name is given), or why there is no single one. */
export function theWeather(result: RecognizeResult, live: EntityCatalog): CatalogEntity | QueryAnswer {
  const weather = reportingWeather(result, live);
  if (weather.length === 1) return weather[0]!;
  return {
    kind: 'unclear',
    reason: weather.length === 0 ? 'no weather entity reports' : 'several weather entities fit',
    candidates: weather,
  };
}

/** True for an entity, false for an answer (of {@link theWeather}). */
export function isEntity(value: CatalogEntity | QueryAnswer): value is CatalogEntity {
  return !('kind' in value);
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
    return value === undefined || !hasReading(entity)
      ? []
      : [{ entity, value, unit: unitOf(entity.attributes?.temperature_unit ?? null) }];
  }
  return isTemperatureSensor(entity) ? sensorReading(entity) : [];
}

/** A sensor's numeric state with its unit, or none when it does not report. */
function sensorReading(entity: CatalogEntity): Reading[] {
  const value = hasReading(entity) ? numberOf(entity.state) : undefined;
  return value === undefined ? [] : [{ entity, value, unit: unitOf(entity.attributes?.unit_of_measurement ?? '') }];
}

/** Degree units, for a sensor whose live state gives a unit but no device class. */
const DEGREE_UNITS: ReadonlySet<string> = new Set(['°C', '°F']);

/** A temperature sensor by device class; with `byUnit`, also one whose unit is degrees. */
function isTemperatureSensor(entity: CatalogEntity, options: { byUnit?: boolean } = {}): boolean {
  if (entity.domain !== 'sensor') return false;
  if (entity.attributes?.device_class === 'temperature') return true;
  return options.byUnit === true && DEGREE_UNITS.has(String(entity.attributes?.unit_of_measurement ?? ''));
}

function describeReading({ value, unit }: Reading, words: AnswerWords): string {
  return words.reading(formatNumber(value), unit);
}

/** The unit as Home Assistant reports it; "degrees" when the live state does not say which. */
function unitOf(value: AttributeValue): string {
  return typeof value === 'string' && value !== '' ? value : 'degrees';
}
