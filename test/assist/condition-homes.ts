// Generated homes for the condition family: a place with one temperature sensor, a thermostat, a humidity sensor and a
// fan; a place with two temperature sensors; a place with no sensor, a lamp, a door sensor and a door lock; a place
// whose temperature sensor and lamp do not report; and a place name the home does not have.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

/** The language a home and its sentences are in. */
export type Language = 'en' | 'de';

/** A generated home and the parts the sentences name. */
export interface ConditionHome {
  seed: number;
  language: Language;
  home: Home;
  /** The place with one temperature sensor (and a thermostat, a humidity sensor, a fan). */
  warm: string;
  /** The place with two temperature sensors. */
  crowded: string;
  /** The place with no sensor: a lamp, a door sensor and a door lock. */
  bare: string;
  /** The place whose temperature sensor and lamp are unavailable. */
  silent: string;
  /** A place the home does not have. */
  missing: string;
  /** The temperature sensor's reading and unit, the humidity sensor's reading. */
  temperature: number;
  unit: '°C' | '°F';
  humidity: number;
  /** The names of the devices the sentences use, by role. */
  names: {
    sensor: string;
    thermostat: string;
    humidity: string;
    fan: string;
    lamp: string;
    door: string;
    lock: string;
    silentSensor: string;
    silentLamp: string;
  };
  /** The door sensor is open (`on`), the lamp is on. */
  doorOpen: boolean;
  lampOn: boolean;
}

const AREAS: Readonly<Record<Language, readonly string[]>> = {
  en: ['Office', 'Bedroom', 'Hall', 'Kitchen', 'Study', 'Den', 'Nursery', 'Attic', 'Basement', 'Porch'],
  de: ['Büro', 'Schlafzimmer', 'Flur', 'Küche', 'Keller', 'Gästezimmer', 'Dachboden', 'Arbeitszimmer'],
};

/** The device names of a language, after the place's name. */
const NAMES: Readonly<Record<Language, Readonly<Record<keyof ConditionHome['names'] | 'wall', string>>>> = {
  en: {
    sensor: 'Temperature',
    thermostat: 'Thermostat',
    humidity: 'Humidity',
    fan: 'Fan',
    lamp: 'Lamp',
    door: 'Door',
    lock: 'Door Lock',
    silentSensor: 'Temperature',
    silentLamp: 'Lamp',
    wall: 'Wall Sensor',
  },
  de: {
    sensor: 'Temperatur',
    thermostat: 'Thermostat',
    humidity: 'Feuchtigkeit',
    fan: 'Ventilator',
    lamp: 'Lampe',
    door: 'Tür',
    lock: 'Türschloss',
    silentSensor: 'Temperatur',
    silentLamp: 'Lampe',
    wall: 'Wandsensor',
  },
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/gu, '_');

function entity(domain: string, name: string, area: string, state: string, extra: Partial<Entity> = {}): Entity {
  return { entityId: `${domain}.${slug(name)}`, name, aliases: [], domain, area, state, attributes: {}, ...extra };
}

/** The home of `seed` in `language`. */
export function generateConditionHome(seed: number, language: Language): ConditionHome {
  const random = createRandom(seed);
  const pool = [...AREAS[language]];
  const take = () => pool.splice(random.int(pool.length), 1)[0]!;
  const [warm, crowded, bare, silent, missing] = [take(), take(), take(), take(), take()];
  const unit = language === 'de' || random.chance(0.5) ? '°C' : '°F';
  const base = unit === '°C' ? random.between(150, 260) : random.between(600, 780);
  // One decimal, or a whole number now and then: both are said as Home Assistant reports them.
  const temperature = random.chance(0.25) ? Math.round(base / 10) : base / 10;
  const humidity = random.between(30, 70);
  const doorOpen = random.chance(0.5);
  const lampOn = random.chance(0.5);
  const word = NAMES[language];
  const names = {
    sensor: `${warm} ${word.sensor}`,
    thermostat: `${warm} ${word.thermostat}`,
    humidity: `${warm} ${word.humidity}`,
    fan: `${warm} ${word.fan}`,
    lamp: `${bare} ${word.lamp}`,
    door: `${bare} ${word.door}`,
    lock: `${bare} ${word.lock}`,
    silentSensor: `${silent} ${word.silentSensor}`,
    silentLamp: `${silent} ${word.silentLamp}`,
  };
  const temperatureSensor = (name: string, area: string, state: string) =>
    entity('sensor', name, area, state, { deviceClass: 'temperature', attributes: { unit_of_measurement: unit } });
  const entities: Entity[] = [
    temperatureSensor(names.sensor, warm, String(temperature)),
    entity('climate', names.thermostat, warm, 'heat', {
      attributes: { current_temperature: temperature + 1, temperature: 20 },
    }),
    entity('sensor', names.humidity, warm, String(humidity), {
      deviceClass: 'humidity',
      attributes: { unit_of_measurement: '%' },
    }),
    entity('fan', names.fan, warm, 'off'),
    temperatureSensor(`${crowded} ${word.sensor}`, crowded, '20.5'),
    temperatureSensor(`${crowded} ${word.wall}`, crowded, '21.5'),
    entity('light', names.lamp, bare, lampOn ? 'on' : 'off'),
    entity('binary_sensor', names.door, bare, doorOpen ? 'on' : 'off', { deviceClass: 'door' }),
    entity('lock', names.lock, bare, 'locked'),
    temperatureSensor(names.silentSensor, silent, 'unavailable'),
    entity('light', names.silentLamp, silent, 'unavailable'),
  ];
  const areas = [warm, crowded, bare, silent].map((name) => ({ name, aliases: [] }));
  return {
    seed,
    language,
    home: { areas, entities },
    warm,
    crowded,
    bare,
    silent,
    missing,
    temperature,
    unit,
    humidity,
    names,
    doorOpen,
    lampOn,
  };
}
