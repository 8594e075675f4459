// Tests of the tool list: byte identity with the fixtures, domain-driven choice, eras and prefix styles.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_SCHEMA, load } from 'js-yaml';
import { DEMO_HOME } from '../../../../src/demo-home/demo-home.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/fixture-home.ts';
import type { Home } from '../../../../src/homeassistant/request/entities/home-model.ts';
import { buildHaTools } from '../../../../src/homeassistant/request/tools/tool-list.ts';
import { homeFromStaticContext, readHaBody, systemMessageOf } from '../ha-fixtures.ts';

const namesOf = (home: Home, options: Parameters<typeof buildHaTools>[1]) =>
  buildHaTools(home, options).map((tool) => tool.function.name);

describe('buildHaTools reproduces the fixtures', () => {
  it('the 15 tools of a-turn-off-living-room-light.json, in order and key order', () => {
    const expected = readHaBody('a-turn-off-living-room-light.json').tools;
    const tools = buildHaTools(FIXTURE_HOME, { era: '2026' });
    assert.equal(tools.length, 15);
    assert.equal(JSON.stringify(tools), JSON.stringify(expected));
  });

  it('the 13 tools of the 2025 era', () => {
    const expected = readHaBody('variants/a-ha2025-era.json').tools;
    assert.equal(JSON.stringify(buildHaTools(FIXTURE_HOME, { era: '2025' })), JSON.stringify(expected));
  });

  it('the 22 tools of the 500-entity synthetic fixture (media player tools, todo enum with aliases)', () => {
    const body = readHaBody('synthetic-500-entities-30-areas.json');
    const home = homeFromStaticContext(systemMessageOf(body), (yaml) => load(yaml, { schema: CORE_SCHEMA }));
    const tools = buildHaTools(home, { era: '2026' });
    // The fixture was generated before the catalogue offered mute and unmute (2026 media tools): they come on top.
    const mute = ['HassMediaPlayerMute', 'HassMediaPlayerUnmute'];
    assert.deepEqual(
      tools.filter((tool) => mute.includes(tool.function.name)).map((tool) => tool.function.name),
      mute,
    );
    const others = tools.filter((tool) => !mute.includes(tool.function.name));
    assert.equal(JSON.stringify(others), JSON.stringify(body.tools));
  });
});

describe('buildHaTools choice', () => {
  it('offers only the always-on tools when only a lock is exposed', () => {
    const home: Home = {
      areas: [],
      entities: [{ entityId: 'lock.door', name: 'Door', aliases: [], domain: 'lock', state: 'locked', attributes: {} }],
    };
    assert.deepEqual(namesOf(home, { era: '2026' }), [
      'HassTurnOn',
      'HassTurnOff',
      'HassCancelAllTimers',
      'HassBroadcast',
      'GetDateTime',
      'GetLiveContext',
    ]);
    assert.deepEqual(namesOf(home, { era: '2024', hasBroadcast: false }), [
      'HassTurnOn',
      'HassTurnOff',
      'HassCancelAllTimers',
    ]);
  });

  it('adds media player and vacuum tools for the demo home', () => {
    const names = namesOf(DEMO_HOME, { era: '2026' });
    for (const name of [
      'HassMediaPause',
      'HassSetVolume',
      'HassMediaSearchAndPlay',
      'HassVacuumStart',
      'HassVacuumReturnToBase',
      'HassFanSetSpeed',
    ]) {
      assert.ok(names.includes(name), name);
    }
    const vacuum = buildHaTools(DEMO_HOME, { era: '2026' }).find((tool) => tool.function.name === 'HassVacuumStart');
    assert.deepEqual(vacuum?.function.parameters.properties, {
      name: { type: 'string' },
      area: { type: 'string' },
      floor: { type: 'string' },
      domain: { type: 'array', items: { type: 'string', enum: ['vacuum'] } },
    });
  });

  it('adds the timer tools only for a timer-capable satellite', () => {
    const names = namesOf(FIXTURE_HOME, { era: '2026', satelliteHasTimers: true });
    const timers = [
      'HassStartTimer',
      'HassCancelTimer',
      'HassIncreaseTimer',
      'HassDecreaseTimer',
      'HassPauseTimer',
      'HassUnpauseTimer',
      'HassTimerStatus',
    ];
    for (const name of timers) assert.ok(names.includes(name), name);
    assert.ok(!namesOf(FIXTURE_HOME, { era: '2026' }).includes('HassStartTimer'));
    const start = buildHaTools(FIXTURE_HOME, { era: '2026', satelliteHasTimers: true }).find(
      (tool) => tool.function.name === 'HassStartTimer',
    );
    assert.deepEqual(start?.function.parameters.anyOf, [
      { required: ['hours'] },
      { required: ['minutes'] },
      { required: ['seconds'] },
    ]);
  });

  it('makes a calendar tool and one tool per script (which stay out of the overview)', () => {
    const home: Home = {
      areas: [],
      entities: [
        {
          entityId: 'calendar.personal',
          name: 'Personal',
          aliases: [],
          domain: 'calendar',
          state: 'off',
          attributes: {},
        },
        {
          entityId: 'script.1_good_night',
          name: 'Good Night',
          aliases: ['Bedtime'],
          domain: 'script',
          state: 'off',
          attributes: { description: 'Turns everything off' },
        },
        { entityId: 'script.silent', name: 'Silent', aliases: [], domain: 'script', state: 'off', attributes: {} },
      ],
    };
    const tools = buildHaTools(home, { era: '2026' });
    const calendar = tools.find((tool) => tool.function.name === 'calendar_get_events');
    assert.deepEqual(calendar?.function.parameters, {
      type: 'object',
      properties: {
        calendar: { type: 'string', enum: ['Personal'] },
        range: { type: 'string', enum: ['today', 'week'] },
      },
      required: ['calendar', 'range'],
    });
    const script = tools.find((tool) => tool.function.name === '_1_good_night');
    assert.equal(script?.function.description, "Turns everything off. Aliases: ['Bedtime']");
    const silent = tools.find((tool) => tool.function.name === 'silent');
    assert.ok(silent && !('description' in silent.function));
    assert.equal(tools.at(-1)?.function.name, 'GetLiveContext');
  });
});

describe('buildHaTools prefix styles', () => {
  it('prefixes every tool as the style says', () => {
    const cases = [
      ['assist__', 'assist__HassTurnOn', 'assist__HassLightSet', 'assist__GetLiveContext', 'assist__GetDateTime'],
      ['assist.', 'assist.HassTurnOn', 'assist.HassLightSet', 'assist.GetLiveContext', 'assist.GetDateTime'],
      ['platform', 'intent__HassTurnOn', 'light__HassLightSet', 'homeassistant__GetLiveContext', 'llm__GetDateTime'],
      [
        'assist__platform',
        'assist__intent__HassTurnOn',
        'assist__light__HassLightSet',
        'assist__homeassistant__GetLiveContext',
        'assist__llm__GetDateTime',
      ],
    ] as const;
    for (const [toolPrefix, ...expected] of cases) {
      const names = namesOf(FIXTURE_HOME, { era: '2026', toolPrefix });
      for (const name of expected) assert.ok(names.includes(name), `${toolPrefix}: ${name}`);
      assert.equal(names.length, 15);
    }
    const platform = namesOf(FIXTURE_HOME, { era: '2026', toolPrefix: 'platform' });
    assert.ok(
      platform.includes('todo__todo_get_items') &&
        platform.includes('fan__HassFanSetSpeed') &&
        platform.includes('climate__HassClimateSetTemperature'),
    );
  });
});
