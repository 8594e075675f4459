// The targets templates are written against: families of named entities, and places (area, floor, a named device).

import { nameFamily, type Place } from './blocks.ts';

/** Lights: "play corner lights" names the light "Play Corner". */
export const LIGHTS = nameFamily(['light'], { noun: '<lights>' });
/** Fans. */
export const FANS = nameFamily(['fan'], { noun: '(fan|fans)' });
/** Other things that are switched on and off by name (Home Assistant's default on/off domains). */
export const SWITCHABLES = nameFamily(['switch', 'input_boolean', 'media_player', 'climate']);
/** Covers and valves: opened and closed. */
export const OPENABLES = nameFamily(['cover', 'valve']);
/** Locks: locked and unlocked. */
export const LOCKS = nameFamily(['lock'], { noun: 'lock' });
/** Scenes: "party mode scene", "scene party mode". */
export const SCENES = nameFamily(['scene'], { entity: '[the ][scene ]{name}[ scene]' });
/** Scripts: "stealth mode script". */
export const SCRIPTS = nameFamily(['script'], { noun: 'script' });
/** Media players. */
export const MEDIA_PLAYERS = nameFamily(['media_player'], { noun: '(speaker|speakers|player|media player)' });
/** Thermostats. */
export const THERMOSTATS = nameFamily(['climate'], { noun: 'thermostat' });
/** Vacuum cleaners. */
export const VACUUMS = nameFamily(['vacuum'], { noun: '(vacuum|vacuum cleaner|robot)' });
/** Lawn mowers. */
export const MOWERS = nameFamily(['lawn_mower'], { noun: '(mower|lawn mower|lawnmower|robot)' });
/** To-do lists: "my shopping list". */
export const TODO_LISTS = nameFamily(['todo'], { noun: '(list|to do list|todo list)' });
/** Weather entities ("London"). */
export const WEATHER = nameFamily(['weather']);
/** People. */
export const PEOPLE = nameFamily(['person']);
/** Things that can be tracked (people and device trackers). */
export const TRACKED = nameFamily(['person', 'device_tracker']);
/** Entities whose state is read out by name ("what is the outside temperature"). */
export const READABLES = nameFamily([
  'sensor',
  'binary_sensor',
  'light',
  'switch',
  'fan',
  'cover',
  'lock',
  'valve',
  'climate',
  'media_player',
]);

/** Entities with an on/off state. */
export const ON_OFF_THINGS = nameFamily(['light', 'switch', 'fan', 'input_boolean']);
/** Binary sensors ("is the patio door open" is state `on`). */
export const BINARY_SENSORS = nameFamily(['binary_sensor'], { noun: 'sensor' });

/** A target in an area: `<loc>` "the kitchen", `<in_loc>` "in the kitchen". */
export const AREA: Place = { slot: 'area', rules: { loc: '[the ]{area}', in_loc: '<in_area>' } };
/** A target on a floor: `<loc>` "the first floor", `<in_loc>` "on the first floor" or just "upstairs". */
export const FLOOR: Place = { slot: 'floor', rules: { loc: '[the ]{floor}', in_loc: '<on_floor>' } };
/** A named device as the place of an action: "skip this song on the TV", "the TV volume". */
export const DEVICE: Place = { slot: 'name', rules: { loc: '<entity>', in_loc: '(on|in|for) <entity>' } };

/**
 * An area as the place of playback: "the living room", "the living room media player", "the kitchen TV" (a TV:
 * the device class goes with the call, so that Home Assistant does not pause the kitchen's radio for it).
 */
export const MEDIA_AREA: Place = {
  slot: 'area',
  rules: { ...AREA.rules, loc: '[the ]{area}[ (media player|player|{media_classes:device_class})]' },
};
