// Generated homes for the media-kind families: a focus area holding the players a row is about (TVs, speakers,
// receivers and players of no class, each playing, paused, idle or off), other areas with players drawn per seed, and
// a light in every area; every player is named by its area and a brand, never by a kind word.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

type Random = ReturnType<typeof createRandom>;

/** A player's device class; `none` has no class (Home Assistant's live context then lists none). */
export type PlayerClass = 'tv' | 'speaker' | 'receiver' | 'none';

/** A media player state. */
export type PlayerState = 'playing' | 'paused' | 'idle' | 'off';

/** A player a row places. */
export interface PlayerSpec {
  deviceClass: PlayerClass;
  state: PlayerState;
}

/** A generated player. */
export interface MediaPlayer extends PlayerSpec {
  name: string;
  area: string;
}

/** An area in English and, for German rows, how a German sentence names it. */
interface AreaName {
  name: string;
  /** "in der Küche" (the area's German alias). */
  germanIn: string;
  germanAlias: string;
}

const AREAS: readonly AreaName[] = [
  { name: 'Kitchen', germanIn: 'in der Küche', germanAlias: 'Küche' },
  { name: 'Living Room', germanIn: 'im Wohnzimmer', germanAlias: 'Wohnzimmer' },
  { name: 'Bedroom', germanIn: 'im Schlafzimmer', germanAlias: 'Schlafzimmer' },
  { name: 'Office', germanIn: 'im Büro', germanAlias: 'Büro' },
  { name: 'Den', germanIn: 'in der Stube', germanAlias: 'Stube' },
  { name: 'Nursery', germanIn: 'im Kinderzimmer', germanAlias: 'Kinderzimmer' },
  { name: 'Attic', germanIn: 'auf dem Dachboden', germanAlias: 'Dachboden' },
  { name: 'Patio', germanIn: 'auf der Terrasse', germanAlias: 'Terrasse' },
];

/** Brands per class: a player's name is its area and a brand ("Kitchen Sonos"). */
const BRANDS: Readonly<Record<PlayerClass, readonly string[]>> = {
  tv: ['Bravia', 'Frame', 'Oled'],
  speaker: ['Sonos', 'Homepod', 'Echo'],
  receiver: ['Denon', 'Yamaha', 'Marantz'],
  none: ['Chromecast', 'Shield', 'Kodi'],
};

const CLASSES: readonly PlayerClass[] = ['tv', 'speaker', 'receiver', 'none'];
const STATES: readonly PlayerState[] = ['playing', 'paused', 'idle', 'off'];

/** A generated home and the names its sentences use. */
export interface MediaHome {
  seed: number;
  home: Home;
  /** The area holding the row's players. */
  focus: string;
  /** An area with no player (a light only). */
  empty: string;
  /** The other areas (with drawn players), at least one. */
  others: string[];
  /** The row's players, in the order given. */
  focused: MediaPlayer[];
  players: MediaPlayer[];
  /** "in der Küche" for an area. */
  germanIn(area: string): string;
  random: Random;
}

/** What the other areas' players may do: anything, or nothing (all off, so only the focus area plays or pauses). */
export type Others = 'any' | 'quiet';

/** The home of `seed` with `focus` players in its focus area; the other areas' players drawn as `others` says. */
export function generateMediaHome(seed: number, focus: readonly PlayerSpec[], others: Others = 'any'): MediaHome {
  const random = createRandom(seed);
  const pool = [...AREAS];
  const areas: AreaName[] = [];
  const count = random.between(3, 5);
  while (areas.length < count) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const [focusArea, emptyArea, ...otherAreas] = areas as [AreaName, AreaName, ...AreaName[]];
  const focused = placePlayers(focusArea.name, focus, random);
  const drawn = otherAreas.flatMap((area) =>
    placePlayers(
      area.name,
      Array.from({ length: random.between(1, 2) }, () => ({
        deviceClass: random.pick(CLASSES),
        state: others === 'quiet' ? 'off' : random.pick(STATES),
      })),
      random,
    ),
  );
  const players = [...focused, ...drawn];
  const entities: Entity[] = [
    ...players.map((player) => playerEntity(player)),
    ...areas.map((area) => entity('light', `${area.name} Light`, area.name, random.pick(['on', 'off']))),
  ];
  const home: Home = {
    areas: areas.map((area) => ({ name: area.name, aliases: [area.germanAlias] })),
    entities,
  };
  const germanIn = (area: string) => AREAS.find((known) => known.name === area)?.germanIn ?? area;
  return {
    seed,
    home,
    focus: focusArea.name,
    empty: emptyArea.name,
    others: otherAreas.map((area) => area.name),
    focused,
    players,
    germanIn,
    random,
  };
}

/** Players of `specs` in `area`, each class's brands used once. */
function placePlayers(area: string, specs: readonly PlayerSpec[], random: Random): MediaPlayer[] {
  const left: Record<PlayerClass, string[]> = {
    tv: [...BRANDS.tv],
    speaker: [...BRANDS.speaker],
    receiver: [...BRANDS.receiver],
    none: [...BRANDS.none],
  };
  return specs.map((spec) => {
    const brands = left[spec.deviceClass];
    const brand = brands.splice(random.int(brands.length), 1)[0]!;
    return { ...spec, name: `${area} ${brand}`, area };
  });
}

function playerEntity(player: MediaPlayer): Entity {
  const base = entity('media_player', player.name, player.area, player.state);
  return player.deviceClass === 'none' ? base : { ...base, deviceClass: player.deviceClass };
}

function entity(domain: string, name: string, area: string, state: string): Entity {
  const entityId = `${domain}.${name.toLowerCase().replaceAll(' ', '_')}`;
  return { entityId, name, aliases: [], domain, area, state, attributes: {} };
}
