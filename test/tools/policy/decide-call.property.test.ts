// decideCall over random policies and calls: whatever a policy says, an allowed call breaks no limit.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type AllowEntry,
  allowEntry,
  type CallDecision,
  type CallEntity,
  type CallRequest,
  decideCall,
  type ExclusionConfig,
  isExcluded,
  NEVER_AVAILABLE,
  neverAvailableRule,
  type Policy,
  parseExclusionConfig,
  parsePolicy,
} from '../../../src/tools/index.ts';

// Pools that hold every never-available rule, next to ordinary domains and services.
const NEVER_DOMAINS = NEVER_AVAILABLE.flatMap((rule) => (rule.match === 'domain' ? [rule.domain] : []));
const NEVER_SERVICES = NEVER_AVAILABLE.flatMap((rule) => {
  if (rule.match === 'service') return [rule.service];
  return rule.match === 'service-prefix' ? [`${rule.prefix}all`, `${rule.prefix}x`] : [];
});
const ORDINARY_DOMAINS = ['light', 'switch', 'cover', 'input_boolean', 'climate', 'notify', 'scene', 'script'];
const ORDINARY_SERVICES = ['turn_on', 'turn_off', 'toggle', 'open_cover', 'set_temperature', 'notify'];
const DOMAINS = [...NEVER_DOMAINS, ...ORDINARY_DOMAINS];
const SERVICES = [...NEVER_SERVICES, ...ORDINARY_SERVICES];
const ENTRY_NAMES = DOMAINS.flatMap((domain) => ['*', ...SERVICES].map((service) => `${domain}.${service}`));
const ALLOWABLE_NAMES = ENTRY_NAMES.filter((name) => {
  const [domain, service] = name.split('.') as [string, string];
  return neverAvailableRule(domain, service) === undefined;
});
const OBJECT_IDS = ['kitchen', 'bed', 'box_secret', 'garage', 'a', 'b', 'c', 'd'];
const DATA_KEYS = ['brightness', 'temperature', 'target', 'entity_id', 'area_id', 'device_id', 'label_id', 'floor_id'];
const TARGET_KEYS = ['entity_id', 'area_id', 'device_id', 'label_id', 'floor_id'];
const DEVICE_CLASSES = [null, '', 'garage', 'gate', 'door', 'Garage', ' GATE', 'blind', 'shutter', 'window', 'awning'];

const exclusionsArb: fc.Arbitrary<ExclusionConfig> = fc.record({
  domains: fc.oneof(
    { arbitrary: fc.subarray(['lock', 'alarm_control_panel', 'camera']), weight: 3 },
    fc.subarray(['lock', 'light', 'switch', 'cover']),
  ),
  areas: fc.subarray(['bedroom', 'Garage']),
  patterns: fc.subarray(['light\\..*_secret', 'cover\\.g.*', '.*kitchen']),
  labels: fc.subarray(['sensitive', 'private']),
});

function entriesArb(names: fc.Arbitrary<string>): fc.Arbitrary<AllowEntry[]> {
  const entry = fc.record({
    service: names,
    class: fc.constantFrom('quiet' as const, 'confirmed'),
  });
  return fc.uniqueArray(entry, { selector: (e) => e.service, maxLength: 16 });
}

/** A policy read from a random policy.json, which parsing lets through only without never-available entries. */
const parsedPolicyArb: fc.Arbitrary<Policy> = fc
  .record({
    services: entriesArb(fc.constantFrom(...ALLOWABLE_NAMES)),
    exclude: exclusionsArb,
    max_entities: fc.integer({ min: 1, max: 20 }),
  })
  .map((file) => {
    const result = parsePolicy(JSON.stringify({ version: 1, ...file }));
    if (result.kind !== 'ok') throw new Error(`${result.key}: ${result.message}`);
    return result.policy;
  });

/** A hand-made policy: never-available entries and limits no file may hold, as a hand-edited file would give. */
const handMadePolicyArb: fc.Arbitrary<Policy> = fc
  .record({
    // Mostly allowable entries, so that calls get far enough to meet the other rules.
    services: entriesArb(
      fc.oneof({ arbitrary: fc.constantFrom(...ALLOWABLE_NAMES), weight: 3 }, fc.constantFrom(...ENTRY_NAMES)),
    ),
    exclude: exclusionsArb,
    maxEntities: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 4 },
      fc.integer({ min: -2, max: 0 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY),
    ),
  })
  .map(({ services, exclude, maxEntities }) => {
    const result = parseExclusionConfig(exclude);
    if (result.kind !== 'ok') throw new Error(`${result.key}: ${result.message}`);
    return { services, exclusions: result.exclusions, maxEntities };
  });

const domainOf = (id: string) => id.split('.')[0]!;

/** A name as a call writes it: often one the policy lists, sometimes any from the pools, sometimes uppercase. */
function nameArb(policy: Policy): fc.Arbitrary<[string, string]> {
  const listed = policy.services.map((entry) => entry.service.split('.') as [string, string]);
  const pooled = fc.tuple(fc.constantFrom(...DOMAINS), fc.constantFrom(...SERVICES));
  const fromPolicy =
    listed.length === 0
      ? pooled
      : fc
          .tuple(
            fc.constantFrom(...listed),
            fc.oneof(fc.constantFrom(...ORDINARY_SERVICES), fc.constantFrom(...SERVICES)),
          )
          .map(([[domain, service], other]): [string, string] => [domain, service === '*' ? other : service]);
  const upper = pooled.map(([domain, service]): [string, string] => [domain.toUpperCase(), service]);
  return fc.oneof(
    { arbitrary: fromPolicy, weight: 10 },
    { arbitrary: pooled, weight: 1 },
    { arbitrary: upper, weight: 1 },
  );
}

/** Targets that are not one named entity of `domain`, though some look close. */
const oddIds = (domain: string) => [
  'all',
  'none',
  '',
  domain,
  `${domain}.`,
  `${domain}.a.b`,
  `${domain}.Kitchen`,
  ` ${domain}.a`,
];

function idsArb(domain: string): fc.Arbitrary<string[]> {
  const id = fc.oneof(
    { arbitrary: fc.constantFrom(...OBJECT_IDS).map((object) => `${domain.toLowerCase()}.${object}`), weight: 16 },
    {
      arbitrary: fc.tuple(fc.constantFrom(...DOMAINS), fc.constantFrom(...OBJECT_IDS)).map((p) => p.join('.')),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...oddIds(domain.toLowerCase())), weight: 1 },
  );
  // Long lists of distinct entities, too, so that limits above 20 in a hand-made policy are tried.
  const many = fc.uniqueArray(
    fc.nat(60).map((n) => `${domain.toLowerCase()}.e${n}`),
    { minLength: 15, maxLength: 25 },
  );
  return fc.oneof({ arbitrary: fc.array(id, { maxLength: 4 }), weight: 4 }, fc.array(id, { maxLength: 25 }), many);
}

function factArb(entityId: string): fc.Arbitrary<CallEntity> {
  return fc.record({
    entityId: fc.constant(entityId),
    domain: fc.constant(domainOf(entityId)),
    exists: fc.oneof({ arbitrary: fc.constant(true), weight: 8 }, fc.constant(false)),
    deviceClass: fc.constantFrom(...DEVICE_CLASSES),
    area: fc.constantFrom<CallEntity['area']>(
      { kind: 'area', id: 'kitchen' },
      { kind: 'area', id: 'kitchen' },
      { kind: 'area', id: 'Bedroom' },
      { kind: 'area', id: 'garage' },
      { kind: 'none' },
      { kind: 'unknown' },
    ),
    labels: fc.constantFrom<CallEntity['labels']>(
      { kind: 'labels', ids: [] },
      { kind: 'labels', ids: [] },
      { kind: 'labels', ids: ['Sensitive'] },
      { kind: 'labels', ids: ['private', 'tv'] },
      { kind: 'unknown' },
    ),
  });
}

const dataArb = fc.oneof(
  { arbitrary: fc.constant({}), weight: 6 },
  fc.dictionary(
    fc.constantFrom(...DATA_KEYS, 'Area_ID', 'ENTITY_ID'),
    fc.oneof(fc.integer(), fc.constantFrom('kitchen', 'all')),
  ),
);

interface Case {
  policy: Policy;
  call: CallRequest;
  entities: CallEntity[];
}

/** An entity no exclusion in these tests matches, which exists and is no door. */
const cleanFact = (entityId: string): CallEntity => ({
  entityId,
  domain: domainOf(entityId),
  exists: true,
  deviceClass: 'blind',
  area: { kind: 'none' },
  labels: { kind: 'labels', ids: [] },
});

/**
 * A call under `policy`, with the facts of most of the entities it names (some not read at all), or of all of them
 * as clean entities, so that long lists get as far as the limits.
 */
function caseArb(policyArb: fc.Arbitrary<Policy>): fc.Arbitrary<Case> {
  return policyArb.chain((policy) =>
    nameArb(policy).chain(([domain, service]) =>
      fc.tuple(idsArb(domain), dataArb).chain(([entityIds, data]) => {
        const ids = [...new Set(entityIds)];
        const messy = fc.tuple(...ids.map((id) => fc.option(factArb(id), { freq: 12 })));
        const facts = fc.oneof({ arbitrary: messy, weight: 2 }, fc.constant(ids.map(cleanFact)));
        return facts.map((read: readonly (CallEntity | null)[]) => ({
          policy,
          call: { domain, service, entityIds, data },
          entities: read.filter((fact): fact is CallEntity => fact !== null),
        }));
      }),
    ),
  );
}

/** Every limit an allowed call must keep, written out apart from decideCall's table. */
function assertKeepsTheLimits({ policy, call, entities }: Case, decision: CallDecision): void {
  if (decision.kind !== 'allow') return;
  assert.equal(neverAvailableRule(call.domain.toLowerCase(), call.service.toLowerCase()), undefined, 'never available');
  assert.equal(allowEntry(policy.services, call.domain, call.service)?.class, decision.serviceClass, 'not on the list');
  for (const key of Object.keys(call.data)) assert.ok(!TARGET_KEYS.includes(key.toLowerCase()), `a ${key} target`);
  assert.ok(call.entityIds.length >= 1, 'no entity');
  assert.ok(call.entityIds.length <= policy.maxEntities && call.entityIds.length <= 20, 'too many entities');
  assert.equal(new Set(call.entityIds).size, call.entityIds.length, 'a duplicate');
  for (const id of call.entityIds) {
    assert.match(id, /^[a-z0-9_]+\.[a-z0-9_]+$/, 'not an entity id');
    assert.equal(domainOf(id), call.domain, 'another domain');
    assert.ok(!policy.exclusions.domains.includes(domainOf(id)), 'an excluded domain');
    assert.ok(!policy.exclusions.patterns.some((pattern) => pattern.matches(id)), 'an excluded pattern');
    const fact = entities.find((entity) => entity.entityId === id);
    assert.ok(fact?.exists, 'a missing entity');
    assert.equal(isExcluded({ ...fact, domain: domainOf(id) }, policy.exclusions).kind, 'kept', 'an excluded entity');
    if (domainOf(id) === 'cover') {
      const deviceClass = (fact.deviceClass ?? '').trim().toLowerCase();
      assert.ok(!['', 'garage', 'gate', 'door'].includes(deviceClass), 'a door-like cover');
    }
  }
}

/** Runs the property 1,000 times and returns how often each outcome (a rule, or allow) came up. */
function checkProperty(policyArb: fc.Arbitrary<Policy>, seed: number): Map<string, number> {
  const outcomes = new Map<string, number>();
  fc.assert(
    fc.property(caseArb(policyArb), (sample) => {
      const decision = decideCall(sample.policy, sample.call, sample.entities);
      const outcome = decision.kind === 'allow' ? 'allow' : decision.rule;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      assertKeepsTheLimits(sample, decision);
    }),
    { numRuns: 1000, seed },
  );
  return outcomes;
}

const EVERY_OUTCOME = [
  'allow',
  'never-available',
  'not-allowed',
  'not-an-entity',
  'no-entity',
  'too-many-entities',
  'duplicate-entity',
  'other-domain',
  'unknown-entity',
  'door-like-cover',
];

describe('decideCall: random policies and calls', () => {
  it('allows nothing a policy read from policy.json forbids', () => {
    const outcomes = checkProperty(parsedPolicyArb, 4_711);
    // The property is not vacuous: calls are allowed, and every rule is reached.
    assert.ok((outcomes.get('allow') ?? 0) >= 50, JSON.stringify([...outcomes]));
    assert.deepEqual(
      EVERY_OUTCOME.filter((outcome) => !outcomes.has(outcome)),
      [],
    );
  });

  it('allows nothing forbidden even under a hand-made policy that lists never-available services', () => {
    const outcomes = checkProperty(handMadePolicyArb, 90_210);
    assert.ok((outcomes.get('allow') ?? 0) >= 50, JSON.stringify([...outcomes]));
    assert.deepEqual(
      EVERY_OUTCOME.filter((outcome) => !outcomes.has(outcome)),
      [],
    );
  });
});
