// Generated homes for the question-frame family, English and German: per area a light, a window sensor, a battery and
// a humidity sensor named after a device, a thermostat; radios in some areas; a garage door, a front door lock, a
// weather entity; one fan name shared by two areas; states drawn per seed, some devices unavailable or unknown.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

/** The language a home and its questions are in. */
export type Language = 'en' | 'de';

/** What a device is, as the questions ask about it. */
export type DeviceKind =
  | 'light'
  | 'window'
  | 'media'
  | 'garage'
  | 'lock'
  | 'battery'
  | 'humidity'
  | 'thermostat'
  | 'fan';

/** An area, how a German sentence says "in it", and the first part of its compound names ("Küchen"-fenster). */
export interface FrameArea {
  name: string;
  in: string;
  compound: string;
}

/** A generated device: its entity and how the questions name it. */
export interface FrameDevice {
  kind: DeviceKind;
  entity: Entity;
  area?: string;
  /** The device a sensor is named after ("kitchen sensor" / "Küchensensor"), for battery and humidity sensors. */
  owner?: string;
  /** The number a sensor or thermostat reads, when it reports. */
  value?: number;
  /** A battery sensor's twin, named after the same device ("… Battery Level" / "… Batteriestand"). */
  twin?: Entity;
}

/** A generated home, its areas and devices, and the weather's condition. */
export interface FrameHome {
  seed: number;
  language: Language;
  home: Home;
  areas: FrameArea[];
  devices: FrameDevice[];
  weather: string;
}

const AREAS: Readonly<Record<Language, readonly FrameArea[]>> = {
  en: ['Kitchen', 'Hall', 'Bedroom', 'Office', 'Study', 'Den', 'Nursery', 'Attic', 'Basement'].map((name) => ({
    name,
    in: `in the ${name.toLowerCase()}`,
    compound: name,
  })),
  de: [
    { name: 'Küche', in: 'in der Küche', compound: 'Küchen' },
    { name: 'Wohnzimmer', in: 'im Wohnzimmer', compound: 'Wohnzimmer' },
    { name: 'Schlafzimmer', in: 'im Schlafzimmer', compound: 'Schlafzimmer' },
    { name: 'Bad', in: 'im Bad', compound: 'Bad' },
    { name: 'Flur', in: 'im Flur', compound: 'Flur' },
    { name: 'Büro', in: 'im Büro', compound: 'Büro' },
    { name: 'Kinderzimmer', in: 'im Kinderzimmer', compound: 'Kinderzimmer' },
    { name: 'Keller', in: 'im Keller', compound: 'Keller' },
  ],
};

/** The names of each kind of device per language. */
const NAMES: Readonly<
  Record<
    Language,
    {
      light(area: FrameArea): string;
      window(area: FrameArea): string;
      radio(area: FrameArea): string;
      sensor(area: FrameArea): string;
      battery(sensor: string): string;
      /** A second battery sensor named after the same device. */
      twin(sensor: string): string;
      humidity(sensor: string): string;
      thermostat(area: FrameArea): string;
      garage: string;
      lock: string;
      fan: string;
      weather: string;
    }
  >
> = {
  en: {
    light: (area) => `${area.name} Light`,
    window: (area) => `${area.name} Window`,
    radio: (area) => `${area.name} Radio`,
    sensor: (area) => `${area.name} Sensor`,
    battery: (sensor) => `${sensor} Battery`,
    twin: (sensor) => `${sensor} Battery Level`,
    humidity: (sensor) => `${sensor} Humidity`,
    thermostat: (area) => `${area.name} Thermostat`,
    garage: 'Garage Door',
    lock: 'Front Door',
    fan: 'Ceiling Fan',
    weather: 'Home',
  },
  de: {
    light: (area) => `Deckenlicht ${area.name}`,
    window: (area) => `${area.compound}fenster`,
    radio: (area) => `Radio ${area.name}`,
    sensor: (area) => `${area.compound}sensor`,
    battery: (sensor) => `${sensor} Batterie`,
    twin: (sensor) => `${sensor} Batteriestand`,
    humidity: (sensor) => `${sensor} Feuchtigkeit`,
    thermostat: (area) => `Heizung ${area.name}`,
    garage: 'Garagentor',
    lock: 'Haustür',
    fan: 'Deckenventilator',
    weather: 'Zuhause',
  },
};

/** The weather conditions a home may have (Home Assistant's states). */
export const WEATHER_STATES = ['sunny', 'rainy', 'cloudy', 'partlycloudy', 'fog', 'snowy', 'clear-night'] as const;

/** The home of `seed` in `language`: four areas, two of them with a radio. */
export function generateFrameHome(seed: number, language: Language): FrameHome {
  const random = createRandom(seed);
  const pool = [...AREAS[language]];
  const areas: FrameArea[] = [];
  while (areas.length < 4) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const names = NAMES[language];
  const devices: FrameDevice[] = [];
  const add = (kind: DeviceKind, entity: Entity, extra: Partial<FrameDevice> = {}) =>
    devices.push({ kind, entity, ...(entity.area === undefined ? {} : { area: entity.area }), ...extra });
  const radios = new Set([areas[0]!.name, areas[random.between(1, 3)]!.name]);
  // In half the homes, one device has two battery sensors named after it: which one is meant is not for HA-Assist.
  const twinned = random.chance(0.5) ? areas[random.int(areas.length)]!.name : undefined;
  for (const area of areas) {
    const at = area.name;
    add('light', entity('light', names.light(area), at, random.pick(['on', 'off', 'on', 'off', 'unavailable'])));
    add(
      'window',
      entity('binary_sensor', names.window(area), at, random.pick(['on', 'off', 'off', 'unavailable']), {}, 'window'),
    );
    const sensor = names.sensor(area);
    // A twinned sensor always reports: which of two readings is meant is the question, not whether one reports.
    const level = random.chance(0.2) && twinned !== at ? undefined : random.between(5, 100);
    add(
      'battery',
      entity(
        'sensor',
        names.battery(sensor),
        at,
        level === undefined ? 'unavailable' : String(level),
        percent,
        'battery',
      ),
      {
        owner: sensor,
        ...(level === undefined ? {} : { value: level }),
        ...(twinned === at
          ? { twin: entity('sensor', names.twin(sensor), at, String(random.between(5, 100)), percent, 'battery') }
          : {}),
      },
    );
    const humidity = random.chance(0.15) ? undefined : random.between(30, 70);
    add(
      'humidity',
      entity(
        'sensor',
        names.humidity(sensor),
        at,
        humidity === undefined ? 'unknown' : String(humidity),
        percent,
        'humidity',
      ),
      { owner: sensor, ...(humidity === undefined ? {} : { value: humidity }) },
    );
    const isCold = random.chance(0.15);
    const temperature = random.between(170, 240) / 10;
    add(
      'thermostat',
      entity('climate', names.thermostat(area), at, isCold ? 'unavailable' : 'heat', {
        current_temperature: temperature,
        temperature: 21,
      }),
      isCold ? {} : { value: temperature },
    );
    if (radios.has(at))
      add(
        'media',
        entity('media_player', names.radio(area), at, random.pick(['playing', 'paused', 'idle', 'off', 'unavailable'])),
      );
  }
  add(
    'garage',
    entity(
      'cover',
      names.garage,
      areas[1]!.name,
      random.pick(['open', 'closed', 'closed', 'opening', 'unavailable']),
      {},
      'garage',
    ),
  );
  add('lock', entity('lock', names.lock, areas[2]!.name, random.pick(['locked', 'unlocked', 'locked', 'jammed'])));
  // One name in two areas: a question naming it has two devices to choose from.
  for (const area of areas.slice(0, 2)) add('fan', entity('fan', names.fan, area.name, random.pick(['on', 'off'])));
  const weather = random.pick(WEATHER_STATES);
  const weatherEntity: Entity = {
    entityId: `weather.${language === 'en' ? 'home' : 'zuhause'}`,
    name: names.weather,
    aliases: [],
    domain: 'weather',
    state: weather,
    attributes: { temperature: random.between(-5, 30), temperature_unit: '°C', humidity: random.between(30, 90) },
  };
  const home: Home = {
    areas: areas.map((area) => ({ name: area.name, aliases: [] })),
    entities: [
      ...devices.flatMap((device) => [device.entity, ...(device.twin === undefined ? [] : [device.twin])]),
      weatherEntity,
    ],
  };
  return { seed, language, home, areas, devices, weather };
}

const percent = { unit_of_measurement: '%' };

function entity(
  domain: string,
  name: string,
  area: string,
  state: string,
  attributes: Entity['attributes'] = {},
  deviceClass?: string,
): Entity {
  const key = name.toLowerCase().replaceAll('ü', 'ue').replaceAll('ö', 'oe').replaceAll('ä', 'ae').replaceAll(' ', '_');
  // Two devices of one name get ids of their own, as Home Assistant gives them.
  const id = domain === 'fan' ? `${key}_${area.toLowerCase().replaceAll('ü', 'ue')}` : key;
  return {
    entityId: `${domain}.${id}`,
    name,
    aliases: [],
    domain,
    area,
    state,
    attributes,
    ...(deviceClass === undefined ? {} : { deviceClass }),
  };
}
