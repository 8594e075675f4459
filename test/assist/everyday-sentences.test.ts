// The sentences a new user tries first, in a two-floor home: commands without a name or place, every kind of
// device, floors, several commands at once and state questions. Each is answered with no model call, exactly.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Home } from '../../src/homeassistant/request/index.ts';
import { TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';
import { createHarness } from '../server/app-harness.ts';
import { callsOf, play } from './play-turn.ts';

/** A call as compared: the tool and its parsed arguments. */
interface Call {
  name: string;
  arguments: Record<string, unknown>;
}

/** One sentence and what it must come to: these calls, this answer, or this confirmation question. */
interface Row {
  text: string;
  satelliteArea?: string;
  satelliteHasTimers?: true;
  home?: Home;
  /** GetLiveContext reads before the answer. */
  reads?: number;
  /** Asked with no text model: a question whose candidates a model would otherwise choose from. */
  withoutModel?: true;
  expect: { calls: Call[] } | { answer: string };
}

const on = (name: string, domain: string, extra: Record<string, unknown> = {}): Call => ({
  name: 'HassTurnOn',
  arguments: { name, domain: [domain], ...extra },
});
const off = (name: string, domain: string, extra: Record<string, unknown> = {}): Call => ({
  name: 'HassTurnOff',
  arguments: { name, domain: [domain], ...extra },
});
const call = (name: string, args: Record<string, unknown>): Call => ({ name, arguments: args });
const RADIO = { name: 'Kitchen Radio', domain: ['media_player'] };

/** The two-floor home with one to-do list: "my list" is that one. */
const ONE_LIST_HOME: Home = {
  ...TWO_FLOOR_HOME,
  entities: TWO_FLOOR_HOME.entities.filter((entity) => entity.entityId !== 'todo.tasks'),
};

/** The two-floor home with a second TV and a second curtain in the living room. */
const TWO_OF_A_KIND_HOME: Home = {
  ...TWO_FLOOR_HOME,
  entities: [
    ...TWO_FLOOR_HOME.entities,
    {
      entityId: 'media_player.projector',
      name: 'Projector',
      aliases: [],
      domain: 'media_player',
      area: 'Living Room',
      deviceClass: 'tv',
      state: 'off',
      attributes: {},
    },
    {
      entityId: 'cover.side_curtain',
      name: 'Side Curtain',
      aliases: [],
      domain: 'cover',
      area: 'Living Room',
      deviceClass: 'curtain',
      state: 'open',
      attributes: {},
    },
  ],
};

const ROWS: Row[] = [
  // No name and no place: the satellite's area, the one device of its kind, or the player that is playing.
  {
    text: 'switch the light off',
    satelliteArea: 'Kitchen',
    expect: { calls: [call('HassTurnOff', { area: 'Kitchen', domain: ['light'] })] },
  },
  { text: 'start the fan', expect: { calls: [on('Ceiling Fan', 'fan')] } },
  {
    text: 'close the drapes',
    satelliteArea: 'Living Room',
    // Live state says the drapes are of the class sent.
    reads: 1,
    expect: { calls: [call('HassTurnOff', { area: 'Living Room', domain: ['cover'], device_class: ['curtain'] })] },
  },
  {
    text: 'shut the curtains',
    reads: 1,
    expect: { calls: [off('Living Room Curtains', 'cover', { device_class: ['curtain'] })] },
  },
  {
    text: 'pause the radio',
    reads: 1,
    expect: { calls: [call('HassMediaPause', { ...RADIO, device_class: ['speaker', 'receiver'] })] },
  },
  { text: 'skip this song', reads: 1, expect: { calls: [call('HassMediaNext', RADIO)] } },
  {
    text: 'mute the speaker',
    reads: 1,
    expect: { calls: [call('HassMediaPlayerMute', { ...RADIO, device_class: ['speaker'] })] },
  },
  {
    text: 'set the volume to 30 %',
    reads: 1,
    expect: { calls: [call('HassSetVolume', { ...RADIO, volume_level: 30 })] },
  },
  {
    text: 'set the volume to 30 %',
    satelliteArea: 'Kitchen',
    expect: { calls: [call('HassSetVolume', { area: 'Kitchen', volume_level: 30 })] },
  },
  // Every kind of device.
  { text: 'start the vacuum', expect: { calls: [call('HassVacuumStart', { name: 'Roborock', domain: ['vacuum'] })] } },
  {
    text: 'send the robot back to its dock',
    expect: { calls: [call('HassVacuumReturnToBase', { name: 'Roborock', domain: ['vacuum'] })] },
  },
  { text: 'vacuum the living room', expect: { calls: [call('HassVacuumCleanArea', { area: 'Living Room' })] } },
  { text: 'close the water', reads: 1, expect: { calls: [off('Garden Valve', 'valve', { device_class: ['water'] })] } },
  // A water valve opens at once: live state says what it is.
  { text: 'open the garden valve', reads: 1, expect: { calls: [on('Garden Valve', 'valve')] } },
  { text: 'lock the back door', expect: { calls: [on('Back Door', 'lock')] } },
  // The whole home only when the sentence says so: with no satellite, the area is asked for.
  { text: 'lock all the locks', expect: { answer: 'Which area do you mean?' } },
  { text: 'lock all the locks in the house', expect: { calls: [call('HassTurnOn', { domain: ['lock'] })] } },
  { text: 'unlock the back door', expect: { answer: 'Unlock the Back Door? Say yes to confirm.' } },
  {
    text: 'put eggs on the shopping list',
    expect: { calls: [call('HassListAddItem', { name: 'Shopping List', item: 'eggs' })] },
  },
  {
    text: 'add call the dentist to my tasks',
    expect: { calls: [call('HassListAddItem', { name: 'Tasks', item: 'call the dentist' })] },
  },
  {
    text: 'add milk to my list',
    home: ONE_LIST_HOME,
    expect: { calls: [call('HassListAddItem', { name: 'Shopping List', item: 'milk' })] },
  },
  {
    text: 'start a timer for 5 minutes',
    satelliteArea: 'Kitchen',
    satelliteHasTimers: true,
    expect: { calls: [call('HassStartTimer', { minutes: 5 })] },
  },
  {
    text: 'start the mower',
    expect: { calls: [call('HassLawnMowerStartMowing', { name: 'Mower', domain: ['lawn_mower'] })] },
  },
  { text: 'activate movie night', expect: { calls: [on('Movie Night', 'scene')] } },
  // Floors and whole groups: a floor by its own name, "all" for a place, the whole home only when said.
  {
    text: 'turn off the lights upstairs',
    expect: { calls: [call('HassTurnOff', { floor: 'First Floor', domain: ['light'] })] },
  },
  {
    text: 'turn on all the downstairs lights',
    expect: { calls: [call('HassTurnOn', { floor: 'Ground Floor', domain: ['light'] })] },
  },
  {
    text: 'turn off all the lights in the bedroom',
    expect: { calls: [call('HassTurnOff', { area: 'Bedroom', domain: ['light'] })] },
  },
  { text: 'turn off every light in the house', expect: { calls: [call('HassTurnOff', { domain: ['light'] })] } },
  {
    text: 'turn off all the lights',
    satelliteArea: 'Bedroom',
    expect: { calls: [call('HassTurnOff', { area: 'Bedroom', domain: ['light'] })] },
  },
  // One device is one device: a singular kind at a place with several asks which; a plural acts on them all.
  {
    text: 'dim the bedroom lamp to 30%',
    withoutModel: true,
    expect: { answer: 'Which one do you mean: the Bedroom Light in the Bedroom or the Bedside Lamp in the Bedroom?' },
  },
  {
    text: 'close the living room curtain',
    withoutModel: true,
    reads: 1,
    home: TWO_OF_A_KIND_HOME,
    expect: {
      answer:
        'Which one do you mean: the Living Room Curtains in the Living Room or the Side Curtain in the Living Room?',
    },
  },
  {
    text: 'close the curtains',
    home: TWO_OF_A_KIND_HOME,
    reads: 1,
    expect: { calls: [call('HassTurnOff', { area: 'Living Room', domain: ['cover'], device_class: ['curtain'] })] },
  },
  {
    text: 'turn off the living room tvs',
    home: TWO_OF_A_KIND_HOME,
    expect: {
      calls: [call('HassTurnOff', { area: 'Living Room', domain: ['media_player'], device_class: ['tv'] })],
    },
  },
  { text: 'turn on all the lights', withoutModel: true, expect: { answer: 'Which area do you mean?' } },
  // Several commands in one sentence: one call per part, in the order spoken.
  {
    text: 'turn on the kitchen light and turn off the hall light',
    expect: { calls: [on('Kitchen Light', 'light'), off('Hall Light', 'light')] },
  },
  {
    text: 'turn on the kitchen light, then the porch light',
    expect: { calls: [on('Kitchen Light', 'light'), on('Porch Light', 'light')] },
  },
  {
    text: 'turn on both the kitchen and dining room lights',
    expect: {
      calls: [
        call('HassTurnOn', { area: 'Kitchen', domain: ['light'] }),
        call('HassTurnOn', { area: 'Dining Room', domain: ['light'] }),
      ],
    },
  },
  {
    text: 'turn off the fan and the TV',
    reads: 1,
    expect: { calls: [off('Ceiling Fan', 'fan'), off('Living Room TV', 'media_player', { device_class: ['tv'] })] },
  },
  // State questions: GetLiveContext first, then the answer from it.
  { text: 'is the kitchen plug on?', reads: 1, expect: { answer: 'Yes, Kitchen Plug is on.' } },
  { text: 'are the sprinklers on?', reads: 1, expect: { answer: 'No, Sprinklers is off.' } },
  { text: 'is the garage door open?', reads: 1, expect: { answer: 'No, Garage Door is closed.' } },
  { text: 'is the kitchen radio playing?', reads: 1, expect: { answer: 'Yes, Kitchen Radio is playing.' } },
  {
    text: 'what is the battery level of the motion sensor?',
    reads: 1,
    expect: { answer: 'Motion Sensor Battery is 83 %.' },
  },
  {
    text: 'is the sink leak sensor battery low?',
    reads: 1,
    expect: { answer: 'No, Sink Leak Sensor Battery is normal.' },
  },
  {
    text: "what's the temperature outside?",
    reads: 1,
    expect: { answer: 'It is 7.5°C outside (Outdoor Temperature).' },
  },
  {
    text: 'how many items are on my shopping list?',
    reads: 1,
    expect: { answer: 'There are 2 items on the Shopping List.' },
  },
  { text: 'is the hall light on? answer yes or no', reads: 1, expect: { answer: 'Yes.' } },
];

describe('everyday sentences in a two-floor home (0 generative calls, exact outcome)', () => {
  for (const row of ROWS) {
    const where = row.satelliteArea === undefined ? '' : ` [said in the ${row.satelliteArea}]`;
    it(`"${row.text}"${where}`, async () => {
      const harness = createHarness(row.withoutModel === true ? { withoutTextModel: true } : {});
      const played = await play(harness, { ...row, home: row.home ?? TWO_FLOOR_HOME });
      assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
      assert.equal(played.kind, 'answer', JSON.stringify(played));
      if (played.kind !== 'answer') return;
      assert.equal(played.reads, row.reads ?? 0, 'GetLiveContext reads');
      assert.equal(played.answer.metrics.ha_route?.route, 'direct');
      if ('calls' in row.expect) {
        assert.deepEqual(callsOf(played.answer), row.expect.calls);
        assert.equal(played.answer.content, null);
      } else {
        assert.deepEqual(played.answer.calls, []);
        assert.equal(played.answer.content, row.expect.answer);
      }
    });
  }
});
