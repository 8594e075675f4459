// Which actions need a person's yes before they are sent: one row per kind of sensitive action (a policy table).

import { parseJsonObject } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
// The files, not the folder's index: planning there depends on steps that depend on this one.
import { readServiceArguments, type ServiceItem } from '../../extended/service-arguments.ts';
import { intentsOfService, isServicesTool } from '../../extended/service-table.ts';
import { normalizeName } from '../../home-lists.ts';
import { hasName } from '../deterministic/resolve-targets.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';

/** One kind of sensitive action: a domain (and device classes) that an intent would unlock, open or disarm. */
interface SensitiveRule {
  /** How the question names the action. */
  readonly verb: 'Unlock' | 'Open' | 'Disarm';
  readonly domain: string;
  /** Home Assistant's intents that do it to an entity of `domain`. */
  readonly intents: readonly string[];
  /** Only these device classes count (`null`: no device class, which may be anything); all when absent. */
  readonly deviceClasses?: readonly (string | null)[];
}

/**
 * Unlocking a lock (Home Assistant's HassTurnOff unlocks), opening a cover that may be a door (garage, gate, door,
 * or no device class), opening a valve, and disarming an alarm panel. Toggling may do any of them; setting a
 * position above 0 opens.
 */
const SENSITIVE_ACTIONS: readonly SensitiveRule[] = [
  { verb: 'Unlock', domain: 'lock', intents: ['HassTurnOff', 'HassToggle'] },
  {
    verb: 'Open',
    domain: 'cover',
    intents: ['HassTurnOn', 'HassToggle', 'HassSetPosition'],
    deviceClasses: ['garage', 'gate', 'door', null],
  },
  { verb: 'Open', domain: 'valve', intents: ['HassTurnOn', 'HassToggle', 'HassSetPosition'] },
  { verb: 'Disarm', domain: 'alarm_control_panel', intents: ['HassTurnOff', 'HassToggle'] },
];

/** A sensitive action a call would take: the verb, and the devices it would reach (by name). */
export interface SensitiveAction {
  readonly verb: SensitiveRule['verb'];
  /** The catalogue names of the devices, or the call's own target words when the request lists no devices. */
  readonly targets: readonly string[];
}

/**
 * The sensitive action of `call` (a Home Assistant intent tool call, or an `execute_services` call), or undefined
 * when it is not one.
 */
export function sensitiveActionOf(
  call: Pick<ToolCall, 'arguments'>,
  canonicalName: string,
  catalog: EntityCatalog | undefined,
): SensitiveAction | undefined {
  const args = parseJsonObject(call.arguments);
  if (args === undefined) return undefined;
  if (isServicesTool(canonicalName)) return sensitiveServiceCall(args, catalog);
  // Setting a position of 0 closes; any other position opens.
  if (canonicalName === 'HassSetPosition' && Number(args.position) === 0) return undefined;
  const domains = stringList(args.domain);
  const classes = stringList(args.device_class);
  // A call restricted to other domains (every deterministic command names its domain), or to device classes the
  // rule does not cover ("open the curtains"), cannot be sensitive: Home Assistant acts on nothing else.
  const rules = SENSITIVE_ACTIONS.filter(
    (rule) =>
      rule.intents.includes(canonicalName) &&
      (domains.length === 0 || domains.includes(rule.domain)) &&
      (classes.length === 0 ||
        rule.deviceClasses === undefined ||
        classes.some((c) => rule.deviceClasses!.includes(c))),
  );
  if (rules.length === 0) return undefined;
  if (catalog === undefined) {
    // Nothing to look the target up in: the call's own domain says what it is, or it is taken as sensitive.
    const rule = rules.find((candidate) => domains.length === 0 || domains.includes(candidate.domain));
    return rule === undefined ? undefined : { verb: rule.verb, targets: [targetWords(args)] };
  }
  const reached = targetsOf(args, domains, catalog);
  for (const rule of rules) {
    const sensitive = reached.filter((entity) => matches(rule, entity));
    if (sensitive.length > 0) return { verb: rule.verb, targets: sensitive.map((entity) => entity.name) };
  }
  return undefined;
}

/**
 * The sensitive action of an `execute_services` call, judged per entity by the rules above: a service the service
 * table maps to an intent is sensitive when that intent is for the entity's kind; any other service on a sensitive
 * kind of device (`lock.open`, `homeassistant.turn_off` on a lock, `alarm_control_panel.alarm_disarm`) is taken as
 * sensitive, and so are arguments that cannot be read and targets given by area or device id.
 */
function sensitiveServiceCall(
  args: Record<string, unknown>,
  catalog: EntityCatalog | undefined,
): SensitiveAction | undefined {
  const items = readServiceArguments(args);
  if (items === undefined) return { verb: 'Open', targets: ['the devices named'] };
  const found: { verb: SensitiveRule['verb']; name: string }[] = [];
  for (const item of items) {
    for (const entity of serviceTargets(item, catalog)) {
      const rule = serviceRule(item, entity);
      if (rule !== undefined) found.push({ verb: rule.verb, name: entity.name });
    }
  }
  const [first] = found;
  return first === undefined ? undefined : { verb: first.verb, targets: found.map((entry) => entry.name) };
}

/** The rule an item breaks for one of its targets, or undefined. */
function serviceRule(item: ServiceItem, entity: CatalogEntity): SensitiveRule | undefined {
  const rules = SENSITIVE_ACTIONS.filter((rule) => matches(rule, entity));
  // Only a service of the entity's own domain is one the table can name; `homeassistant.*` and the like are not.
  const intents = item.domain === entity.domain ? intentsOfService(item.domain, item.service) : [];
  if (intents.length === 0) return rules[0];
  // Setting a position of 0 closes; any other position opens.
  if (intents.includes('HassSetPosition') && Number(item.data.position) === 0) return undefined;
  return rules.find((rule) => rule.intents.some((intent) => intents.includes(intent)));
}

/**
 * The entities an item reaches: by entity id in the catalogue, else taken as a device of the id's domain; a target by
 * area or device id is taken as any device of the item's domain (a door, when that is a cover).
 */
function serviceTargets(item: ServiceItem, catalog: EntityCatalog | undefined): CatalogEntity[] {
  const byId = item.entityIds.map(
    (id) =>
      catalog?.entities.find((entity) => entity.entityId === id) ?? {
        name: id,
        aliases: [],
        domain: id.split('.', 1)[0] ?? '',
        areaAliases: [],
      },
  );
  const isWider = item.data.area_id !== undefined || item.data.device_id !== undefined || item.entityIds.length === 0;
  if (!isWider) return byId;
  const domains = item.domain === 'homeassistant' ? SENSITIVE_ACTIONS.map((rule) => rule.domain) : [item.domain];
  return [
    ...byId,
    ...domains.map((domain) => ({
      name: `${domain.replaceAll('_', ' ')} devices`,
      aliases: [],
      domain,
      areaAliases: [],
    })),
  ];
}

function matches(rule: SensitiveRule, entity: CatalogEntity): boolean {
  if (entity.domain !== rule.domain) return false;
  if (rule.deviceClasses === undefined) return true;
  const deviceClass = entity.attributes?.device_class;
  return rule.deviceClasses.includes(typeof deviceClass === 'string' ? deviceClass.toLowerCase() : null);
}

/** The catalogue entities a call's arguments reach: by name (within an area when given), else by area and kind. */
function targetsOf(args: Record<string, unknown>, domains: readonly string[], catalog: EntityCatalog): CatalogEntity[] {
  const name = typeof args.name === 'string' ? args.name : undefined;
  const area = typeof args.area === 'string' ? normalizeName(args.area) : undefined;
  const classes = stringList(args.device_class);
  return catalog.entities.filter((entity) => {
    if (name !== undefined && !hasName(entity, name)) return false;
    if (area !== undefined && ![entity.area ?? '', ...entity.areaAliases].some((text) => normalizeName(text) === area))
      return false;
    if (domains.length > 0 && !domains.includes(entity.domain)) return false;
    // A device whose class the catalogue does not give (Home Assistant's Static Context gives none) may be of it.
    const deviceClass = entity.attributes?.device_class;
    return classes.length === 0 || typeof deviceClass !== 'string' || classes.includes(deviceClass);
  });
}

function targetWords(args: Record<string, unknown>): string {
  if (typeof args.name === 'string') return args.name;
  const what = stringList(args.domain)[0]?.replaceAll('_', ' ') ?? 'devices';
  return typeof args.area === 'string' ? `${what} in the ${args.area}` : what;
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
