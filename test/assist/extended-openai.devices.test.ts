// Extended OpenAI Conversation through the app, for devices the fixture home lacks: a media player, a vacuum, a lawn
// mower and a to-do list of their own, in the fixture's prompt (ha-requests.md §6.5).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../server/app-harness.ts';
import { ask } from './ask-app.ts';
import { assertNoModel, callsOf, EXTENDED_SYSTEM, extendedRequest, service } from './extended-turns.ts';

/** The fixture's device CSV with a media player, a vacuum, a lawn mower and a to-do list added. */
const SYSTEM = EXTENDED_SYSTEM.replace(
  /\n```\n/u,
  [
    '',
    'media_player.living_room_speaker,Living Room Speaker,playing,',
    'vacuum.robot_vacuum,Robot Vacuum,docked,Roomba',
    'lawn_mower.lawn_mower,Lawn Mower,mowing,',
    'todo.groceries,Groceries,2,',
    '```',
    '',
  ].join('\n'),
);

describe('Extended OpenAI Conversation: players, robots and lists become one execute_services call', () => {
  it('the variant home lists the new devices', () => {
    assert.match(SYSTEM, /media_player\.living_room_speaker,[\s\S]*todo\.groceries,Groceries,2,\n```/u);
  });

  const rows: [string, unknown][] = [
    ['pause the living room speaker', [service('media_player', 'media_pause', 'media_player.living_room_speaker')]],
    ['resume the living room speaker', [service('media_player', 'media_play', 'media_player.living_room_speaker')]],
    [
      'set the living room speaker volume to 30%',
      [service('media_player', 'volume_set', 'media_player.living_room_speaker', { volume_level: 0.3 })],
    ],
    ['start the robot vacuum', [service('vacuum', 'start', 'vacuum.robot_vacuum')]],
    ['dock the robot vacuum', [service('vacuum', 'return_to_base', 'vacuum.robot_vacuum')]],
    ['dock the lawn mower', [service('lawn_mower', 'dock', 'lawn_mower.lawn_mower')]],
    ['add eggs to the groceries', [service('todo', 'add_item', 'todo.groceries', { item: 'eggs' })]],
  ];
  for (const [sentence, list] of rows)
    it(`"${sentence}" → ${JSON.stringify(list)}, 0 model calls`, async () => {
      const harness = createHarness();
      const answer = await ask(harness, extendedRequest(sentence, SYSTEM));
      assertNoModel(harness, answer);
      assert.deepEqual(callsOf(answer), [['execute_services', { list }]]);
    });
});
