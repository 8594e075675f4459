// The built-in grammar's shared words: value lists, number ranges, expansion rules and skip words.
// A declarative table (it may be long). Values follow Home Assistant's conventions (slot values such as `garage`, `on`, 2700 K for warm white).

import type { IntentsDocument } from '../../hassil/index.ts';

type Lists = NonNullable<IntentsDocument['lists']>;

const percentRange = { range: { type: 'percentage', from: 0, to: 100 } };

/**
 * A device class said in the singular and in the plural: both give `out`, and the match's context says how many
 * devices the words name (`devices`: `one` for "the kitchen TV", `several` for "the blinds"), as the grammar's
 * blocks do for kind nouns.
 */
function counted(one: string, many: string, out: string | readonly string[]) {
  return [
    { in: one, out, context: { devices: 'one' } },
    { in: many, out, context: { devices: 'several' } },
  ];
}

/** Value lists and ranges every block may use (`name`, `area` and `floor` come from the caller). */
export const LISTS: Lists = {
  brightness: percentRange,
  brightness_level: {
    values: [
      { in: '(max|maximum|highest|full|brightest)', out: 100 },
      { in: '(min|minimum|lowest|dimmest)', out: 1 },
    ],
  },
  // Colour names Home Assistant's light.turn_on understands (CSS colour names).
  color: {
    values: [
      'white',
      'red',
      'orange',
      'yellow',
      'green',
      'blue',
      'purple',
      'pink',
      'brown',
      'turquoise',
      'cyan',
      'magenta',
      'violet',
      'indigo',
      'gold',
      'lime',
      'teal',
      'lavender',
      'crimson',
    ],
  },
  color_temperature: { range: { from: 1000, to: 10000, step: 100 } },
  color_temperature_names: {
    values: [
      { in: 'candle[ ]light', out: 1900 },
      { in: '(warm|soft) white', out: 2700 },
      { in: '(cool|cold|neutral) white', out: 4000 },
      { in: 'day[ ]light', out: 6500 },
    ],
  },
  temperature: { range: { type: 'temperature', from: 0, to: 100, fractions: 'halves' } },
  fan_speed: percentRange,
  position: percentRange,
  volume: percentRange,
  volume_step_up: percentRange,
  volume_step_down: { range: { type: 'percentage', from: 0, to: 100, multiplier: -1 } },
  // Cover device classes, as Home Assistant names them.
  cover_classes: {
    values: [
      ...counted('awning', 'awnings', 'awning'),
      ...counted('(blind|roller blind)', '(blinds|roller blinds)', 'blind'),
      ...counted('(curtain|drape)', '(curtains|drapes)', 'curtain'),
      ...counted('door', 'doors', 'door'),
      ...counted('(garage door|garage)', 'garage doors', 'garage'),
      ...counted('gate', 'gates', 'gate'),
      ...counted('shade', 'shades', 'shade'),
      ...counted('shutter', 'shutters', 'shutter'),
      ...counted('window', 'windows', 'window'),
    ],
  },
  // Valve device classes: "close the water", "turn off the gas".
  valve_classes: { values: ['water', 'gas'] },
  // Media player device classes: "turn off the TV", "mute the speaker".
  media_classes: {
    values: [
      ...counted('(tv|television)', '(tvs|televisions)', 'tv'),
      ...counted('speaker', 'speakers', 'speaker'),
      ...counted('(receiver|stereo|amplifier|amp)', '(receivers|stereos|amplifiers|amps)', 'receiver'),
      // A radio is a speaker or a receiver.
      ...counted('radio', 'radios', ['speaker', 'receiver']),
    ],
  },
  on_off_states: { values: ['on', 'off'] },
  cover_states: {
    values: [
      { in: '(open|opened)', out: 'open' },
      { in: '(closed|shut)', out: 'closed' },
      { in: 'opening', out: 'opening' },
      { in: '(closing|shutting)', out: 'closing' },
    ],
  },
  lock_states: { values: ['locked', 'unlocked', 'jammed'] },
  // A binary sensor is "on" when it detects something: an open door, an occupied room.
  binary_states: {
    values: [
      { in: '(on|open|opened|occupied|detecting|triggered|wet)', out: 'on' },
      { in: '(off|closed|shut|clear|unoccupied|vacant|dry)', out: 'off' },
    ],
  },
  person_states: {
    values: [
      { in: '([at ]home|in the (home|house))', out: 'home' },
      { in: '(away|out|not [at ]home|gone)', out: 'not_home' },
    ],
  },
  item: { wildcard: true },
  // Timers: durations of 1 to 100 units, "half" (an hour, a minute) as 30, and free-text names and commands.
  timer_hours: { range: { from: 1, to: 100 } },
  timer_minutes: { range: { from: 1, to: 100 } },
  timer_seconds: { range: { from: 1, to: 100 } },
  timer_half: {
    values: [
      { in: 'half', out: 30 },
      { in: '1/2', out: 30 },
    ],
  },
  timer_name: { wildcard: true },
  timer_command: { wildcard: true },
  // Media search: what to play, and Home Assistant's media classes.
  search_query: { wildcard: true },
  media_class: {
    values: [
      'artist',
      'album',
      { in: '(track|song)', out: 'track' },
      'playlist',
      'podcast',
      'movie',
      { in: '[tv ]show', out: 'tv_show' },
    ],
  },
  message: { wildcard: true },
};

/**
 * Expansion rules. `<noun>` has a default that name families rebind; `<loc>`, `<in_loc>`, `<things>` and `<state>`
 * have none: each block that uses them binds them (a block that forgets one fails with MISSING_RULE, not silently).
 */
export const RULES: Record<string, string> = {
  // What may follow an entity's name; a name family binds it ("lights" for lights).
  noun: '',
  entity: '[the |my |our ]{name}<noun>',
  in_area: '(in|at) [the ]{area}',
  on_floor: '((on|in|at) [the ]{floor}|{floor})',
  here: '(in here|here|in this room|in the room)',
  home: '((in|throughout|across|around) [the ][(whole|entire) ](house|home|apartment|flat)|everywhere|in (every|each|all) (room|rooms|area|areas))',
  // A named entity or a group of things at a place: "the kitchen overhead light", "fans in the kitchen".
  place_entity: '(<loc> {name}<noun>|<entity> <in_loc>)',
  place_things: '([all [of ]]<loc> <things>|[all [of ]][the ]<things> <in_loc>)',
  percent: '([ ]%| percent)',
  degrees: '([ ]°[ ][c|f]| degree[s][ (celsius|fahrenheit)]| (celsius|fahrenheit))',
  colour: 'colo[u]r',
  lights: '(light|lights|lamp|lamps|lighting)',
  temp: '(temperature|temp)',
  what_is: "(what is|what's|whats|how is|how's|hows|tell me)",
};

/** Words dropped before matching (politeness and request openers). */
export const SKIP_WORDS: string[] = [
  'please',
  'kindly',
  'can you',
  'could you',
  'would you',
  'will you',
  'for me',
  "i'd like",
  "i'd like to",
  'i would like to',
  'i want',
  'i want to',
];
