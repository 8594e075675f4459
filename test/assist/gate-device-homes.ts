// Generated homes for the device-class families: covers of every class and of none, valves for water, gas and of no
// class, and switches and buttons that open something (named so) beside plain ones; every name is derived from a
// seeded choice so sentences can be built.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

type Random = ReturnType<typeof createRandom>;

const AREAS = ['Kitchen', 'Office', 'Bedroom', 'Hallway', 'Study', 'Den', 'Nursery', 'Attic', 'Cellar', 'Porch'];

/** A device of the home as the sentences name it, and what it is. */
export interface HomeDevice {
  name: string;
  domain: string;
  area: string;
  /** Its own device class; absent for a device of none. */
  deviceClass?: string;
}

/** A generated home and its devices by role. */
export interface DeviceHome {
  seed: number;
  home: Home;
  areas: string[];
  /** Covers that act at once: blinds, curtains, shades, shutters, awnings, windows (each of its class). */
  plainCovers: HomeDevice[];
  /** Covers that ask: a garage door, a gate and a door (each of its class; the garage door's name may not say so). */
  doorCovers: HomeDevice[];
  /** A cover of no class whose name says gate or door (asks), and one whose name says neither (acts). */
  namedDoor: HomeDevice;
  unnamedCover: HomeDevice;
  /** Valves: water (acts), gas (asks), no class with water in the name (acts), no class and no water (asks). */
  waterValve: HomeDevice;
  gasValve: HomeDevice;
  waterNamedValve: HomeDevice;
  unnamedValve: HomeDevice;
  /** Switches and buttons that open something, by name: they ask. */
  openers: HomeDevice[];
  /** Plain switches and buttons: they act at once. */
  plainSwitches: HomeDevice[];
  /** The area with only a garage door as a door ("close the door in the …" means it), and one with a door and an awning. */
  garageArea: string;
  doorArea: string;
  random: Random;
}

/** The home of `seed`: six areas drawn from a fixed list, the devices spread over them. */
export function generateDeviceHome(seed: number): DeviceHome {
  const random = createRandom(seed);
  const pool = [...AREAS];
  const areas: string[] = [];
  while (areas.length < 6) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const [a0, a1, a2, a3, a4, a5] = areas as [string, string, string, string, string, string];
  const device = (name: string, domain: string, area: string, deviceClass?: string): HomeDevice => ({
    name,
    domain,
    area,
    ...(deviceClass === undefined ? {} : { deviceClass }),
  });
  const plainCovers = [
    device(`${a0} ${random.pick(['Blinds', 'Roller Blinds'])}`, 'cover', a0, 'blind'),
    device(`${a1} ${random.pick(['Curtains', 'Drapes'])}`, 'cover', a1, 'curtain'),
    device(`${a2} Shades`, 'cover', a2, 'shade'),
    device(`${a2} Shutters`, 'cover', a2, 'shutter'),
    device(`${a4} Awning`, 'cover', a4, 'awning'),
    device(`${a5} Window`, 'cover', a5, 'window'),
  ];
  const doorCovers = [
    device(random.pick(['Garage Door', 'Carport Door', 'Big Roller']), 'cover', a3, 'garage'),
    device(random.pick(['Driveway Gate', 'Yard Gate']), 'cover', a5, 'gate'),
    device(`${a4} Door`, 'cover', a4, 'door'),
  ];
  const namedDoor = device(random.pick(['Side Gate', 'Back Door', 'Garden Door']), 'cover', a1, undefined);
  const unnamedCover = device(random.pick(['Skylight', 'Attic Hatch', 'Sun Roof']), 'cover', a0, undefined);
  const waterValve = device(random.pick(['Lawn Valve', 'Garden Valve']), 'valve', a5, 'water');
  const gasValve = device(random.pick(['Boiler Valve', 'Stove Valve']), 'valve', a3, 'gas');
  const waterNamedValve = device(random.pick(['Sprinkler Water', 'Hose Water Valve']), 'valve', a5, undefined);
  const unnamedValve = device(random.pick(['Main Valve', 'Heating Valve']), 'valve', a3, undefined);
  const openers = [
    device(random.pick(['Garage Opener Relay', 'Garage Relay']), 'switch', a3, 'switch'),
    device(random.pick(['Gate Relay', 'Gate Opener']), 'switch', a5, undefined),
    device('Front Door Lock Switch', 'switch', a4, undefined),
    device(random.pick(['Gate Button', 'Garage Button']), 'button', a5, undefined),
  ];
  const plainSwitches = [
    device(random.pick(['Coffee Maker', 'Kettle']), 'switch', a0, 'outlet'),
    device(`${a2} Fountain`, 'switch', a2, undefined),
    device('Doorbell Chime', 'button', a4, undefined),
  ];
  const all = [
    ...plainCovers,
    ...doorCovers,
    namedDoor,
    unnamedCover,
    waterValve,
    gasValve,
    waterNamedValve,
    unnamedValve,
    ...openers,
    ...plainSwitches,
  ];
  const home: Home = { areas: areas.map((name) => ({ name, aliases: [] })), entities: all.map(entityOf) };
  return {
    seed,
    home,
    areas,
    plainCovers,
    doorCovers,
    namedDoor,
    unnamedCover,
    waterValve,
    gasValve,
    waterNamedValve,
    unnamedValve,
    openers,
    plainSwitches,
    garageArea: a3,
    doorArea: a4,
    random,
  };
}

function entityOf(device: HomeDevice): Entity {
  const entityId = `${device.domain}.${device.name.toLowerCase().replaceAll(' ', '_')}`;
  const state = device.domain === 'switch' ? 'off' : device.domain === 'button' ? 'unknown' : 'closed';
  return {
    entityId,
    name: device.name,
    aliases: [],
    domain: device.domain,
    area: device.area,
    state,
    attributes: {},
    ...(device.deviceClass === undefined ? {} : { deviceClass: device.deviceClass }),
  };
}
