// The gate's rules for each call: a tool call leaves HA-Assist only if it is offered, well-formed, allowed and aimed at a real target.

import { isRecord } from '../../../common/index.ts';
import type { ToolCall, ToolChoice } from '../../../conversation/index.ts';
// The files, not the folder's index: planning there depends on steps that depend on this one.
import { readServiceArguments } from '../../extended/service-arguments.ts';
import { isServicesTool, serviceValuesOf } from '../../extended/service-table.ts';
import { domainsOfTool, isReadTool } from '../../intent-table.ts';
import type { ToolSchemaValidator } from '../../tool-schema.ts';
import { type CatalogEntity, canonicalToolName, type EntityCatalog, type OfferedTool } from '../../understand/index.ts';
import { entitiesByNameOf, normalizeName } from '../../home-lists.ts';

/** What generated calls are checked against. */
export interface OutputRules {
  /** The tools the model was given, with the full schemas Home Assistant offered for them. */
  offered: readonly OfferedTool[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  validator: ToolSchemaValidator;
  /** The home's entities and areas; targets of device tools must be among them. */
  catalog?: EntityCatalog;
  /** The catalogue's entities by normalised name and alias, when the caller has the index. */
  names?: ReadonlyMap<string, readonly CatalogEntity[]>;
  /** Floor names the request gives (from `ha_context` and the satellite). */
  floors: readonly string[];
  /** When the deterministic plan found several equally good targets: the call must pick exactly one of them. */
  candidates?: readonly { name: string; area?: string }[];
  /**
   * The values the plan resolved (`brightness: 70`): a device tool that takes such an argument must be
   * given it, with that value.
   */
  values?: Readonly<Record<string, string | number>>;
}

/** The verdict on a reply's tool calls; a rejection names the rule in words for `metrics.ha_validation`. */
export type OutputCheck = { ok: true } | { ok: false; rule: string; reason: string; tool?: string };

/** Checks the tool calls of a generated reply (none is fine unless `tool_choice` requires one). */
export function validateOutput(
  calls: readonly Pick<ToolCall, 'name' | 'arguments'>[],
  rules: OutputRules,
): OutputCheck {
  const choice = rules.toolChoice ?? 'auto';
  if (choice === 'none' && calls.length > 0)
    return reject('tool_choice', `the model called ${calls[0]!.name} although tool_choice is none`);
  if (choice === 'required' && calls.length === 0)
    return reject('tool_choice', 'tool_choice is required but the model called no tool');
  if (typeof choice === 'object') {
    if (calls.length === 0)
      return reject('tool_choice', `tool_choice names ${choice.name} but the model called no tool`);
    const other = calls.find((call) => call.name !== choice.name);
    if (other !== undefined)
      return reject('tool_choice', `tool_choice names ${choice.name} but the model called ${other.name}`, other.name);
  }
  if (rules.parallelToolCalls === false && calls.length > 1)
    return reject('parallel_tool_calls', `parallel_tool_calls is false but the model made ${calls.length} calls`);
  for (const call of calls) {
    const check = checkCall(call, rules);
    if (!check.ok) return check;
  }
  return { ok: true };
}

function checkCall(call: Pick<ToolCall, 'name' | 'arguments'>, rules: OutputRules): OutputCheck {
  const tool = rules.offered.find((offered) => offered.name === call.name);
  if (tool === undefined)
    return reject('unknown_tool', `the model called ${JSON.stringify(call.name)}, a tool it was not given`, call.name);
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return reject('arguments', `the arguments of ${call.name} are not valid JSON`, call.name);
  }
  if (!isRecord(args)) return reject('arguments', `the arguments of ${call.name} are not a JSON object`, call.name);
  const schema = rules.validator.check(tool.parameters, args);
  if (!schema.ok)
    return reject('schema', `the arguments of ${call.name} do not match its schema: ${schema.problem}`, call.name);
  if (isServicesTool(canonicalToolName(call.name))) {
    const services = checkServiceTargets(call.name, args, rules);
    return services.ok ? checkServiceValues(call.name, args, rules) : services;
  }
  if (domainsOfTool(canonicalToolName(call.name)) === undefined) return { ok: true };
  const targets = checkTargets(call.name, args, rules);
  return targets.ok ? checkValues(tool, args, rules) : targets;
}

/** The plan's resolved values, where the tool takes them: present and equal (numbers compared as numbers). */
function checkValues(tool: OfferedTool, args: Record<string, unknown>, rules: OutputRules): OutputCheck {
  const properties = tool.parameters?.properties;
  if (rules.values === undefined || typeof properties !== 'object' || properties === null) return { ok: true };
  for (const [key, expected] of Object.entries(rules.values)) {
    if (!(key in properties)) continue;
    if (!isSameValue(expected, args[key])) return rejectValue(tool.name, key, expected, args[key]);
  }
  return { ok: true };
}

/**
 * The plan's resolved values in an `execute_services` call: every item whose service takes them carries them in the
 * fields the service table writes (`brightness: 70` → `brightness_pct: 70`, a volume of 30 → `volume_level: 0.3`).
 */
function checkServiceValues(tool: string, args: Record<string, unknown>, rules: OutputRules): OutputCheck {
  if (rules.values === undefined) return { ok: true };
  for (const item of readServiceArguments(args) ?? []) {
    const expected = serviceValuesOf(item.domain, item.service, rules.values);
    for (const [field, value] of Object.entries(expected))
      if (!isSameValue(value, item.data[field]))
        return rejectValue(tool, `${item.domain}.${item.service}'s ${field}`, value, item.data[field]);
  }
  return { ok: true };
}

/** A given argument equals the expected value: numbers compared as numbers, names as normalised names. */
function isSameValue(expected: string | number, given: unknown): boolean {
  if (given === undefined) return false;
  return typeof expected === 'number'
    ? Number(given) === expected
    : typeof given === 'string' && normalizeName(given) === normalizeName(expected);
}

function rejectValue(tool: string, key: string, expected: string | number, given: unknown): OutputCheck {
  const not = given === undefined ? 'leave it out' : JSON.stringify(given);
  return reject('value', `${tool} must set ${key} to ${JSON.stringify(expected)} as asked, not ${not}`, tool);
}

/** A device tool's `name`, `area` and `floor` must be ones the request names; with candidates, `name` must be one of them. */
function checkTargets(tool: string, args: Record<string, unknown>, rules: OutputRules): OutputCheck {
  const { name, area, floor } = args;
  if (typeof name === 'string' && rules.catalog !== undefined && !knownName(rules, rules.catalog, name)) {
    return reject('target', `${tool} targets ${JSON.stringify(name)}, which is not an exposed device`, tool);
  }
  if (typeof area === 'string' && rules.catalog !== undefined && !knownArea(rules.catalog, area)) {
    return reject('target', `${tool} targets the area ${JSON.stringify(area)}, which the home does not have`, tool);
  }
  if (typeof floor === 'string' && !rules.floors.some((known) => normalizeName(known) === normalizeName(floor))) {
    return reject(
      'target',
      `${tool} targets the floor ${JSON.stringify(floor)}, which the request does not name`,
      tool,
    );
  }
  if (rules.candidates !== undefined && rules.candidates.length > 1 && !isReadTool(canonicalToolName(tool))) {
    const picked =
      typeof name === 'string' ? pickedCandidates(rules, name, typeof area === 'string' ? area : undefined) : 0;
    if (picked !== 1) {
      const which = rules.candidates
        .map((candidate) => (candidate.area === undefined ? candidate.name : `${candidate.name} (${candidate.area})`))
        .join(', ');
      return reject('candidates', `${tool} must target exactly one of ${which}`, tool);
    }
  }
  return { ok: true };
}

/**
 * An `execute_services` call acts only on exposed devices named by their entity id: every id is one the catalogue
 * lists, of the service's domain (`homeassistant.*` serves any), and no item reaches further by `area_id` or
 * `device_id`. With candidates, the call must reach exactly one of them.
 */
function checkServiceTargets(tool: string, args: Record<string, unknown>, rules: OutputRules): OutputCheck {
  const items = readServiceArguments(args);
  if (items === undefined) return reject('arguments', `the arguments of ${tool} are not a list of service calls`, tool);
  const known = new Map(
    (rules.catalog?.entities ?? []).flatMap((entity) =>
      entity.entityId === undefined ? [] : [[entity.entityId, entity] as const],
    ),
  );
  const reached = new Set<string>();
  for (const item of items) {
    if (item.data.area_id !== undefined || item.data.device_id !== undefined)
      return reject('target', `${tool} must name devices by entity_id, not by area_id or device_id`, tool);
    if (item.entityIds.length === 0)
      return reject('target', `${tool} calls ${item.domain}.${item.service} on no entity`, tool);
    for (const id of item.entityIds) {
      const entity = known.get(id);
      if (entity === undefined)
        return reject('target', `${tool} targets ${JSON.stringify(id)}, which is not an exposed device`, tool);
      if (item.domain !== entity.domain && item.domain !== 'homeassistant')
        return reject(
          'target',
          `${tool} calls ${item.domain}.${item.service} on ${id}, a device of another domain`,
          tool,
        );
      reached.add(`${entity.name}\u0000${entity.area ?? ''}`);
    }
  }
  if (rules.candidates !== undefined && rules.candidates.length > 1) {
    const picked = rules.candidates.filter((candidate) =>
      reached.has(`${candidate.name}\u0000${candidate.area ?? ''}`),
    );
    if (picked.length !== 1 || reached.size !== 1) {
      const which = rules.candidates.map((candidate) => candidate.name).join(', ');
      return reject('candidates', `${tool} must target exactly one of ${which}`, tool);
    }
  }
  return { ok: true };
}

/** How many candidates a call's name (and area, when given) fits, aliases included. */
function pickedCandidates(rules: OutputRules, name: string, area: string | undefined): number {
  const nameKey = normalizeName(name);
  const areaKey = area === undefined ? undefined : normalizeName(area);
  return rules.candidates!.filter((candidate) => {
    const entity = rules.catalog?.entities.find(
      (known) => known.name === candidate.name && known.area === candidate.area,
    );
    const names = [candidate.name, ...(entity?.aliases ?? [])].map(normalizeName);
    const areas = [candidate.area, ...(entity?.areaAliases ?? [])]
      .filter((known) => known !== undefined)
      .map(normalizeName);
    return names.includes(nameKey) && (areaKey === undefined || areas.includes(areaKey));
  }).length;
}

/** True when `name` is an entity's name or alias, looked up in the home lists' index (built here when not given). */
function knownName(rules: OutputRules, catalog: EntityCatalog, name: string): boolean {
  return (rules.names ?? entitiesByNameOf(catalog)).has(normalizeName(name));
}

function knownArea(catalog: EntityCatalog, area: string): boolean {
  const key = normalizeName(area);
  return catalog.areas.some(
    (known) => normalizeName(known.name) === key || known.aliases.some((alias) => normalizeName(alias) === key),
  );
}

function reject(rule: string, reason: string, tool?: string): OutputCheck {
  return tool === undefined ? { ok: false, rule, reason } : { ok: false, rule, reason, tool };
}
