// Planning a device command: the tool Home Assistant offered for the intent, with arguments its schema accepts.

import { definedProps, isRecord } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
import { intentRow } from '../../intent-table.ts';
import type { RecognizeResult } from '../../../hassil/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { ToolSchemaValidator } from '../../tool-schema.ts';
import { findTool, type CatalogEntity, type HaRequest, type OfferedTool } from '../../understand/index.ts';
import { implicitTarget } from './implicit-target.ts';
import { missingDevice, resolveTargets, type Targets } from './resolve-targets.ts';

/** Slots that name what to act on; every other slot is a value passed as it is (brightness, position, …). */
const TARGET_SLOTS = new Set(['name', 'area', 'floor', 'domain', 'device_class']);

/**
 * A planned command, a read of live state it needs first, a question about an ambiguous target, or why this is not
 * a deterministic case.
 */
export type ActionPlan =
  | { kind: 'call'; tool: OfferedTool; arguments: Record<string, unknown>; targets: Targets }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'ask'; question: string; candidates: CatalogEntity[] }
  | {
      kind: 'not-deterministic';
      reason: string;
      candidates?: CatalogEntity[];
      /** What to say when no model takes the turn ("There is no fan in the Kitchen."). */
      answer?: string;
    };

/** Turns an action intent into a call of the tool offered for it, validated against that tool's schema. */
export function planAction(
  result: RecognizeResult,
  request: HaRequest,
  lists: HomeLists,
  validator: ToolSchemaValidator,
): ActionPlan {
  const intent = result.intent.name;
  const tool = findTool(request.tools, intent);
  if (tool === undefined) return { kind: 'not-deterministic', reason: `the request offers no ${intent} tool` };
  const choice = request.toolChoice;
  if (choice === 'none') return { kind: 'not-deterministic', reason: "tool_choice is 'none'" };
  if (typeof choice === 'object' && choice.name !== tool.name)
    return { kind: 'not-deterministic', reason: `tool_choice requires ${choice.name}` };
  const resolution = resolveTargets(result, lists);
  if (resolution.kind === 'ambiguous') {
    return {
      kind: 'ask',
      question: askWhich(resolution.name, resolution.candidates),
      candidates: resolution.candidates,
    };
  }
  if (resolution.kind === 'unknown')
    return { kind: 'not-deterministic', reason: `no ${resolution.slot} called '${resolution.value}' in the request` };
  let targets = resolution.targets;
  // Home Assistant is sent the floor's own name, also when the sentence used an alias ("upstairs").
  if (targets.floor !== undefined)
    targets = { ...targets, floor: request.floorNames.get(targets.floor.toLowerCase()) ?? targets.floor };
  // Home Assistant rejects an area command when the area has no such device: a model may know what was meant.
  const missing = missingDevice(targets, request);
  // A player is found in the whole home when the satellite's area has none ("pause" said in the bedroom).
  const isPlayerElsewhere = missing !== undefined && targets.fromSatellite === true && preferredStates(intent);
  if (missing !== undefined && !isPlayerElsewhere)
    return { kind: 'not-deterministic', reason: `the catalogue has ${missing}`, answer: `There is ${missing}.` };
  if (targets.anywhere === true || isPlayerElsewhere) {
    const found = implicitTarget(intent, targets, request);
    if (found.kind === 'fetch') return found;
    if (found.kind === 'none')
      return { kind: 'not-deterministic', reason: found.reason, ...definedProps({ answer: found.answer }) };
    if (found.kind === 'several')
      return { kind: 'ask', question: askWhichOf(found.candidates), candidates: found.candidates };
    const { area: _area, fromSatellite: _satellite, anywhere: _anywhere, ...rest } = targets;
    targets = { ...rest, entity: found.entity, domains: [found.entity.domain] };
  }
  const args = buildArguments(result, targets, tool);
  const check = validator.check(tool.parameters, args);
  if (!check.ok)
    return { kind: 'not-deterministic', reason: `the arguments do not fit ${tool.name}'s schema: ${check.problem}` };
  return { kind: 'call', tool, arguments: args, targets };
}

/** True when the intent's row prefers devices in some state (a player: the one playing). */
function preferredStates(intent: string): boolean {
  const row = intentRow(intent);
  return row?.kind === 'action' && row.prefer !== undefined;
}

/** Arguments in Home Assistant's conventions, keeping only the properties the tool declares. */
function buildArguments(result: RecognizeResult, targets: Targets, tool: OfferedTool): Record<string, unknown> {
  const properties = propertiesOf(tool);
  const args: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value === undefined || !(key in properties)) return;
    args[key] = isArrayProperty(properties[key])
      ? Array.isArray(value)
        ? value
        : [value]
      : Array.isArray(value)
        ? value[0]
        : value;
  };
  put('name', targets.entity?.name);
  put('area', targets.area);
  put('floor', targets.floor);
  if (targets.domains.length > 0) put('domain', targets.domains);
  if (targets.deviceClasses.length > 0) put('device_class', targets.deviceClasses);
  for (const entity of result.entitiesList) {
    if (!TARGET_SLOTS.has(entity.name) || entity.isWildcard) put(entity.name, entity.value);
  }
  return args;
}

function propertiesOf(tool: OfferedTool): Record<string, unknown> {
  const properties = tool.parameters?.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {};
}

function isArrayProperty(schema: unknown): boolean {
  return isRecord(schema) && schema.type === 'array';
}

/** "Which one do you mean: the Ceiling Fan in the Bedroom or the Desk Fan in the Office?" */
export function askWhichOf(candidates: readonly { name: string; area?: string }[]): string {
  const named = candidates.map((candidate) =>
    candidate.area === undefined ? `the ${candidate.name}` : `the ${candidate.name} in the ${candidate.area}`,
  );
  return `Which one do you mean: ${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}?`;
}

/** A short question naming the candidates by where they are. */
function askWhich(name: string, candidates: readonly CatalogEntity[]): string {
  const described = candidates.map((entity) =>
    entity.area === undefined
      ? `the ${entity.domain.replace('_', ' ')} ${entity.name}`
      : `the one in the ${entity.area}`,
  );
  const list =
    described.length === 2
      ? `${described[0]} or ${described[1]}`
      : `${described.slice(0, -1).join(', ')} or ${described[described.length - 1]}`;
  return `There is more than one ${name}. Which one do you mean: ${list}?`;
}
