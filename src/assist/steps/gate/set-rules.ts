// The gate's rules for a set of calls against the sentence's facts: negation, one of the candidates, exceptions,
// targets the sentence did not name, devices that need their exact name, and the whole home only when the sentence
// says so.

import { entitiesByNameOf, normalizeName } from '../../home-lists.ts';
import { isReadTool } from '../../intent-table.ts';
import { canonicalToolName } from '../../understand/index.ts';
import type { CatalogEntity } from '../../understand/index.ts';
import type { NamedTarget } from '../facts/index.ts';
import { catalogWithLiveFacts } from '../deterministic/device-facts.ts';
import { needsExactName } from '../deterministic/exact-name-only.ts';
import type { Said } from './gate-answers.ts';
import { type CallReach, reachOf } from './call-targets.ts';
import type { GateCall, GateInput } from './gate-input.ts';

/** A rule of the set that failed: its name, the reason for the diagnostics, and what to say. */
export interface SetFinding {
  readonly rule: string;
  readonly reason: string;
  readonly said?: Said;
  /** The sentence did not say which area: ask instead of refusing. */
  readonly asksArea?: boolean;
}

/** The first rule of the set `calls` breaks, or undefined. `calls` come in a fixed order (the gate sorts them). */
export function checkSet(calls: readonly GateCall[], input: GateInput): SetFinding | undefined {
  const names = input.names ?? entitiesByNameOf(input.request.catalog);
  const reaches = calls.map((call) => ({ call, reach: reachOf(call, input.request, names) }));
  const actions = reaches.filter((entry) => entry.reach.isDeviceAction);
  if (actions.length === 0) return undefined;
  return (
    checkNegated(input) ??
    checkCondition(input) ??
    checkExcepted(actions, input) ??
    checkUnnamed(actions, input) ??
    checkExactName(actions, input) ??
    checkScope(actions, input)
  );
}

type Action = { call: GateCall; reach: CallReach };

/** A negated sentence is never acted on, unless the grammar read its negation word as its own ("never mind"). */
function checkNegated(input: GateInput): SetFinding | undefined {
  if (!input.facts.negated || input.plan?.isExact === true) return undefined;
  return { rule: 'negated', reason: 'the sentence is negated', said: { kind: 'negated' } };
}

/**
 * HA-Assist acts on a conditional sentence ("turn on the porch light if it's dark") only when it checked the condition
 * against live state and it holds (condition.ts), or when the grammar read the condition word as its own ("play When
 * Doves Cry"): no other step acts on the command alone. A model's calls are its judgement of the condition.
 */
function checkCondition(input: GateInput): SetFinding | undefined {
  if (!input.facts.conditional || input.source !== 'deterministic') return undefined;
  if (input.plan?.isExact === true || input.plan?.conditionHeld === true) return undefined;
  return {
    rule: 'condition',
    reason: 'the sentence has a condition HA-Assist did not check',
    said: { kind: 'condition' },
  };
}

/**
 * A turn that asked for one of several candidates takes one action (the call rules check that it is on one of them):
 * every call that is not a read counts, whatever it targets.
 */
export function checkOneCandidate(calls: readonly GateCall[], input: GateInput): SetFinding | undefined {
  const candidates = input.plan?.candidates ?? [];
  if (candidates.length < 2) return undefined;
  const actions = calls.filter((call) => !isReadTool(canonicalToolName(call.name))).length;
  if (actions < 2) return undefined;
  const which = candidates.map((candidate) =>
    candidate.area === undefined ? candidate.name : `${candidate.name} (${candidate.area})`,
  );
  return {
    rule: 'candidates',
    reason: `the turn asked for exactly one of ${which.join(', ')} but ${actions} calls act`,
    said: { kind: 'candidates', which },
  };
}

/** No call reaches a device or area the sentence excepted. */
function checkExcepted(actions: readonly Action[], input: GateInput): SetFinding | undefined {
  for (const { call, reach } of actions) {
    const hit = reach.entities.find((entity) => input.facts.excepted.some((target) => isTarget(entity, target)));
    if (hit === undefined) continue;
    const target = input.facts.excepted.find((known) => isTarget(hit, known))!;
    const name = `the ${target.name}`;
    return {
      rule: 'excepted',
      reason: `${call.name} reaches ${hit.name}, which the sentence excepts`,
      said: { kind: 'excepted', name },
    };
  }
  return undefined;
}

/**
 * When the sentence names devices (and no area, no quantifier), every device a model acts on is one it named, one
 * of a kind it said ("the fan"), or one the plan offered: a call never adds a light the sentence did not ask for.
 * HA-Assist's own plan resolved its targets from the sentence itself.
 */
function checkUnnamed(actions: readonly Action[], input: GateInput): SetFinding | undefined {
  const { named, quantifier, kinds } = input.facts;
  const devices = named.filter((target) => target.kind === 'entity');
  if (input.source !== 'model' || devices.length === 0 || quantifier !== undefined) return undefined;
  if (named.some((target) => target.kind === 'area')) return undefined;
  const offered = [...devices, ...(input.plan?.candidates ?? []).map((c) => ({ ...c, kind: 'entity' as const }))];
  for (const { call, reach } of actions) {
    const extra = reach.entities.find(
      (entity) => !kinds.includes(entity.domain) && !offered.some((target) => isTarget(entity, target)),
    );
    if (extra === undefined) continue;
    return {
      rule: 'unnamed_target',
      reason: `${call.name} reaches ${extra.name}, which the sentence does not name`,
      said: { kind: 'unnamed', name: `the ${extra.name}` },
    };
  }
  return undefined;
}

/**
 * HA-Assist's own plan from a sentence the grammar did not match word for word (repaired, or a name said in part)
 * reaches a device that needs its exact name (a lock, an alarm panel, a garage door) only when the sentence says
 * that name whole: "unlock the front" never unlocks the Front Door.
 */
function checkExactName(actions: readonly Action[], input: GateInput): SetFinding | undefined {
  if (input.source !== 'deterministic' || input.plan?.isExact !== false) return undefined;
  const catalog = catalogWithLiveFacts(input.request);
  if (catalog === undefined) return undefined;
  const said = input.facts.named.filter((target) => target.kind === 'entity');
  for (const { call, reach } of actions) {
    const device = reach.entities.find(
      (entity) => needsExactName(entity, catalog) && !said.some((target) => isTarget(entity, target)),
    );
    if (device === undefined) continue;
    return {
      rule: 'exact_name',
      reason: `${call.name} reaches ${device.name}, which needs its exact name, and the sentence does not say it`,
      said: { kind: 'unnamed', name: input.facts.language === 'en' ? `the ${device.name}` : device.name },
    };
  }
  return undefined;
}

/**
 * A call on every device of a kind in the home ("the blinds", no area) when the sentence does not say the whole
 * home: it may reach only the satellite's area; with no satellite, or beyond its area, and more than one device
 * reached, the person is asked which area (Home Assistant would act on every one of them).
 */
function checkScope(actions: readonly Action[], input: GateInput): SetFinding | undefined {
  if (input.facts.wholeHome) return undefined;
  const here = input.request.satellite?.area;
  const wide = actions.find(
    ({ reach }) =>
      reach.isHomeWide &&
      reach.byKind &&
      reach.entities.length > 1 &&
      (here === undefined || reach.entities.some((entity) => normalizeName(entity.area ?? '') !== normalizeName(here))),
  );
  if (wide === undefined) return undefined;
  return {
    rule: 'scope',
    reason: `${wide.call.name} would act on ${wide.reach.entities.length} devices across the home, which the sentence does not ask for`,
    asksArea: true,
  };
}

/** True when `entity` is the named device, or is in the named area. */
function isTarget(entity: CatalogEntity, target: Pick<NamedTarget, 'kind' | 'name'> & { area?: string }): boolean {
  if (target.kind === 'area') return normalizeName(entity.area ?? '') === normalizeName(target.name);
  if (normalizeName(entity.name) !== normalizeName(target.name)) return false;
  return target.area === undefined || entity.area === target.area;
}
