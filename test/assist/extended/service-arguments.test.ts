// `execute_services` arguments both ways: written in the offered schema's shape, read back from a call as items.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readServiceArguments, writeServiceArguments, type ServiceItem } from '../../../src/assist/extended/index.ts';

const LIGHT = { domain: 'light', service: 'turn_off' };

describe('readServiceArguments', () => {
  const rows: [string, unknown, ServiceItem[] | undefined][] = [
    [
      'entity_id as a string',
      { list: [{ ...LIGHT, service_data: { entity_id: 'light.kitchen_light' } }] },
      [{ ...LIGHT, entityIds: ['light.kitchen_light'], data: {} }],
    ],
    [
      'entity_id as a comma-separated string (split and trimmed, empty parts dropped)',
      { list: [{ ...LIGHT, service_data: { entity_id: 'light.a, light.b,,light.c ' } }] },
      [{ ...LIGHT, entityIds: ['light.a', 'light.b', 'light.c'], data: {} }],
    ],
    [
      'entity_id as an array',
      { list: [{ ...LIGHT, service_data: { entity_id: ['light.a', ' light.b'] } }] },
      [{ ...LIGHT, entityIds: ['light.a', 'light.b'], data: {} }],
    ],
    [
      'values besides entity_id are the data',
      {
        list: [
          { domain: 'light', service: 'turn_on', service_data: { entity_id: 'light.a', brightness_pct: 70 } },
          { domain: 'todo', service: 'add_item', service_data: { entity_id: 'todo.shopping_list', item: 'eggs' } },
        ],
      },
      [
        { domain: 'light', service: 'turn_on', entityIds: ['light.a'], data: { brightness_pct: 70 } },
        { domain: 'todo', service: 'add_item', entityIds: ['todo.shopping_list'], data: { item: 'eggs' } },
      ],
    ],
    [
      '`data` instead of `service_data`, as the executor accepts',
      { list: [{ ...LIGHT, data: { entity_id: 'light.a' } }] },
      [{ ...LIGHT, entityIds: ['light.a'], data: {} }],
    ],
    [
      'a top-level entity_id',
      { list: [{ ...LIGHT, entity_id: 'light.a' }] },
      [{ ...LIGHT, entityIds: ['light.a'], data: {} }],
    ],
    [
      'no entity_id at all: no entities, area_id kept as data',
      { list: [{ ...LIGHT, service_data: { area_id: 'kitchen' } }] },
      [{ ...LIGHT, entityIds: [], data: { area_id: 'kitchen' } }],
    ],
    ['an empty list', { list: [] }, []],
    ['not an object', 'light.turn_off', undefined],
    ['null', null, undefined],
    ['no list', { items: [] }, undefined],
    ['a list that is not an array', { list: { ...LIGHT } }, undefined],
    ['an item that is not an object', { list: ['light.turn_off'] }, undefined],
    [
      'an item without a domain',
      { list: [{ service: 'turn_off', service_data: { entity_id: 'light.a' } }] },
      undefined,
    ],
    ['a service that is not a string', { list: [{ domain: 'light', service: 3 }] }, undefined],
    ['service_data that is not an object', { list: [{ ...LIGHT, service_data: 'light.a' }] }, undefined],
    ['an entity_id that is a number', { list: [{ ...LIGHT, service_data: { entity_id: 7 } }] }, undefined],
    [
      'an entity_id array with a non-string',
      { list: [{ ...LIGHT, service_data: { entity_id: ['a', 1] } }] },
      undefined,
    ],
  ];
  for (const [what, args, expected] of rows)
    it(`${what} → ${expected === undefined ? 'undefined' : `${expected.length} item(s)`}`, () => {
      assert.deepEqual(readServiceArguments(args), expected);
    });
});

describe('writeServiceArguments', () => {
  const items: ServiceItem[] = [
    { domain: 'light', service: 'turn_on', entityIds: ['light.a', 'light.b'], data: { brightness_pct: 40 } },
  ];
  /** A schema typing `list.items.service_data.entity_id` as `type`. */
  const schemaWith = (type: string) => ({
    type: 'object',
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          properties: { service_data: { type: 'object', properties: { entity_id: { type } } } },
        },
      },
    },
  });

  it('joins the entity ids with commas when the schema types entity_id as a string (the default)', () => {
    assert.deepEqual(writeServiceArguments(items, schemaWith('string')), {
      list: [
        { domain: 'light', service: 'turn_on', service_data: { entity_id: 'light.a, light.b', brightness_pct: 40 } },
      ],
    });
  });

  it('writes an array when the schema types entity_id as one', () => {
    assert.deepEqual(writeServiceArguments(items, schemaWith('array')), {
      list: [
        {
          domain: 'light',
          service: 'turn_on',
          service_data: { entity_id: ['light.a', 'light.b'], brightness_pct: 40 },
        },
      ],
    });
  });

  it('writes a string when the schema says nothing', () => {
    const args = writeServiceArguments(items, undefined) as { list: { service_data: { entity_id: unknown } }[] };
    assert.equal(args.list[0]!.service_data.entity_id, 'light.a, light.b');
  });

  it('reads back what it wrote', () => {
    for (const type of ['string', 'array'])
      assert.deepEqual(readServiceArguments(writeServiceArguments(items, schemaWith(type))), items);
  });
});
