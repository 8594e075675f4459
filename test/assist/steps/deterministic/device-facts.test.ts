// What a request says a device is: its class, none, or not known; and the catalogue with the turn's live read merged in.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogWithLiveFacts, deviceClassOf } from '../../../../src/assist/steps/deterministic/device-facts.ts';
import { type CatalogEntity, createCatalog } from '../../../../src/homeassistant/request/index.ts';

const entity = (name: string, extra: Partial<CatalogEntity> = {}): CatalogEntity => ({
  name,
  aliases: [],
  domain: 'cover',
  areaAliases: [],
  ...extra,
});

describe('deviceClassOf', () => {
  const rows: [
    what: string,
    entity: CatalogEntity,
    source: 'static-context' | 'live-context' | 'extended-csv',
    expected: string | null | undefined,
  ][] = [
    ['a class', entity('A', { attributes: { device_class: 'Garage' } }), 'static-context', 'garage'],
    ['attributes without a class', entity('B', { attributes: {} }), 'static-context', null],
    ['state read from YAML, no attributes', entity('C', { state: 'open' }), 'live-context', null],
    ["Extended's CSV: state, no attributes", entity('D', { state: 'open' }), 'extended-csv', undefined],
    ['the Static Context: neither', entity('E'), 'static-context', undefined],
  ];
  for (const [what, device, source, expected] of rows)
    it(`${what}: ${String(expected)}`, () => assert.equal(deviceClassOf(device, { source }), expected));
});

describe('catalogWithLiveFacts', () => {
  const catalog = createCatalog('static-context', [entity('Garage Door'), entity('Skylight'), entity('Patio Door')]);
  const live = createCatalog('live-context', [
    entity('Garage Door', { state: 'closed', attributes: { device_class: 'garage' } }),
    entity('Skylight', { state: 'open' }),
  ]);

  it('merges what the read says of each device, and keeps a device it does not list as it was', () => {
    const merged = catalogWithLiveFacts({ catalog, liveContext: live })!;
    assert.deepEqual(
      merged.entities.map((device) => [device.name, deviceClassOf(device, merged)]),
      [
        ['Garage Door', 'garage'],
        ['Skylight', null],
        ['Patio Door', undefined],
      ],
    );
  });

  it('is the catalogue when the turn has read nothing, and the read when there is no catalogue', () => {
    assert.equal(catalogWithLiveFacts({ catalog }), catalog);
    assert.equal(catalogWithLiveFacts({ liveContext: live }), live);
  });
});
