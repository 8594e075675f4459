// A command's device class fitted to the devices of its place: kept when it is theirs, the one device meant sent by
// its name, their own classes, a question, or what the place lacks; read from live state first when not known.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { understandRequest } from '../../../../src/assist/index.ts';
import { fitDeviceClass } from '../../../../src/assist/steps/deterministic/fit-device-class.ts';
import type { Targets } from '../../../../src/assist/steps/deterministic/resolve-targets.ts';
import { buildHaRequest, type Entity, type Home } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { liveContextOf, withResult } from '../../ha-turns.ts';

const cover = (name: string, area: string, deviceClass?: string): Entity => ({
  entityId: `cover.${name.toLowerCase().replaceAll(' ', '_')}`,
  name,
  aliases: [],
  domain: 'cover',
  area,
  state: 'closed',
  attributes: {},
  ...(deviceClass === undefined ? {} : { deviceClass }),
});

const HOME: Home = {
  areas: ['Garage', 'Hall', 'Den', 'Barn'].map((name) => ({ name, aliases: [] })),
  entities: [
    cover('Carport Door', 'Garage', 'garage'),
    cover('Hall Door', 'Hall', 'door'),
    cover('Hall Awning', 'Hall', 'awning'),
    cover('Den Shades', 'Den', 'shade'),
    cover('Den Blinds', 'Den', 'blind'),
    cover('Barn Door', 'Barn', 'door'),
    cover('Barn Gate', 'Barn'),
  ],
};

/** The request of a turn that has read live state (`isRead`), or not. */
function requestOf(isRead: boolean) {
  const first = buildHaRequest(HOME, { userText: 'close it', era: '2026' });
  const body = isRead
    ? withResult(first, { id: 'r1', name: 'GetLiveContext', arguments: '{}' }, liveContextOf(HOME))
    : first;
  return understandRequest(decodeChatRequest(body));
}

const at = (area: string, ...deviceClasses: string[]): Targets => ({ area, domains: ['cover'], deviceClasses });

describe('fitDeviceClass', () => {
  it('reads live state first when the classes of the place are not known', () => {
    assert.deepEqual(fitDeviceClass(at('Garage', 'door'), requestOf(false), 'en'), {
      kind: 'fetch',
      call: { name: 'GetLiveContext', arguments: '{}' },
    });
  });

  const rows: [what: string, targets: Targets, expected: string][] = [
    ['a garage door for "door": its name', at('Garage', 'door'), 'name Carport Door'],
    ['a door for "door": the class kept', at('Hall', 'door'), 'class door'],
    ['shades and blinds for "blinds": both classes', at('Den', 'blind'), 'class blind,shade'],
    ['shades for "shades": both mean it', at('Den', 'shade'), 'class shade,blind'],
    ['a window that is not there', at('Hall', 'window'), 'answer There is no window in the Hall.'],
    ['a door and a gate of no class for "door": which one', at('Barn', 'door'), 'ask Barn Door, Barn Gate'],
    [
      'a named device is left alone',
      { ...at('Hall', 'window'), entity: { name: 'Hall Door', aliases: [], domain: 'cover', areaAliases: [] } },
      'class window',
    ],
  ];
  for (const [what, targets, expected] of rows)
    it(what, () => {
      const fitted = fitDeviceClass(targets, requestOf(true), 'en');
      const said =
        fitted.kind === 'targets'
          ? fitted.targets.entity !== undefined && fitted.targets.deviceClasses.length === 0
            ? `name ${fitted.targets.entity.name}`
            : `class ${fitted.targets.deviceClasses.join(',')}`
          : fitted.kind === 'not-deterministic'
            ? `answer ${fitted.answer}`
            : fitted.kind === 'ask'
              ? `ask ${fitted.candidates.map((device) => device.name).join(', ')}`
              : fitted.kind;
      assert.equal(said, expected);
    });
});
