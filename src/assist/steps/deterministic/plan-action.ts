// Planning a device command: the tool Home Assistant offered for the intent, with arguments its schema accepts.

import { definedProps, isRecord } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
import { planServiceCall, servicesToolOf } from '../../extended/index.ts';
import { intentRow } from '../../intent-table.ts';
import type { RecognizeResult } from '../../../hassil/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { ToolSchemaValidator } from '../../tool-schema.ts';
import { findTool, type CatalogEntity, type HaRequest, type OfferedTool } from '../../understand/index.ts';
import { implicitTarget, MAX_QUESTION_CANDIDATES } from './implicit-target.ts';
import { liveStateOf } from './live-state.ts';
import { devicesAt, missingDevice, resolveTargets, type Targets } from './resolve-targets.ts';

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
  const row = intentRow(intent);
  const sameAs = row?.kind === 'action' ? row.sameAs : undefined;
  const own = findTool(request.tools, intent);
  // Home Assistant never offers the shopping-list intents' tools: the list tool does the same on the one list.
  const intentTool = own ?? (sameAs === undefined ? undefined : findTool(request.tools, sameAs));
  // Extended OpenAI Conversation offers no intent tools, only its own function that calls services.
  const services = intentTool === undefined ? servicesToolOf(request) : undefined;
  const tool = intentTool ?? services;
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
  let targets: Targets =
    own === undefined && sameAs !== undefined ? { ...resolution.targets, anywhere: true } : resolution.targets;
  // Home Assistant is sent the floor's own name, also when the sentence used an alias ("upstairs").
  if (targets.floor !== undefined)
    targets = { ...targets, floor: request.floorNames.get(targets.floor.toLowerCase()) ?? targets.floor };
  // Home Assistant rejects an area command when the area has no such device: a model may know what was meant.
  const missing = missingDevice(withIntentDomains(targets, intent), request);
  // A player is found in the whole home when the satellite's area has none ("pause" said in the bedroom).
  const isPlayerElsewhere = missing !== undefined && targets.fromSatellite === true && preferredStates(intent);
  if (missing !== undefined && !isPlayerElsewhere)
    return { kind: 'not-deterministic', reason: `the catalogue has ${missing}`, answer: `There is ${missing}.` };
  // "The bedroom lamp" is one device: with several lamps in the bedroom, which one is asked, never all of them.
  if (saysOneDevice(result) && targets.entity === undefined && targets.anywhere !== true) {
    const place = withIntentDomains(targets, intent);
    let devices = devicesAt(place, request) ?? [];
    // Several may be of the class the sentence names ("the living room TV"): live state tells which are.
    const isClassUnknown = place.deviceClasses.length > 0 && devices.some((device) => device.attributes === undefined);
    if (devices.length > 1 && isClassUnknown) {
      const live = liveStateOf(request);
      if (live.kind === 'fetch') return live;
      if (live.kind === 'known') devices = devicesAt(place, { ...request, catalog: live.catalog }) ?? [];
    }
    if (devices.length > 1 && devices.length <= MAX_QUESTION_CANDIDATES)
      return { kind: 'ask', question: askWhichOf(devices), candidates: devices };
    if (devices.length > 1)
      return { kind: 'not-deterministic', reason: `${devices.length} devices fit one the sentence names` };
  }
  if (targets.anywhere === true || isPlayerElsewhere) {
    const found = implicitTarget(intent, targets, request);
    if (found.kind === 'fetch') return found;
    if (found.kind === 'none')
      return { kind: 'not-deterministic', reason: found.reason, ...definedProps({ answer: found.answer }) };
    const { area: _area, fromSatellite: _satellite, anywhere: _anywhere, ...rest } = targets;
    if (found.kind === 'several' && saysSeveralDevices(result)) {
      // "Close the curtains" with no satellite: when every one of them is in one area, that area's; otherwise not
      // every one of the home, and not one of them either.
      const area = onlyArea(found.candidates);
      if (area === undefined)
        return {
          kind: 'not-deterministic',
          reason: 'the sentence names several devices but no place, and no satellite area says where',
          answer: 'Which area do you mean?',
        };
      targets = {
        ...rest,
        area,
        domains: targets.domains.length > 0 ? targets.domains : [found.candidates[0]!.domain],
      };
    } else if (found.kind === 'several') {
      return { kind: 'ask', question: askWhichOf(found.candidates), candidates: found.candidates };
    } else {
      targets = { ...rest, entity: found.entity, domains: [found.entity.domain] };
    }
  }
  // A kind the tool cannot be told ("turn up the kitchen TV": HassSetVolumeRelative takes no device class) would
  // widen the command to every device of the area.
  if (targets.entity === undefined && targets.deviceClasses.length > 0 && !('device_class' in propertiesOf(tool)))
    return {
      kind: 'not-deterministic',
      reason: `${tool.name} cannot be limited to a ${targets.deviceClasses.join(' or ')}`,
    };
  if (services !== undefined) {
    const values = valuesOf(result);
    const planned = planServiceCall({
      intent,
      targets: withIntentDomains(targets, intent),
      values,
      tool,
      request,
      validator,
    });
    if (planned.kind === 'none') return { kind: 'not-deterministic', reason: planned.reason };
    return { kind: 'call', tool, arguments: planned.arguments, targets };
  }
  const args = buildArguments(result, targets, tool);
  const check = validator.check(tool.parameters, args);
  if (!check.ok)
    return { kind: 'not-deterministic', reason: `the arguments do not fit ${tool.name}'s schema: ${check.problem}` };
  return { kind: 'call', tool, arguments: args, targets };
}

/**
 * `targets` restricted to the intent's own domains when the sentence named no kind ("pause the music in the
 * bedroom" is about a media player there): what the check for a missing device looks for.
 */
function withIntentDomains(targets: Targets, intent: string): Targets {
  if (targets.domains.length > 0) return targets;
  const row = intentRow(intent);
  if (row?.kind === 'action' && row.areaIsTarget === true) return targets;
  const domains = row?.domains;
  return domains === undefined || domains.includes('*') ? targets : { ...targets, domains: [...domains] };
}

/**
 * How many devices the sentence names by their kind: the template's (`metadata.devices`, "the bedroom lamp") or the
 * device class word's (`context.devices`, "the kitchen TV"); undefined when it does not say.
 */
function devicesSaid(result: RecognizeResult): unknown {
  return result.context.devices ?? result.intentMetadata?.devices;
}

/** True when the sentence named one device by its kind ("the bedroom lamp", not "the bedroom lamps"). */
function saysOneDevice(result: RecognizeResult): boolean {
  return devicesSaid(result) === 'one';
}

/** True when the sentence named several devices by their kind ("turn off the lights", "close the blinds"). */
function saysSeveralDevices(result: RecognizeResult): boolean {
  return devicesSaid(result) === 'several';
}

/** The area every device is in, or undefined when they are in several or one has none. */
function onlyArea(devices: readonly CatalogEntity[]): string | undefined {
  const areas = new Set(devices.map((device) => device.area));
  const [area] = areas;
  return areas.size === 1 ? area : undefined;
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

/** The slots that carry values, not targets (`brightness: 70`), by slot name. */
function valuesOf(result: RecognizeResult): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const entity of result.entitiesList)
    if (!TARGET_SLOTS.has(entity.name) || entity.isWildcard) values[entity.name] = entity.value;
  return values;
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
