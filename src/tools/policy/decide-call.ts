// The pure decision on one service call: each rule is a row, checked in order, and the first that denies decides.

import { type ExclusionSubject, isExcluded } from './exclusions.ts';
import { neverAvailableRule } from './never-available.ts';
import { MAX_ENTITIES_LIMIT, type Policy } from './policy-file-schema.ts';
import { type AllowEntry, allowEntry, type ServiceClass } from './service-allowlist.ts';

/** A service call as a write tool received it, after its input schema. */
export interface CallRequest {
  domain: string;
  service: string;
  /** The entities the call names one by one; Home Assistant receives them as the call's target. */
  entityIds: readonly string[];
  /** The service data, without the target. */
  data: Readonly<Record<string, unknown>>;
}

/** The facts about one named entity that the caller read from Home Assistant. */
export interface CallEntity extends ExclusionSubject {
  /** False when Home Assistant does not know the entity. */
  exists: boolean;
  /** The `device_class` attribute, or null when the entity reports none. */
  deviceClass: string | null;
}

/** The rule that denied a call; an excluded entity and a missing one share `unknown-entity`, so neither shows. */
export type DenyRule =
  | 'never-available'
  | 'not-allowed'
  | 'not-an-entity'
  | 'no-entity'
  | 'too-many-entities'
  | 'duplicate-entity'
  | 'other-domain'
  | 'unknown-entity'
  | 'door-like-cover';

/** The decision: allowed with the class of the allowlist entry, or denied with a sentence a model and a person read. */
export type CallDecision =
  | { kind: 'allow'; serviceClass: ServiceClass }
  | { kind: 'deny'; rule: DenyRule; reason: string };

/** Service data keys that target something other than a named entity; the entities go in `entityIds` only. */
export const TARGET_DATA_KEYS: readonly string[] = Object.freeze([
  'entity_id',
  'area_id',
  'device_id',
  'label_id',
  'floor_id',
]);

/** Cover device classes that are never moved; a cover with no device class counts as a garage door. */
export const DOOR_LIKE_COVER_CLASSES: readonly string[] = Object.freeze(['garage', 'gate', 'door']);

/** Home Assistant's entity id form; `all` and `none`, its "every entity" and "no entity" targets, do not match. */
const ENTITY_ID = /^[a-z0-9_]+\.[a-z0-9_]+$/;
const NAME_PART = /^[a-z0-9_]+$/;

/** What every row reads. */
interface CallFacts {
  policy: Policy;
  call: CallRequest;
  /** `domain.service`, as the call wrote it. */
  name: string;
  entry: AllowEntry | undefined;
  entities: readonly CallEntity[];
}

/** One rule: the sentence it denies with, or undefined when the call passes it. */
interface CallRule {
  rule: DenyRule;
  /** True when the rule needs the facts read from Home Assistant; the others are decided before anything is read. */
  needsEntities: boolean;
  denies: (facts: CallFacts) => string | undefined;
}

/** The same sentence for an excluded entity and a missing one, so a model cannot probe which excluded entities exist. */
const unknownEntity = (id: string): string => `No entity ${id} is available to the tools.`;

/** The rules in the order they are checked. */
const CALL_RULES: readonly CallRule[] = [
  {
    // Checked before the allowlist and whatever it says, so a hand-edited policy cannot allow these.
    rule: 'never-available',
    needsEntities: false,
    denies: ({ call, name }) => {
      // Home Assistant lowercases the domain and the service of a call, so `LOCK.unlock` would reach lock.unlock.
      const rule = neverAvailableRule(call.domain.toLowerCase(), call.service.toLowerCase());
      return rule === undefined ? undefined : `${name} is never available: ${rule.why}`;
    },
  },
  {
    rule: 'not-allowed',
    needsEntities: false,
    denies: ({ call, name, entry }) =>
      NAME_PART.test(call.domain) && NAME_PART.test(call.service) && entry !== undefined
        ? undefined
        : `${name} is not on the list of services a model may call.`,
  },
  {
    rule: 'not-an-entity',
    needsEntities: false,
    denies: ({ call }) => {
      const key = Object.keys(call.data).find((k) => TARGET_DATA_KEYS.includes(k.toLowerCase()));
      if (key !== undefined) return `The data may not hold ${key}: name each entity in the entity list instead.`;
      const id = call.entityIds.find((entityId) => !ENTITY_ID.test(entityId));
      return id === undefined
        ? undefined
        : `${JSON.stringify(id)} is not an entity id: name each entity, such as light.kitchen, one by one.`;
    },
  },
  {
    rule: 'no-entity',
    needsEntities: false,
    denies: ({ call }) =>
      call.entityIds.length === 0 ? 'The call names no entity: name each entity it should act on.' : undefined,
  },
  {
    rule: 'too-many-entities',
    needsEntities: false,
    denies: ({ call, policy }) => {
      // A hand-made policy cannot lift the ceiling of the file format; a limit that is not a number denies all.
      const limit = Math.min(policy.maxEntities, MAX_ENTITIES_LIMIT);
      const count = call.entityIds.length;
      return count <= limit ? undefined : `The call names ${count} entities; at most ${limit} may be in one call.`;
    },
  },
  {
    rule: 'duplicate-entity',
    needsEntities: false,
    denies: ({ call }) => {
      const id = call.entityIds.find((entityId, index) => call.entityIds.indexOf(entityId) !== index);
      return id === undefined ? undefined : `The call names ${id} twice.`;
    },
  },
  {
    rule: 'other-domain',
    needsEntities: false,
    denies: ({ call, name }) => {
      const id = call.entityIds.find((entityId) => domainOf(entityId) !== call.domain);
      return id === undefined ? undefined : `${name} acts on ${call.domain} entities only, and ${id} is not one.`;
    },
  },
  {
    // The exclusions that need no fact from Home Assistant: an entity they exclude is not even read.
    rule: 'unknown-entity',
    needsEntities: false,
    denies: ({ call, policy }) => {
      const { domains, patterns } = policy.exclusions;
      const id = call.entityIds.find(
        (entityId) => domains.includes(domainOf(entityId)) || patterns.some((pattern) => pattern.matches(entityId)),
      );
      return id === undefined ? undefined : unknownEntity(id);
    },
  },
  {
    // An entity whose facts the caller did not read is refused too: nothing is allowed by omission.
    rule: 'unknown-entity',
    needsEntities: true,
    denies: ({ call, policy, entities }) => {
      const id = call.entityIds.find((entityId) => {
        const entity = entityOf(entities, entityId);
        if (entity === undefined) return true;
        return isExcluded({ ...entity, domain: domainOf(entityId) }, policy.exclusions).kind !== 'kept';
      });
      return id === undefined ? undefined : unknownEntity(id);
    },
  },
  {
    rule: 'unknown-entity',
    needsEntities: true,
    denies: ({ call, entities }) => {
      const id = call.entityIds.find((entityId) => entityOf(entities, entityId)?.exists !== true);
      return id === undefined ? undefined : unknownEntity(id);
    },
  },
  {
    rule: 'door-like-cover',
    needsEntities: true,
    denies: ({ call, entities }) => {
      const id = call.entityIds.find((entityId) => isDoorLikeCover(entityId, entityOf(entities, entityId)));
      return id === undefined
        ? undefined
        : `${id} is a cover on a garage door, a gate or a door, or reports no device class, and such covers are never moved.`;
    },
  },
];

/** Decides whether a model may make a service call; the same input always gives the same decision. */
export function decideCall(policy: Policy, call: CallRequest, entities: readonly CallEntity[]): CallDecision {
  const facts = callFacts(policy, call, entities);
  const denied = firstDenial(CALL_RULES, facts);
  // The not-allowed row has denied every call without an entry.
  return denied ?? { kind: 'allow', serviceClass: facts.entry!.class };
}

/**
 * The rules that need nothing from Home Assistant (the allowlist, the count of entities, their form, the domain and
 * pattern exclusions): a call they deny is refused before anything is read. A call they all pass still needs
 * {@link decideCall} with the facts read; its class (from the allowlist) is known already.
 */
export function decideBeforeReading(
  policy: Policy,
  call: CallRequest,
): Extract<CallDecision, { kind: 'deny' }> | { kind: 'read-facts'; serviceClass: ServiceClass } {
  const facts = callFacts(policy, call, []);
  const denied = firstDenial(
    CALL_RULES.filter((row) => !row.needsEntities),
    facts,
  );
  // The not-allowed row has denied every call without an entry.
  return denied ?? { kind: 'read-facts', serviceClass: facts.entry!.class };
}

function callFacts(policy: Policy, call: CallRequest, entities: readonly CallEntity[]): CallFacts {
  const entry = allowEntry(policy.services, call.domain, call.service);
  return { policy, call, name: `${call.domain}.${call.service}`, entry, entities };
}

function firstDenial(
  rules: readonly CallRule[],
  facts: CallFacts,
): Extract<CallDecision, { kind: 'deny' }> | undefined {
  for (const { rule, denies } of rules) {
    const reason = denies(facts);
    if (reason !== undefined) return { kind: 'deny', rule, reason };
  }
  return undefined;
}

function domainOf(entityId: string): string {
  return entityId.split('.', 1)[0]!;
}

function entityOf(entities: readonly CallEntity[], entityId: string): CallEntity | undefined {
  return entities.find((entity) => entity.entityId === entityId);
}

function isDoorLikeCover(entityId: string, entity: CallEntity | undefined): boolean {
  if (domainOf(entityId) !== 'cover') return false;
  const deviceClass = entity?.deviceClass?.trim().toLowerCase() ?? '';
  return deviceClass === '' || DOOR_LIKE_COVER_CLASSES.includes(deviceClass);
}
