// Planning a device command: the tool Home Assistant offered for the intent, with arguments its schema accepts.

import { isRecord } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
import { planServiceCall, servicesToolOf } from '../../extended/index.ts';
import { intentRow } from '../../intent-table.ts';
import type { RecognizeResult } from '../../../hassil/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { ToolSchemaValidator } from '../../tool-schema.ts';
import { findTool, type CatalogEntity, type HaRequest, type OfferedTool } from '../../understand/index.ts';
import { answerWordsFor } from './answer-words.ts';
import { fitDeviceClass } from './fit-device-class.ts';
import { narrowTargets, withIntentDomains } from './narrow-targets.ts';
import { languageOf } from './recognize-intent.ts';
import { resolveTargets, type Targets } from './resolve-targets.ts';

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
      question: answerWordsFor(languageOf(result)).sameName(resolution.name, resolution.candidates),
      candidates: resolution.candidates,
    };
  }
  if (resolution.kind === 'unknown')
    return { kind: 'not-deterministic', reason: `no ${resolution.slot} called '${resolution.value}' in the request` };
  let targets: Targets =
    own === undefined && sameAs !== undefined ? { ...resolution.targets, anywhere: true } : resolution.targets;
  const narrowed = narrowTargets(result, targets, request);
  if (narrowed.kind !== 'targets') return narrowed;
  // The classes sent are the devices' own (read from live state first when the request does not give them).
  const fitted = fitDeviceClass(narrowed.targets, request, languageOf(result));
  if (fitted.kind !== 'targets') return fitted;
  targets = fitted.targets;
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
