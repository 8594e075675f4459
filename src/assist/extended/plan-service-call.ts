// Planning a recognised command as one `execute_services` call: the service of each targeted domain, with the
// entity ids the catalogue gives and the values the sentence asked for.

import type { ToolSchemaValidator } from '../tool-schema.ts';
import type { CatalogEntity, HaRequest, OfferedTool } from '../understand/index.ts';
import { devicesAt, type Targets } from '../steps/deterministic/resolve-targets.ts';
import { writeServiceArguments, type ServiceItem } from './service-arguments.ts';
import { serviceDataOf, serviceRowOf } from './service-table.ts';

/** What a planned command is, for the services tool. */
export interface ServicePlanInput {
  intent: string;
  targets: Targets;
  /** The sentence's value slots (`brightness: 70`), by slot name. */
  values: Readonly<Record<string, unknown>>;
  /** The offered `execute_services` tool: its schema is the shape written and checked. */
  tool: OfferedTool;
  request: Pick<HaRequest, 'catalog' | 'floorAreas'>;
  validator: ToolSchemaValidator;
}

/** The call's arguments, or why the table cannot express the command (the turn then goes to the model). */
export type ServicePlan = { kind: 'call'; arguments: Record<string, unknown> } | { kind: 'none'; reason: string };

/** One `execute_services` call carrying out the command on every entity it targets, validated against the schema. */
export function planServiceCall(input: ServicePlanInput): ServicePlan {
  const entities = targetedEntities(input.targets, input.request);
  if (entities === undefined) return none('the command names no device and no kind of device at a place');
  if (entities.length === 0) return none('no device of the catalogue fits the command');
  const items: ServiceItem[] = [];
  for (const [domain, group] of byDomain(entities)) {
    const row = serviceRowOf(input.intent, domain);
    if (row === undefined) return none(`no service carries out ${input.intent} on a ${domain.replaceAll('_', ' ')}`);
    const data = serviceDataOf(row, input.values);
    if (typeof data === 'string') return none(data);
    const entityIds = group.map((entity) => entity.entityId);
    if (entityIds.some((id) => id === undefined)) return none('the catalogue gives no entity id for a target');
    items.push({ domain, service: row.service, entityIds: entityIds as string[], data });
  }
  const args = writeServiceArguments(items, input.tool.parameters);
  const check = input.validator.check(input.tool.parameters, args);
  if (!check.ok) return none(`the arguments do not fit ${input.tool.name}'s schema: ${check.problem}`);
  return { kind: 'call', arguments: args };
}

/**
 * The entities a command reaches: the one it names, or every device of its kind at its place (undefined when it
 * names neither: "turn off the kitchen" with no kind would reach whatever the area holds).
 */
function targetedEntities(
  targets: Targets,
  request: Pick<HaRequest, 'catalog' | 'floorAreas'>,
): readonly CatalogEntity[] | undefined {
  if (targets.entity !== undefined) return [targets.entity];
  if (targets.area === undefined && targets.floor === undefined) return undefined;
  return devicesAt(targets, request);
}

/** The entities by domain, in catalogue order. */
function byDomain(entities: readonly CatalogEntity[]): Map<string, CatalogEntity[]> {
  const groups = new Map<string, CatalogEntity[]>();
  for (const entity of entities) groups.set(entity.domain, [...(groups.get(entity.domain) ?? []), entity]);
  return groups;
}

function none(reason: string): ServicePlan {
  return { kind: 'none', reason };
}
