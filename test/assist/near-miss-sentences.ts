// The near-miss table of HA-Assist's deterministic path over the two-floor home and its variants: sentences close to
// a command the grammar knows, each with the one outcome it must have. A declarative table, hence over 400 lines.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';

/** What makes a sentence a near miss. */
export type NearMissKind =
  | 'unknown-name'
  | 'two-devices'
  | 'inexact-part'
  | 'not-widened'
  | 'split-verb'
  | 'no-parallel'
  | 'floor-or-area'
  | 'sensitive'
  | 'partial-name'
  | 'condition';

/** A tool call as the test compares it: the tool's name and its parsed arguments. */
export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * What one turn must come to. `model`: the model got the turn, once, and no tool call came back; `ask`: a question
 * with no tool call and no model; `answer`: a plain statement with no tool call and no model; `confirm`: the
 * confirmation question for that action ("Unlock the Back Door? Say yes to confirm."), no call, no model; `calls`:
 * exactly these calls, in order, with no model; 503: `backend_not_configured` (only without a text model).
 */
export type Outcome = 'model' | 'ask' | 'answer' | 503 | { confirm: string } | { calls: ExpectedCall[] };

/** One sentence of the suite. */
export interface NearMissRow {
  readonly kind: NearMissKind;
  readonly text: string;
  /** A key of {@link NEAR_MISS_HOMES}; the two-floor home unless given. */
  readonly home?: NearMissHome;
  /** Sent as the request's `parallel_tool_calls`. */
  readonly parallelToolCalls?: false;
  /** The outcome with the text model `gemma` configured. */
  readonly expect: Exclude<Outcome, 503>;
  /** The outcome without a text model; the same as `expect` unless given. Required when `expect` is `model`. */
  readonly alone?: Exclude<Outcome, 'model'>;
}

function entity(entityId: string, name: string, area: string, state: string, deviceClass?: string): Entity {
  const domain = entityId.slice(0, entityId.indexOf('.'));
  return { entityId, name, aliases: [], domain, area, state, attributes: {}, ...(deviceClass ? { deviceClass } : {}) };
}

function plus(home: Home, ...entities: Entity[]): Home {
  return { ...home, entities: [...home.entities, ...entities] };
}

/** The two-floor home and its variants with a second device of a kind, or a name that holds "and". */
export const NEAR_MISS_HOMES = {
  base: TWO_FLOOR_HOME,
  twoFans: plus(TWO_FLOOR_HOME, entity('fan.desk_fan', 'Desk Fan', 'Office', 'off')),
  twoVacuums: plus(TWO_FLOOR_HOME, entity('vacuum.upstairs_vacuum', 'Upstairs Vacuum', 'Office', 'docked')),
  twoTvs: plus(TWO_FLOOR_HOME, entity('media_player.bedroom_tv', 'Bedroom TV', 'Bedroom', 'off', 'tv')),
  twoPlaying: plus(
    TWO_FLOOR_HOME,
    entity('media_player.office_speaker', 'Office Speaker', 'Office', 'playing', 'speaker'),
  ),
  twoCeilingLights: plus(
    TWO_FLOOR_HOME,
    entity('light.ceiling_light', 'Ceiling Light', 'Kitchen', 'off'),
    entity('light.ceiling_light_2', 'Ceiling Light', 'Bedroom', 'off'),
  ),
  livingRoomSpeaker: plus(
    TWO_FLOOR_HOME,
    entity('media_player.living_room_speaker', 'Living Room Speaker', 'Living Room', 'playing', 'speaker'),
  ),
  saltAndPepper: plus(
    TWO_FLOOR_HOME,
    entity('light.salt_and_pepper_lamp', 'Salt and Pepper Lamp', 'Dining Room', 'off'),
  ),
  partialNames: plus(
    TWO_FLOOR_HOME,
    entity('switch.hall_charger_plug', 'Hall Charger Plug', 'Hall', 'on'),
    entity('light.office_desk_lamp', 'Office Desk Lamp', 'Office', 'off'),
    entity('light.bedroom_desk_lamp', 'Bedroom Desk Lamp', 'Bedroom', 'on'),
    entity('light.front_door_light', 'Front Door Light', 'Hall', 'off'),
    entity('light.garage_workbench_light', 'Garage Workbench Light', 'Garage', 'off'),
    entity('light.back_porch_lantern', 'Back Porch Lantern', 'Garden', 'off'),
  ),
  // A place whose one temperature sensor does not report, and a place with two.
  conditions: plus(
    TWO_FLOOR_HOME,
    entity('sensor.office_temperature', 'Office Temperature', 'Office', 'unavailable', 'temperature'),
    entity('sensor.bedroom_temperature', 'Bedroom Temperature', 'Bedroom', '20.0', 'temperature'),
    entity('sensor.bedroom_wall_sensor', 'Bedroom Wall Sensor', 'Bedroom', '19.5', 'temperature'),
  ),
} satisfies Record<string, Home>;

/** A home of the suite. */
export type NearMissHome = keyof typeof NEAR_MISS_HOMES;

/** `intent` by the device's name in `domain`. */
function named(intent: string, name: string, domain: string, extra: Record<string, unknown> = {}): ExpectedCall {
  return { name: intent, arguments: { name, domain: [domain], ...extra } };
}

const LIGHTS = ['light'];
const SALT = 'Salt and Pepper Lamp';
const LR_TV = 'Living Room TV';

/** Every row; the test asserts its length against {@link NEAR_MISS_ROW_COUNTS}. */
export const NEAR_MISS_ROWS: readonly NearMissRow[] = [
  // Names the home does not have.
  { kind: 'unknown-name', text: 'turn on the garage light', expect: 'model', alone: 'answer' },
  { kind: 'unknown-name', text: 'start the dishwasher', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'stop the dishwasher', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'turn on the bathroom light', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'turn off the coffee maker', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'switch on the christmas tree', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'turn on the kettle', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'turn on the pool pump', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'open the kitchen blinds', expect: 'model', alone: 'answer' },
  { kind: 'unknown-name', text: 'close the bedroom curtains', expect: 'model', alone: 'answer' },
  { kind: 'unknown-name', text: 'set the office thermostat to 20 degrees', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'lock the garage door', expect: 'model', alone: 'answer' },
  { kind: 'unknown-name', text: 'turn on the porch fan', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'turn on the attic fan', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'start the snow blower', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'open the back gate', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'mute the office tv', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'turn up the volume on the garage radio', expect: 'model', alone: 503 },
  { kind: 'unknown-name', text: 'skip the song on the bedroom speaker', expect: 'model', alone: 503 },
  // "bedroom" is dropped from the question (it lists the players elsewhere), but no call is made.
  { kind: 'unknown-name', text: 'play the bedroom speaker', expect: 'model', alone: 'ask' },
  { kind: 'unknown-name', text: 'turn on the tv in the bedroom', expect: 'model', alone: 'answer' },
  { kind: 'unknown-name', text: 'turn off the bedroom tv', expect: 'model', alone: 'answer' },
  {
    kind: 'unknown-name',
    text: 'pause the bedroom tv',
    alone: 'answer',
    expect: 'model',
  },
  // The kitchen's player is a speaker: live state, read first, says there is no TV there ("There is no TV in the
  // Kitchen."), and no call is made.
  { kind: 'unknown-name', text: 'pause the kitchen tv', alone: 'answer', expect: 'model' },
  {
    kind: 'unknown-name',
    text: 'pause the office speaker',
    alone: 'answer',
    expect: 'model',
  },
  {
    kind: 'unknown-name',
    text: 'pause the music in the bedroom',
    alone: 'answer',
    expect: 'model',
  },
  {
    kind: 'unknown-name',
    text: 'play music in the office',
    alone: 'answer',
    expect: 'model',
  },
  // As above: Home Assistant switches off no TV in the kitchen.
  {
    kind: 'unknown-name',
    text: 'turn off the tv in the kitchen',
    expect: {
      calls: [{ name: 'HassTurnOff', arguments: { area: 'Kitchen', domain: ['media_player'], device_class: ['tv'] } }],
    },
  },
  {
    kind: 'unknown-name',
    text: 'dim the bedroom lamp to 30%',
    alone: 'ask',
    expect: 'model',
  },

  // Two devices fit: the app must not pick one.
  { kind: 'two-devices', home: 'twoFans', text: 'start the fan', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoFans', text: 'turn on the fan', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoFans', text: 'turn off the fan', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoFans', text: 'switch the fan off', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoFans', text: 'set the fan to 50%', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoVacuums', text: 'start the vacuum', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoVacuums', text: 'start vacuuming', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoVacuums', text: 'send the vacuum home', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoVacuums', text: 'return the vacuum to the dock', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoVacuums', text: 'stop the vacuum', expect: 'model', alone: 503 },
  { kind: 'two-devices', home: 'twoVacuums', text: 'pause the vacuum', expect: 'model', alone: 503 },
  { kind: 'two-devices', home: 'twoTvs', text: 'turn off the TV', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoTvs', text: 'turn on the tv', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoTvs', text: 'switch the television off', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoTvs', text: 'mute the tv', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoTvs', text: 'pause the tv', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoCeilingLights', text: 'turn off the ceiling light', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoCeilingLights', text: 'turn on the ceiling light', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoCeilingLights', text: 'turn off the ceiling lights', expect: 'model', alone: 'ask' },
  {
    kind: 'two-devices',
    home: 'twoCeilingLights',
    text: 'dim the ceiling light to 40%',
    expect: 'model',
    alone: 'ask',
  },
  {
    kind: 'two-devices',
    home: 'twoCeilingLights',
    text: 'set the ceiling light brightness to 50%',
    expect: 'model',
    alone: 'ask',
  },
  { kind: 'two-devices', home: 'twoPlaying', text: 'pause', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'skip this song', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'next track', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'stop the music', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'resume', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'mute', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'turn the volume down', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', home: 'twoPlaying', text: 'set the volume to 20%', expect: 'model', alone: 'ask' },
  { kind: 'two-devices', text: 'unlock the door', expect: 'model', alone: 'ask' },

  // Several commands, one part of which is not an exact command.
  { kind: 'inexact-part', text: 'turn on the kitchen light and the garage light', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the hall light and make it cosy', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the kitchen light and what time is it', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the porch light and the attic light', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn off the office light and the dishwasher', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the kitchen light, then the basement light', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the kitchen light, then the attic light', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on both the kitchen and garage lights', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on both the kitchen and attic lights', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the bedroom light and tell me a joke', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn off the kitchen plug and is the back door locked', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: "turn off the office light and what's the weather", expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'start the fan and make the room cooler', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the kitchen light and the desk lamp', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the bedroom light and the wardrobe light', expect: 'model', alone: 503 },
  {
    kind: 'inexact-part',
    text: "turn on the bedroom light and don't turn on the bedside lamp",
    expect: 'model',
    alone: 'answer',
  },
  { kind: 'inexact-part', text: 'pause the radio and play some jazz', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'pause the radio and the bedroom tv', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the porch light and set the mood', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn off the tv and the bedroom tv', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the sprinklers and open the back door', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'turn on the hall light and turn off the attic light', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'open the curtains and then make me a coffee', expect: 'model', alone: 503 },
  { kind: 'inexact-part', text: 'mow the lawn and water the plants', expect: 'model', alone: 503 },
  {
    kind: 'inexact-part',
    text: 'set the office thermostat to 20 and turn on the office light',
    expect: 'model',
    alone: 503,
  },
  { kind: 'inexact-part', text: 'turn off the hall light and lock the door', expect: 'model', alone: 503 },
  {
    kind: 'inexact-part',
    home: 'twoCeilingLights',
    text: 'turn on the kitchen light and the ceiling light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'inexact-part',
    home: 'twoVacuums',
    text: 'start the vacuum and turn on the kitchen light',
    expect: 'model',
    alone: 503,
  },
  { kind: 'inexact-part', home: 'twoFans', text: 'turn off the fan and the office light', expect: 'model', alone: 503 },
  {
    kind: 'inexact-part',
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp and the attic light',
    expect: 'model',
    alone: 503,
  },

  // Not widened to the whole home or the whole room, and a name holding "and" never split.
  {
    kind: 'not-widened',
    text: 'turn off all the lights',
    alone: 'ask',
    expect: 'model',
  },
  {
    kind: 'not-widened',
    text: 'turn off all lights',
    alone: 'ask',
    expect: 'model',
  },
  {
    kind: 'not-widened',
    text: 'switch off every light',
    alone: 'ask',
    expect: 'model',
  },
  { kind: 'not-widened', text: 'turn on all the lights', expect: 'model', alone: 'ask' },
  {
    kind: 'not-widened',
    text: 'turn off all the lights in the house',
    expect: { calls: [{ name: 'HassTurnOff', arguments: { domain: LIGHTS } }] },
  },
  {
    kind: 'not-widened',
    home: 'livingRoomSpeaker',
    text: 'turn off the living room tv',
    expect: { calls: [named('HassTurnOff', LR_TV, 'media_player')] },
  },
  {
    kind: 'not-widened',
    home: 'livingRoomSpeaker',
    text: 'turn on the living room tv',
    expect: { calls: [named('HassTurnOn', LR_TV, 'media_player')] },
  },
  {
    kind: 'not-widened',
    home: 'livingRoomSpeaker',
    text: 'pause the living room tv',
    expect: { calls: [named('HassMediaPause', LR_TV, 'media_player')] },
  },
  {
    kind: 'not-widened',
    home: 'livingRoomSpeaker',
    text: 'mute the living room tv',
    expect: { calls: [named('HassMediaPlayerMute', LR_TV, 'media_player')] },
  },
  {
    kind: 'not-widened',
    home: 'livingRoomSpeaker',
    text: 'turn the living room tv volume down',
    expect: { calls: [{ name: 'HassSetVolumeRelative', arguments: { name: LR_TV, volume_step: 'down' } }] },
  },
  {
    kind: 'not-widened',
    home: 'livingRoomSpeaker',
    text: 'turn off the tv in the living room',
    expect: {
      calls: [
        {
          name: 'HassTurnOff',
          arguments: { area: 'Living Room', domain: ['media_player'], device_class: ['tv'] },
        },
      ],
    },
  },
  {
    kind: 'not-widened',
    home: 'twoTvs',
    text: 'turn off the living room tv',
    expect: { calls: [named('HassTurnOff', LR_TV, 'media_player')] },
  },
  {
    kind: 'not-widened',
    home: 'twoCeilingLights',
    text: 'turn on the kitchen ceiling light',
    expect: { calls: [named('HassTurnOn', 'Ceiling Light', 'light', { area: 'Kitchen' })] },
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp',
    expect: { calls: [named('HassTurnOn', SALT, 'light')] },
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'turn off the salt and pepper lamp',
    expect: { calls: [named('HassTurnOff', SALT, 'light')] },
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'switch on the salt and pepper lamp',
    expect: { calls: [named('HassTurnOn', SALT, 'light')] },
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp in the dining room',
    expect: { calls: [named('HassTurnOn', SALT, 'light', { area: 'Dining Room' })] },
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'set the salt and pepper lamp to 40%',
    expect: { calls: [named('HassLightSet', SALT, 'light', { brightness: 40 })] },
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'turn on the salt lamp and pepper lamp',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'not-widened',
    home: 'saltAndPepper',
    text: 'turn on the salt and the pepper lamp',
    expect: 'model',
    alone: 503,
  },

  // Several exact commands: each part keeps its own verb, or borrows the one before it.
  {
    kind: 'split-verb',
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp and the kitchen light',
    expect: { calls: [named('HassTurnOn', SALT, 'light'), named('HassTurnOn', 'Kitchen Light', 'light')] },
  },
  {
    kind: 'split-verb',
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp, then the kitchen light',
    expect: { calls: [named('HassTurnOn', SALT, 'light'), named('HassTurnOn', 'Kitchen Light', 'light')] },
  },
  {
    kind: 'split-verb',
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp and turn off the hall light',
    expect: { calls: [named('HassTurnOn', SALT, 'light'), named('HassTurnOff', 'Hall Light', 'light')] },
  },
  {
    kind: 'split-verb',
    home: 'saltAndPepper',
    text: 'turn off the salt and pepper lamp and turn on the kitchen light',
    expect: { calls: [named('HassTurnOff', SALT, 'light'), named('HassTurnOn', 'Kitchen Light', 'light')] },
  },
  {
    kind: 'split-verb',
    home: 'saltAndPepper',
    text: 'turn off the salt and pepper lamp, then the hall light',
    expect: { calls: [named('HassTurnOff', SALT, 'light'), named('HassTurnOff', 'Hall Light', 'light')] },
  },
  {
    kind: 'split-verb',
    text: 'turn off the kitchen light and the hall light',
    expect: { calls: [named('HassTurnOff', 'Kitchen Light', 'light'), named('HassTurnOff', 'Hall Light', 'light')] },
  },
  {
    kind: 'split-verb',
    text: 'turn off the office light and the bedroom light',
    expect: { calls: [named('HassTurnOff', 'Office Light', 'light'), named('HassTurnOff', 'Bedroom Light', 'light')] },
  },
  {
    kind: 'split-verb',
    text: 'switch off the hall light and the office light',
    expect: { calls: [named('HassTurnOff', 'Hall Light', 'light'), named('HassTurnOff', 'Office Light', 'light')] },
  },
  {
    kind: 'split-verb',
    text: 'turn off the living room light, then the bedside lamp',
    expect: {
      calls: [named('HassTurnOff', 'Living Room Light', 'light'), named('HassTurnOff', 'Bedside Lamp', 'light')],
    },
  },

  // Two commands and a client that takes one tool call at a time.
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'turn on the kitchen light and turn off the hall light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'turn on the kitchen light, then the porch light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'turn on both the kitchen and dining room lights',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'turn off the office light and the bedroom light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'open the curtains and turn on the living room light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'start the fan and turn off the bedroom light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'lock the front door and turn off the hall light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'turn off the porch light and turn on the sprinklers',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'pause the radio and close the curtains',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    home: 'saltAndPepper',
    text: 'turn on the salt and pepper lamp and the kitchen light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'no-parallel',
    parallelToolCalls: false,
    text: 'unlock the front door',
    expect: { confirm: 'Unlock the Front Door' },
  },

  // Floors and areas the home does not have.
  { kind: 'floor-or-area', text: 'turn off the lights on the third floor', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights on the second floor', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights on floor three', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights on the top floor', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn on the lights on the mezzanine', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights in the attic', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights in the basement', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off everything in the basement', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights in the cellar', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn on the lights in the guest room', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights in the bathroom', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights in the upstairs bathroom', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn off the lights in the kids room', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn on the lights in the loft', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn on the lights in the patio', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'close the blinds in the nursery', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'set the brightness in the attic to 50%', expect: 'model', alone: 503 },
  { kind: 'floor-or-area', text: 'turn on the lights in the garage', expect: 'model', alone: 'answer' },
  {
    kind: 'floor-or-area',
    text: 'turn off the lights on the ground floor and in the attic',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'floor-or-area',
    text: 'turn off the lights on the first floor and in the attic',
    expect: 'model',
    alone: 503,
  },
  { kind: 'floor-or-area', text: 'turn off the lights in the attic and the kitchen', expect: 'model', alone: 503 },
  {
    kind: 'floor-or-area',
    text: 'turn off the lights on the third floor and the porch light',
    expect: 'model',
    alone: 503,
  },
  {
    kind: 'floor-or-area',
    text: 'turn on the kitchen light and the lights on the third floor',
    expect: 'model',
    alone: 503,
  },

  // Unlocking or opening a door: never a direct call.
  { kind: 'sensitive', text: 'unlock the back door', expect: { confirm: 'Unlock the Back Door' } },
  { kind: 'sensitive', text: 'unlock the front door', expect: { confirm: 'Unlock the Front Door' } },
  { kind: 'sensitive', text: 'please unlock the front door', expect: { confirm: 'Unlock the Front Door' } },
  { kind: 'sensitive', text: 'open the garage door', expect: { confirm: 'Open the Garage Door' } },
  { kind: 'sensitive', text: 'raise the garage door', expect: { confirm: 'Open the Garage Door' } },
  // A water valve is no door: it opens at once, once live state has said what it is.
  {
    kind: 'sensitive',
    text: 'open the garden valve',
    expect: { calls: [{ name: 'HassTurnOn', arguments: { name: 'Garden Valve', domain: ['valve'] } }] },
  },
  {
    kind: 'sensitive',
    text: 'open the garage',
    expect: { confirm: 'Open the Garage Door' },
  },
  { kind: 'sensitive', text: 'unlock all the doors', expect: 'model', alone: 503 },
  { kind: 'sensitive', text: 'open the front door', expect: 'model', alone: 503 },
  {
    kind: 'sensitive',
    text: 'turn off the fan and unlock the back door',
    expect: 'model',
    alone: { confirm: 'Unlock the Back Door' },
  },
  {
    kind: 'sensitive',
    text: 'unlock the back door and turn on the kitchen light',
    expect: 'model',
    alone: { confirm: 'Unlock the Back Door' },
  },
  {
    kind: 'sensitive',
    text: 'turn off the living room light and unlock the front door',
    expect: 'model',
    alone: { confirm: 'Unlock the Front Door' },
  },
  {
    kind: 'sensitive',
    text: 'turn off the tv and unlock the front door',
    expect: 'model',
    alone: { confirm: 'Unlock the Front Door' },
  },
  {
    kind: 'sensitive',
    text: 'unlock the front door and the back door',
    expect: 'model',
    alone: { confirm: 'Unlock the Front Door and the Back Door' },
  },
  {
    kind: 'sensitive',
    text: 'unlock the back door, then the front door',
    expect: 'model',
    alone: { confirm: 'Unlock the Back Door and the Front Door' },
  },
  {
    kind: 'sensitive',
    text: 'turn off the hall light and open the garage door',
    expect: 'model',
    alone: { confirm: 'Open the Garage Door' },
  },
  {
    kind: 'sensitive',
    text: 'open the garage door and turn on the porch light',
    expect: 'model',
    alone: { confirm: 'Open the Garage Door' },
  },
  {
    kind: 'sensitive',
    text: 'lock the front door and open the garage door',
    expect: 'model',
    alone: { confirm: 'Open the Garage Door' },
  },
  {
    kind: 'sensitive',
    text: 'open the garage door and the curtains',
    expect: 'model',
    alone: { confirm: 'Open the Garage Door' },
  },
  {
    kind: 'sensitive',
    text: 'close the curtains and open the garage door',
    expect: 'model',
    alone: { confirm: 'Open the Garage Door' },
  },
  // A device named by part of its name: the one it fits, which one when it fits several, never a lock or a door.
  { kind: 'partial-name', home: 'partialNames', text: 'is the hall plug on', expect: 'answer' },
  { kind: 'partial-name', home: 'partialNames', text: 'is the charger on', expect: 'answer' },
  {
    kind: 'partial-name',
    home: 'partialNames',
    text: 'turn off the charger plug',
    expect: { calls: [named('HassTurnOff', 'Hall Charger Plug', 'switch')] },
  },
  {
    kind: 'partial-name',
    home: 'partialNames',
    text: 'turn on the office desk',
    expect: { calls: [named('HassTurnOn', 'Office Desk Lamp', 'light')] },
  },
  {
    kind: 'partial-name',
    home: 'partialNames',
    text: 'turn on the workbench',
    expect: { calls: [named('HassTurnOn', 'Garage Workbench Light', 'light')] },
  },
  {
    kind: 'partial-name',
    home: 'partialNames',
    text: 'turn off the desk lamp in the bedroom',
    expect: { calls: [named('HassTurnOff', 'Bedroom Desk Lamp', 'light', { area: 'Bedroom' })] },
  },
  { kind: 'partial-name', home: 'partialNames', text: 'is the desk lamp in the office on', expect: 'answer' },
  { kind: 'partial-name', home: 'partialNames', text: 'turn on the desk lamp', expect: 'model', alone: 'ask' },
  { kind: 'partial-name', home: 'partialNames', text: 'is the desk lamp on', expect: 'model', alone: 'ask' },
  {
    kind: 'partial-name',
    home: 'partialNames',
    text: 'turn off the desk lamp in the hall',
    expect: 'model',
    alone: 503,
  },
  // A state question on a kind and a place: the one device of that kind there, or which one.
  { kind: 'partial-name', home: 'partialNames', text: 'is the fan in the bedroom on', expect: 'answer' },
  { kind: 'partial-name', home: 'partialNames', text: 'is the light in the garage on', expect: 'answer' },
  { kind: 'partial-name', home: 'partialNames', text: 'is the light in the office on', expect: 'model', alone: 'ask' },
  // Part of a lock's name, alone or shared with a light's: never resolved.
  { kind: 'partial-name', home: 'partialNames', text: 'turn on the front', expect: 'model', alone: 503 },
  { kind: 'partial-name', home: 'partialNames', text: 'unlock the front', expect: 'model', alone: 503 },
  { kind: 'partial-name', home: 'partialNames', text: 'is the front on', expect: 'model', alone: 503 },
  { kind: 'partial-name', home: 'partialNames', text: 'turn off the back', expect: 'model', alone: 503 },
  { kind: 'partial-name', home: 'partialNames', text: 'unlock the back', expect: 'model', alone: 503 },
  {
    kind: 'partial-name',
    home: 'partialNames',
    text: 'turn on the porch lantern',
    expect: { calls: [named('HassTurnOn', 'Back Porch Lantern', 'light')] },
  },
  // Conditions: acted on only when the live reading or state meets them; a device that does not report, a name the
  // home does not have, a unit the reading is not in, or a condition HA-Assist does not check never acts.
  {
    kind: 'condition',
    text: 'if the garden is below 10 degrees, turn on the porch light',
    expect: { calls: [named('HassTurnOn', 'Porch Light', 'light')] },
  },
  { kind: 'condition', text: 'if the garden is above 10 degrees, turn on the porch light', expect: 'answer' },
  {
    kind: 'condition',
    text: 'if the living room is below 21 degrees, turn on the ceiling fan',
    expect: { calls: [named('HassTurnOn', 'Ceiling Fan', 'fan')] },
  },
  {
    kind: 'condition',
    text: 'if the thermostat is above 20 degrees, turn off the ceiling fan',
    expect: { calls: [named('HassTurnOff', 'Ceiling Fan', 'fan')] },
  },
  {
    kind: 'condition',
    text: 'if the motion sensor battery is below 90 percent, turn on the hall light',
    expect: { calls: [named('HassTurnOn', 'Hall Light', 'light')] },
  },
  {
    kind: 'condition',
    text: 'if the outdoor temperature is below 5 fahrenheit, turn on the porch light',
    expect: 'answer',
  },
  {
    kind: 'condition',
    home: 'conditions',
    text: 'if the office is below 19 degrees, turn on the office light',
    expect: 'answer',
  },
  { kind: 'condition', text: 'if the attic is below 19 degrees, turn on the porch light', expect: 'answer' },
  {
    kind: 'condition',
    home: 'conditions',
    text: 'if the bedroom is below 19 degrees, turn on the ceiling fan',
    expect: 'model',
    alone: 'answer',
  },
  { kind: 'condition', text: 'turn on the porch light if it is dark outside', expect: 'model', alone: 'answer' },
  {
    kind: 'condition',
    text: 'if the kitchen light is off, turn it on',
    expect: { calls: [named('HassTurnOn', 'Kitchen Light', 'light')] },
  },
  { kind: 'condition', text: 'if the hall light is off, turn it on', expect: 'answer' },
  {
    kind: 'condition',
    text: 'if the garage door is closed, unlock the back door',
    expect: { confirm: 'Unlock the Back Door' },
  },
  {
    kind: 'condition',
    text: 'if the front door is locked, open the garage door',
    expect: { confirm: 'Open the Garage Door' },
  },
  // A lock named in part, and a device named in part in the condition: never resolved.
  { kind: 'condition', text: 'if the garage door is closed, unlock the front', expect: 'model', alone: 503 },
  {
    kind: 'condition',
    home: 'partialNames',
    text: 'if the desk lamp is on, turn off the hall light',
    expect: 'model',
    alone: 'answer',
  },
];

/** How many rows of each kind the table holds. */
export const NEAR_MISS_ROW_COUNTS: Readonly<Record<NearMissKind, number>> = {
  'unknown-name': 29,
  'two-devices': 30,
  'inexact-part': 30,
  'not-widened': 20,
  'split-verb': 9,
  'no-parallel': 11,
  'floor-or-area': 23,
  sensitive: 20,
  'partial-name': 19,
  condition: 16,
};
