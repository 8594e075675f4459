// The decision on one service call: one row per rule, the order of the rules, and refusals that reveal nothing.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type CallDecision,
  type CallEntity,
  type CallRequest,
  DEFAULT_POLICY,
  type DenyRule,
  decideCall,
  type Policy,
  parsePolicy,
} from '../../../src/tools/index.ts';

const POLICY_TEXT = JSON.stringify({
  version: 1,
  services: [
    { service: 'light.turn_on', class: 'quiet' },
    { service: 'switch.turn_off', class: 'quiet' },
    { service: 'input_boolean.*', class: 'quiet' },
    { service: 'cover.*', class: 'confirmed' },
    { service: 'climate.set_temperature', class: 'confirmed' },
  ],
  exclude: { areas: ['bedroom'], patterns: ['light\\..*_secret'] },
  max_entities: 3,
});

function policyOf(text: string): Policy {
  const result = parsePolicy(text);
  if (result.kind !== 'ok') throw new Error(`bad fixture: ${result.key}: ${result.message}`);
  return result.policy;
}

const POLICY = policyOf(POLICY_TEXT);

/** A policy a hand-edited file would give if loading skipped the never-available check. */
const HAND_EDITED: Policy = {
  ...POLICY,
  services: [
    ...POLICY.services,
    { service: 'lock.*', class: 'quiet' },
    { service: 'lock.unlock', class: 'quiet' },
    { service: 'homeassistant.turn_off', class: 'quiet' },
    { service: 'input_boolean.reload', class: 'quiet' },
    { service: 'light.*', class: 'quiet' },
  ],
  maxEntities: 50,
};

/** An existing entity in the kitchen with no labels, changed by `fields`. */
function entity(entityId: string, fields: Partial<CallEntity> = {}): CallEntity {
  return {
    entityId,
    domain: entityId.split('.')[0]!,
    area: { kind: 'area', id: 'kitchen' },
    labels: { kind: 'labels', ids: [] },
    exists: true,
    deviceClass: null,
    ...fields,
  };
}

const ENTITIES: CallEntity[] = [
  ...['light.kitchen', 'light.hall', 'light.desk', 'light.porch', 'switch.kettle', 'climate.living'].map((id) =>
    entity(id),
  ),
  entity('light.bed', { area: { kind: 'area', id: 'Bedroom' } }),
  entity('light.attic', { area: { kind: 'unknown' } }),
  entity('light.box_secret'),
  entity('light.tagged', { labels: { kind: 'labels', ids: ['Sensitive'] } }),
  entity('light.gone', { exists: false }),
  entity('light.old_ha', { labels: { kind: 'unknown' } }),
  entity('input_boolean.guest'),
  entity('cover.blind', { deviceClass: 'blind' }),
  entity('cover.shutter', { deviceClass: 'shutter' }),
  entity('cover.garage_x', { deviceClass: 'garage' }),
  entity('cover.gate_x', { deviceClass: 'gate' }),
  entity('cover.door_x', { deviceClass: 'door' }),
  entity('cover.garage_upper', { deviceClass: 'Garage' }),
  entity('cover.none_x', { deviceClass: '' }),
  entity('cover.plain', { deviceClass: null }),
];

function call(name: string, entityIds: string[], data: Record<string, unknown> = {}): CallRequest {
  const [domain, service] = name.split('.') as [string, string];
  return { domain, service, entityIds, data };
}

interface Row {
  name: string;
  call: CallRequest;
  policy?: Policy;
  entities?: CallEntity[];
  /** The class of an allowed call, or the rule that denies it. */
  expected: 'quiet' | 'confirmed' | DenyRule;
  reason?: RegExp;
}

const rows: Row[] = [
  {
    name: 'a light on the list',
    call: call('light.turn_on', ['light.kitchen'], { brightness: 200 }),
    expected: 'quiet',
  },
  {
    name: 'three lights, the limit',
    call: call('light.turn_on', ['light.kitchen', 'light.hall', 'light.desk']),
    expected: 'quiet',
  },
  {
    name: 'a confirmed service',
    call: call('climate.set_temperature', ['climate.living'], { temperature: 21 }),
    expected: 'confirmed',
  },
  { name: 'a domain.* entry', call: call('input_boolean.turn_on', ['input_boolean.guest']), expected: 'quiet' },
  { name: 'a blind', call: call('cover.open_cover', ['cover.blind', 'cover.shutter']), expected: 'confirmed' },
  {
    name: 'a light on a Home Assistant without labels',
    call: call('light.turn_on', ['light.old_ha']),
    expected: 'quiet',
  },

  { name: 'lock.unlock', call: call('lock.unlock', ['lock.front']), expected: 'never-available', reason: /open doors/ },
  {
    name: 'lock.unlock in a hand-edited policy',
    call: call('lock.unlock', ['lock.front']),
    policy: HAND_EDITED,
    expected: 'never-available',
  },
  {
    name: 'LOCK.UNLOCK, which Home Assistant lowercases',
    call: call('LOCK.UNLOCK', ['lock.front']),
    policy: HAND_EDITED,
    expected: 'never-available',
  },
  {
    name: 'homeassistant.turn_off',
    call: call('homeassistant.turn_off', ['light.kitchen']),
    policy: HAND_EDITED,
    expected: 'never-available',
    reason: /any entity/,
  },
  {
    name: 'input_boolean.reload through input_boolean.*',
    call: call('input_boolean.reload', ['input_boolean.guest']),
    policy: HAND_EDITED,
    expected: 'never-available',
  },
  {
    name: 'light.reload_all through light.*',
    call: call('light.reload_all', ['light.kitchen']),
    policy: HAND_EDITED,
    expected: 'never-available',
  },
  { name: 'cover.remove through cover.*', call: call('cover.remove', ['cover.blind']), expected: 'never-available' },

  {
    name: 'a service not on the list',
    call: call('light.turn_off', ['light.kitchen']),
    expected: 'not-allowed',
    reason: /light\.turn_off is not on the list/,
  },
  {
    name: 'notify, not on the default list',
    call: call('notify.notify', ['notify.phone']),
    policy: DEFAULT_POLICY,
    expected: 'not-allowed',
  },
  { name: 'an uppercase service', call: call('light.TURN_ON', ['light.kitchen']), expected: 'not-allowed' },
  { name: 'the service *', call: call('input_boolean.*', ['input_boolean.guest']), expected: 'not-allowed' },

  ...['entity_id', 'area_id', 'device_id', 'label_id', 'floor_id', 'Area_ID'].map((key) => ({
    name: `${key} in the data`,
    call: call('light.turn_on', ['light.kitchen'], { [key]: 'kitchen' }),
    expected: 'not-an-entity' as const,
    reason: new RegExp(`may not hold ${key}`),
  })),
  ...['all', 'none', 'Light.kitchen', 'light', '', ' light.kitchen', 'light.kitchen.x'].map((id) => ({
    name: `the entity id ${JSON.stringify(id)}`,
    call: call('light.turn_on', ['light.kitchen', id]),
    expected: 'not-an-entity' as const,
    reason: /is not an entity id/,
  })),

  { name: 'no entity', call: call('light.turn_on', []), expected: 'no-entity' },
  {
    name: 'more entities than max_entities',
    call: call('light.turn_on', ['light.kitchen', 'light.hall', 'light.desk', 'light.porch']),
    expected: 'too-many-entities',
    reason: /names 4 entities; at most 3/,
  },
  {
    name: 'more than 20 in a hand-made policy that allows 50',
    call: call(
      'light.turn_on',
      Array.from({ length: 21 }, (_, i) => `light.l${i}`),
    ),
    policy: HAND_EDITED,
    expected: 'too-many-entities',
  },
  {
    name: 'any entity under a limit that is not a number',
    call: call('light.turn_on', ['light.kitchen']),
    policy: { ...POLICY, maxEntities: Number.NaN },
    expected: 'too-many-entities',
  },
  {
    name: 'a duplicate',
    call: call('light.turn_on', ['light.kitchen', 'light.kitchen']),
    expected: 'duplicate-entity',
  },

  {
    name: 'light.turn_on on a switch',
    call: call('light.turn_on', ['light.kitchen', 'switch.kettle']),
    expected: 'other-domain',
    reason: /switch\.kettle is not one/,
  },

  ...['light.bed', 'light.attic', 'light.box_secret', 'light.tagged', 'light.gone', 'light.never_read'].map((id) => ({
    name: `${id}: excluded, refused or missing`,
    call: call('light.turn_on', ['light.kitchen', id]),
    expected: 'unknown-entity' as const,
    reason: new RegExp(`^No entity ${id} is available to the tools\\.$`),
  })),
  {
    name: 'lock.lock through a hand-edited lock.*',
    call: call('lock.lock', ['lock.front']),
    policy: HAND_EDITED,
    expected: 'never-available',
  },

  ...['cover.garage_x', 'cover.gate_x', 'cover.door_x', 'cover.garage_upper', 'cover.none_x', 'cover.plain'].map(
    (id) => ({
      name: `the door-like cover ${id}`,
      call: call('cover.open_cover', ['cover.blind', id]),
      expected: 'door-like-cover' as const,
      reason: /never moved/,
    }),
  ),
];

describe('decideCall', () => {
  for (const row of rows) {
    it(`${row.name}: ${row.expected}`, () => {
      const decision = decideCall(row.policy ?? POLICY, row.call, row.entities ?? ENTITIES);
      if (row.expected === 'quiet' || row.expected === 'confirmed')
        assert.deepEqual(decision, { kind: 'allow', serviceClass: row.expected });
      else {
        assert.equal(decision.kind, 'deny', JSON.stringify(decision));
        if (decision.kind !== 'deny') return;
        assert.equal(decision.rule, row.expected);
        assert.match(decision.reason, row.reason ?? /\.$/);
      }
    });
  }
});

describe('decideCall: the order of the rules and what a refusal reveals', () => {
  const ruleOf = (decision: CallDecision) => (decision.kind === 'deny' ? decision.rule : decision.serviceClass);

  it('checks the rules in the documented order: the first that applies decides', () => {
    const ordered: [CallRequest, DenyRule][] = [
      [call('lock.unlock', ['all'], { area_id: 'x' }), 'never-available'],
      [call('notify.notify', ['all'], { area_id: 'x' }), 'not-allowed'],
      [call('light.turn_on', [], { area_id: 'x' }), 'not-an-entity'],
      [call('light.turn_on', ['light.a', 'light.a', 'light.b', 'switch.x']), 'too-many-entities'],
      [call('light.turn_on', ['switch.x', 'switch.x']), 'duplicate-entity'],
      [call('light.turn_on', ['light.gone', 'switch.kettle']), 'other-domain'],
      [call('cover.open_cover', ['cover.garage_x', 'cover.unread']), 'unknown-entity'],
    ];
    for (const [request, rule] of ordered)
      assert.equal(ruleOf(decideCall(POLICY, request, ENTITIES)), rule, JSON.stringify(request));
  });

  it('gives the same decision for an excluded entity as for one that does not exist', () => {
    const decide = (fields: Partial<CallEntity>) =>
      decideCall(POLICY, call('light.turn_on', ['light.x']), [entity('light.x', fields)]);
    const missing = decide({ exists: false });
    for (const fields of [
      { area: { kind: 'area', id: 'bedroom' } },
      { labels: { kind: 'labels', ids: ['sensitive'] } },
    ] as const)
      assert.deepEqual(decide(fields), missing);
    assert.deepEqual(decideCall(POLICY, call('light.turn_on', ['light.x']), []), missing);
  });

  it('judges exclusion by the domain of the id, not by a domain the caller wrote into the facts', () => {
    const facts = [entity('light.x', { domain: 'light' }), entity('switch.y', { domain: 'light' })];
    const policy = policyOf(
      JSON.stringify({
        version: 1,
        services: [{ service: 'switch.*', class: 'quiet' }],
        exclude: { domains: ['switch'] },
      }),
    );
    assert.equal(ruleOf(decideCall(policy, call('switch.turn_on', ['switch.y']), facts)), 'unknown-entity');
  });
});
