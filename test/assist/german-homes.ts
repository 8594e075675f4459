// Generated German homes for the German and unavailable-device families: a seeded choice of areas, each with one to
// three lights, a window sensor and a thermostat, a fan in some; states drawn per seed, some devices unavailable.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

type Random = ReturnType<typeof createRandom>;

/** An area, how a German sentence says "in it", and its window's compound name. */
interface GermanArea {
  name: string;
  in: string;
  window: string;
}

const AREAS: readonly GermanArea[] = [
  { name: 'Küche', in: 'in der Küche', window: 'Küchenfenster' },
  { name: 'Wohnzimmer', in: 'im Wohnzimmer', window: 'Wohnzimmerfenster' },
  { name: 'Schlafzimmer', in: 'im Schlafzimmer', window: 'Schlafzimmerfenster' },
  { name: 'Bad', in: 'im Bad', window: 'Badfenster' },
  { name: 'Flur', in: 'im Flur', window: 'Flurfenster' },
  { name: 'Büro', in: 'im Büro', window: 'Bürofenster' },
  { name: 'Kinderzimmer', in: 'im Kinderzimmer', window: 'Kinderzimmerfenster' },
  { name: 'Keller', in: 'im Keller', window: 'Kellerfenster' },
];

/** Light names (one word each, none of them "Lampe" alone), suffixed with the area. */
const LIGHTS = ['Deckenlicht', 'Leselampe', 'Stehlampe'];

/** A light of a generated home. */
export interface GermanLight {
  name: string;
  area: string;
  state: 'on' | 'off' | 'unavailable';
}

/** A generated German home and the names its sentences use. */
export interface GermanHome {
  seed: number;
  home: Home;
  areas: GermanArea[];
  lights: GermanLight[];
  lightsIn(area: string): GermanLight[];
  window(area: string): { name: string; state: 'on' | 'off' | 'unavailable' };
  thermostat(area: string): { name: string; temperature: number };
  /** The areas with a fan. */
  fans: string[];
  random: Random;
}

/** The home of `seed`: three to five areas; `unavailable` is the chance that a light or window does not report. */
export function generateGermanHome(seed: number, options: { unavailable?: number } = {}): GermanHome {
  const random = createRandom(seed);
  const pool = [...AREAS];
  const areas: GermanArea[] = [];
  const count = random.between(3, 5);
  while (areas.length < count) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const unavailable = options.unavailable ?? 0;
  const stateOf = (): 'on' | 'off' | 'unavailable' =>
    random.chance(unavailable) ? 'unavailable' : random.chance(0.5) ? 'on' : 'off';
  const lights: GermanLight[] = areas.flatMap((area) =>
    LIGHTS.slice(0, random.between(1, 3)).map((base) => ({
      name: `${base} ${area.name}`,
      area: area.name,
      state: stateOf(),
    })),
  );
  const windows = new Map(areas.map((area) => [area.name, { name: area.window, state: stateOf() }]));
  const thermostats = new Map(
    areas.map((area) => [area.name, { name: `Heizung ${area.name}`, temperature: random.between(180, 235) / 10 }]),
  );
  const fans = areas.filter(() => random.chance(0.5)).map((area) => area.name);
  const entities: Entity[] = [
    ...lights.map((light) => entity('light', light.name, light.area, light.state)),
    ...[...windows].map(([area, window]) =>
      entity('binary_sensor', window.name, area, window.state, { device_class: 'window' }),
    ),
    ...[...thermostats].map(([area, thermostat]) =>
      entity('climate', thermostat.name, area, 'heat', {
        current_temperature: thermostat.temperature,
        temperature: 21,
      }),
    ),
    ...fans.map((area) => entity('fan', `Ventilator ${area}`, area, 'off')),
  ];
  return {
    seed,
    home: { areas: areas.map((area) => ({ name: area.name, aliases: [] })), entities },
    areas,
    lights,
    lightsIn: (area) => lights.filter((light) => light.area === area),
    window: (area) => windows.get(area)!,
    thermostat: (area) => thermostats.get(area)!,
    fans,
    random,
  };
}

function entity(
  domain: string,
  name: string,
  area: string,
  state: string,
  attributes: Entity['attributes'] = {},
): Entity {
  const id = name.toLowerCase().replaceAll('ü', 'ue').replaceAll('ö', 'oe').replaceAll('ä', 'ae').replaceAll(' ', '_');
  return { entityId: `${domain}.${id}`, name, aliases: [], domain, area, state, attributes };
}

/** Names in the order the answers list them (the catalogue's, by name). */
export function byName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
