// Generated homes for the gate's families: a seeded choice of areas, each with two lights, blinds, a fan and a door
// lock, and a freezer and a thermostat somewhere; every name is derived from its area so sentences can be built.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

type Random = ReturnType<typeof createRandom>;

const AREAS = ['Kitchen', 'Office', 'Bedroom', 'Hallway', 'Study', 'Den', 'Nursery', 'Attic', 'Cellar', 'Porch'];

/** A generated home and the names its sentences use. */
export interface GateHome {
  seed: number;
  home: Home;
  /** The areas, in registry order (at least three). */
  areas: string[];
  /** Per area: its ceiling light and its reading lamp (both lights), blinds, fan and door lock. */
  ceiling(area: string): string;
  lamp(area: string): string;
  blinds(area: string): string;
  fan(area: string): string;
  door(area: string): string;
  freezer: string;
  thermostat: string;
  random: Random;
}

/** The home of `seed`: three to five areas drawn from a fixed list. */
export function generateGateHome(seed: number): GateHome {
  const random = createRandom(seed);
  const pool = [...AREAS];
  const areas: string[] = [];
  const count = random.between(3, 5);
  while (areas.length < count) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const names = {
    ceiling: (area: string) => `${area} Ceiling Light`,
    lamp: (area: string) => `${area} Reading Lamp`,
    blinds: (area: string) => `${area} Blinds`,
    fan: (area: string) => `${area} Fan`,
    door: (area: string) => `${area} Door`,
  };
  const entities: Entity[] = areas.flatMap((area) => [
    entity('light', names.ceiling(area), area, 'off'),
    entity('light', names.lamp(area), area, 'off'),
    { ...entity('cover', names.blinds(area), area, 'open'), deviceClass: 'blind' },
    entity('fan', names.fan(area), area, 'off'),
    entity('lock', names.door(area), area, 'locked'),
  ]);
  const freezerArea = random.pick(areas);
  entities.push(entity('climate', 'Freezer', freezerArea, 'cool', { temperature: -16 }));
  entities.push(entity('climate', 'Thermostat', random.pick(areas), 'heat', { temperature: 20 }));
  const home: Home = { areas: areas.map((name) => ({ name, aliases: [] })), entities };
  return { seed, home, areas, ...names, freezer: 'Freezer', thermostat: 'Thermostat', random };
}

function entity(
  domain: string,
  name: string,
  area: string,
  state: string,
  attributes: Entity['attributes'] = {},
): Entity {
  const entityId = `${domain}.${name.toLowerCase().replaceAll(' ', '_')}`;
  return { entityId, name, aliases: [], domain, area, state, attributes };
}
