// Whether an area or floor has the kind of device a command names (missingDevice), against a small catalogue.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeMissing,
  missingDevice,
  type Targets,
} from '../../../../src/assist/steps/deterministic/resolve-targets.ts';
import { type CatalogEntity, createCatalog } from '../../../../src/homeassistant/request/index.ts';

const entity = (
  name: string,
  domain: string,
  area: string | undefined,
  deviceClass?: string | null,
): CatalogEntity => ({
  name,
  aliases: [],
  domain,
  ...(area === undefined ? {} : { area }),
  areaAliases: [],
  // null: the catalogue gives attributes but no device class; undefined: no attributes (HA's Static Context).
  ...(deviceClass === undefined ? {} : { attributes: deviceClass === null ? {} : { device_class: deviceClass } }),
});

const CATALOG = createCatalog('static-context', [
  entity('Kitchen Light', 'light', 'Kitchen'),
  entity('Bedroom Fan', 'fan', 'Bedroom'),
  entity('Living Room Blinds', 'cover', 'Living Room', 'blind'),
  entity('Bedroom Window', 'cover', 'Bedroom'),
  entity('Garage Door', 'cover', 'Garage', 'garage'),
  entity('Hall Cover', 'cover', 'Hall', null),
  entity('Front Door', 'lock', undefined),
]);

const FLOORS = [
  { names: ['Ground Floor', 'Downstairs'], areas: ['Kitchen', 'Living Room'] },
  { names: ['First Floor'], areas: ['Bedroom'] },
];

const targets = (fields: Partial<Targets>): Targets => ({ domains: [], deviceClasses: [], ...fields });

describe('missingDevice', () => {
  // [why, targets, what is missing (undefined: the command may go to Home Assistant)]
  const rows: [string, Targets, string | undefined][] = [
    ['a fan in an area without one', targets({ area: 'Kitchen', domains: ['fan'] }), 'no fan in the Kitchen'],
    ['a fan in an area that has one', targets({ area: 'Bedroom', domains: ['fan'] }), undefined],
    ['any of several domains counts', targets({ area: 'Kitchen', domains: ['fan', 'light'] }), undefined],
    [
      'a domain is said in words',
      targets({ area: 'Kitchen', domains: ['media_player'] }),
      'no media player in the Kitchen',
    ],
    [
      'a known device class that fits',
      targets({ area: 'Living Room', domains: ['cover'], deviceClasses: ['blind'] }),
      undefined,
    ],
    [
      'a known device class that does not fit',
      targets({ area: 'Garage', domains: ['cover'], deviceClasses: ['blind', 'shade'] }),
      'no blind or shade in the Garage',
    ],
    [
      'attributes without a device class do not fit one',
      targets({ area: 'Hall', domains: ['cover'], deviceClasses: ['window'] }),
      'no window in the Hall',
    ],
    [
      'no attributes (Static Context): the device class cannot be checked, the domain can',
      targets({ area: 'Bedroom', domains: ['cover'], deviceClasses: ['window'] }),
      undefined,
    ],
    ['a floor whose areas are known', targets({ floor: 'Downstairs', domains: ['fan'] }), 'no fan on the Ground Floor'],
    ['a floor that has one', targets({ floor: 'first floor', domains: ['fan'] }), undefined],
    ['a floor whose areas are unknown is not judged', targets({ floor: 'Attic', domains: ['fan'] }), undefined],
    [
      'the area decides over the floor',
      targets({ area: 'Bedroom', floor: 'Ground Floor', domains: ['fan'] }),
      undefined,
    ],
    [
      'a named entity is resolved elsewhere',
      targets({ area: 'Kitchen', domains: ['fan'], entity: entity('Bedroom Fan', 'fan', 'Bedroom') }),
      undefined,
    ],
    ['an area command without a kind of device', targets({ area: 'Kitchen' }), undefined],
    ['a domain without a place', targets({ domains: ['fan'] }), undefined],
  ];
  for (const [why, command, expected] of rows)
    it(why, () => {
      const missing = missingDevice(command, { catalog: CATALOG, floorAreas: FLOORS });
      assert.equal(missing === undefined ? undefined : describeMissing(missing), expected);
    });

  it('without a catalogue nothing is judged', () => {
    assert.equal(missingDevice(targets({ area: 'Kitchen', domains: ['fan'] }), { floorAreas: [] }), undefined);
  });
});
