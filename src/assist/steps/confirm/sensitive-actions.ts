// Which actions need a person's yes before they are sent: one row per kind of sensitive device (a policy table),
// judged by what the device is (its own class and name), never by what a call claims it is.

import { parseJsonObject } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
// The files, not the folder's index: planning there depends on steps that depend on this one.
import { readServiceArguments, type ServiceItem } from '../../extended/service-arguments.ts';
import { intentsOfService, isServicesTool } from '../../extended/service-table.ts';
import { normalizeName } from '../../home-lists.ts';
import { deviceClassOf } from '../deterministic/device-facts.ts';
import { hasName } from '../deterministic/resolve-targets.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';

/** What a sensitive call does, as its question names it ("Set the Garage Door to 30 %?"). */
export type SensitiveVerb = 'unlock' | 'open' | 'set-position' | 'turn-on' | 'turn-off' | 'toggle' | 'press' | 'disarm';

/** One kind of sensitive device: its domains, what each intent does to it, and which of its devices count. */
interface SensitiveRule {
  readonly kind: string;
  readonly domains: readonly string[];
  /** Home Assistant's intents that do something sensitive to it, and what they do. */
  readonly verbs: Readonly<Partial<Record<string, SensitiveVerb>>>;
  /** By the device's own class: only the classes that ask (`ask`), or all but those that act (`actOn`). */
  readonly classes?: { readonly ask: readonly string[] } | { readonly actOn: readonly string[] };
  /** By its names (when it has no class, or for a kind judged by name alone): it asks when they say, or unless. */
  readonly names?: { readonly askWhen: RegExp } | { readonly askUnless: RegExp };
}

// Words are matched in a lower-cased name; `(?<!\p{L})…(?!\p{L})` keeps an English word whole ("clock" is no lock),
// German compounds are matched inside ("Haustür", "Garagentor", "Türschloss"), "tor" only as a gate's own word.
const GERMAN_GATE = '(?<!\\p{L})(?:garagen|garten|hof|einfahrts|zufahrts|haus)?tore?(?!\\p{L})';
/** A cover with no class is a door when its name says garage, gate or door (Garage, Garagentor, Tor, Tür). */
const DOOR_NAMES = new RegExp(`(?<!\\p{L})(?:gates?|doors?)(?!\\p{L})|garage|tür|${GERMAN_GATE}`, 'u');
/** A valve with no class is a water valve when its name says so. */
const WATER_NAMES = /(?<!\p{L})water(?!\p{L})|wasser/u;
/** A switch or button that opens: its name says lock, garage, gate or door opener (Schloss, Garage, Tor, Türöffner). */
const OPENER_NAMES = new RegExp(
  `(?<!\\p{L})(?:locks?|gates?)(?!\\p{L})|door ?openers?|garage|schloss|(?:tür|tor) ?öffner|${GERMAN_GATE}`,
  'u',
);

/** Opening a cover or valve: toggling may open it; setting a position above 0 opens it (0 closes, and is sent). */
const OPENING = { HassTurnOn: 'open', HassToggle: 'open', HassSetPosition: 'set-position' } as const;

/**
 * Unlocking a lock (Home Assistant's HassTurnOff unlocks); opening a cover that is a door (garage, gate, door, or no
 * class and a door's name) or a valve that is not for water (gas, or no class and no water in its name); working a
 * switch or button that opens something (a relay named for a garage or gate); disarming an alarm panel.
 */
const SENSITIVE_ACTIONS: readonly SensitiveRule[] = [
  { kind: 'lock', domains: ['lock'], verbs: { HassTurnOff: 'unlock', HassToggle: 'unlock' } },
  {
    kind: 'door',
    domains: ['cover'],
    verbs: OPENING,
    classes: { ask: ['garage', 'gate', 'door'] },
    names: { askWhen: DOOR_NAMES },
  },
  {
    kind: 'gas valve',
    domains: ['valve'],
    verbs: OPENING,
    classes: { actOn: ['water'] },
    names: { askUnless: WATER_NAMES },
  },
  {
    kind: 'opener switch',
    domains: ['switch'],
    verbs: { HassTurnOn: 'turn-on', HassTurnOff: 'turn-off', HassToggle: 'toggle' },
    names: { askWhen: OPENER_NAMES },
  },
  {
    kind: 'opener button',
    domains: ['button', 'input_button'],
    verbs: { HassTurnOn: 'press' },
    names: { askWhen: OPENER_NAMES },
  },
  { kind: 'alarm', domains: ['alarm_control_panel'], verbs: { HassTurnOff: 'disarm', HassToggle: 'disarm' } },
];

/** A sensitive action a call would take: what it does, and the devices it would do it to (by name). */
export interface SensitiveAction {
  readonly verb: SensitiveVerb;
  /** The position asked for, when the verb is `set-position` (percent). */
  readonly position?: number;
  /** The catalogue names of the devices, or the call's own target words when the request lists no devices. */
  readonly targets: readonly string[];
  /** Every device is taken as sensitive only because its class is not known: a live read may say it is not. */
  readonly isClassUnread: boolean;
}

/** What a rule says of one device: it asks, it acts at once, or its class is not known (taken as asking). */
type Judgement = 'ask' | 'act' | 'unread';

/** A device a call reaches, and its class as the request says it (undefined: not known). */
interface Device {
  readonly entity: CatalogEntity;
  readonly deviceClass: string | null | undefined;
}

/** One device a call would do something sensitive to. */
interface Finding {
  readonly verb: SensitiveVerb;
  readonly name: string;
  readonly isUnread: boolean;
}

/**
 * The sensitive action of `call` (a Home Assistant intent tool call, or an `execute_services` call), or undefined
 * when it is not one. `catalog` should carry what live state says of the devices (their classes) when the turn
 * has read it; a device class in the call's arguments is never what a device is judged by.
 */
export function sensitiveActionOf(
  call: Pick<ToolCall, 'arguments'>,
  canonicalName: string,
  catalog: EntityCatalog | undefined,
): SensitiveAction | undefined {
  const args = parseJsonObject(call.arguments);
  if (args === undefined) return undefined;
  if (isServicesTool(canonicalName)) return actionOf(sensitiveServiceCall(args, catalog));
  const position = Number(args.position);
  // Setting a position of 0 closes; any other position opens.
  if (canonicalName === 'HassSetPosition' && position === 0) return undefined;
  const domains = stringList(args.domain);
  // A call restricted to other domains (every deterministic command names its domain) cannot be sensitive: Home
  // Assistant acts on nothing else.
  const rules = SENSITIVE_ACTIONS.filter(
    (rule) =>
      rule.verbs[canonicalName] !== undefined &&
      (domains.length === 0 || rule.domains.some((domain) => domains.includes(domain))),
  );
  if (rules.length === 0) return undefined;
  // Nothing to look the target up in: a device of each kind the call may reach, named by the call's own words.
  const reached = catalog === undefined ? unlistedTargets(args, rules) : targetsOf(args, domains, catalog);
  const findings = reached.flatMap((entity) => findingOf(rules, deviceOf(entity, catalog), () => canonicalName) ?? []);
  const action = actionOf(findings);
  return action?.verb === 'set-position' && Number.isFinite(position) ? { ...action, position } : action;
}

/** The first finding's verb and every device it is found for (a question names one action). */
function actionOf(findings: readonly (Finding & { position?: number })[]): SensitiveAction | undefined {
  const [first] = findings;
  if (first === undefined) return undefined;
  const targets = [...new Set(findings.filter((found) => found.verb === first.verb).map((found) => found.name))];
  const isClassUnread = findings.every((found) => found.isUnread);
  return {
    verb: first.verb,
    targets,
    isClassUnread,
    ...(first.position === undefined ? {} : { position: first.position }),
  };
}

/** What the first rule that counts `device` says an intent does to it; undefined when no rule does. */
function findingOf(
  rules: readonly SensitiveRule[],
  device: Device,
  intentFor: (rule: SensitiveRule) => string | undefined,
): Finding | undefined {
  for (const rule of rules) {
    const judgement = judge(rule, device);
    if (judgement === 'act') continue;
    const intent = intentFor(rule);
    // A service no intent expresses (`lock.open`) does whatever the rule's first verb says.
    const verb = intent === undefined ? Object.values(rule.verbs)[0] : rule.verbs[intent];
    if (verb !== undefined) return { verb, name: device.entity.name, isUnread: judgement === 'unread' };
  }
  return undefined;
}

/** What `rule` says of a device: by its domain, then its own class, then its names. */
function judge(rule: SensitiveRule, { entity, deviceClass }: Device): Judgement {
  if (!rule.domains.includes(entity.domain)) return 'act';
  if (rule.classes !== undefined) {
    if (deviceClass === undefined) return 'unread';
    if (deviceClass !== null) {
      const isListed = ('ask' in rule.classes ? rule.classes.ask : rule.classes.actOn).includes(deviceClass);
      return isListed === 'ask' in rule.classes ? 'ask' : 'act';
    }
  }
  if (rule.names === undefined) return 'ask';
  const pattern = 'askWhen' in rule.names ? rule.names.askWhen : rule.names.askUnless;
  const says = [entity.name, ...entity.aliases].some((name) => pattern.test(normalizeName(name)));
  return says === 'askWhen' in rule.names ? 'ask' : 'act';
}

/**
 * The sensitive devices of an `execute_services` call, judged per entity by the rules above: a service the service
 * table maps to an intent is sensitive when that intent is for the entity's kind; any other service on a sensitive
 * kind of device (`lock.open`, `homeassistant.turn_off` on a lock, `alarm_control_panel.alarm_disarm`) is taken as
 * sensitive, and so are arguments that cannot be read and targets given by area or device id.
 */
function sensitiveServiceCall(
  args: Record<string, unknown>,
  catalog: EntityCatalog | undefined,
): (Finding & { position?: number })[] {
  const items = readServiceArguments(args);
  if (items === undefined) return [{ verb: 'open', name: 'the devices named', isUnread: false }];
  return items.flatMap((item) =>
    serviceTargets(item, catalog).flatMap((entity) => {
      // Only a service of the entity's own domain is one the table can name; `homeassistant.*` and the like are not.
      const intents = item.domain === entity.domain ? intentsOfService(item.domain, item.service) : [];
      // Setting a position of 0 closes; any other position opens.
      if (intents.includes('HassSetPosition') && Number(item.data.position) === 0) return [];
      // An intent none of a rule's verbs is for ('-') leaves that rule out; no intent at all takes its first verb.
      const found = findingOf(SENSITIVE_ACTIONS, deviceOf(entity, catalog), (rule) =>
        intents.length === 0 ? undefined : (intents.find((intent) => rule.verbs[intent] !== undefined) ?? '-'),
      );
      const position = Number(item.data.position);
      return found === undefined ? [] : [Number.isFinite(position) ? { ...found, position } : found];
    }),
  );
}

/**
 * The entities an item reaches: by entity id in the catalogue, else taken as a device of the id's domain; a target by
 * area or device id is taken as any device of the item's domain (a door, when that is a cover), and as every one the
 * catalogue has of it.
 */
function serviceTargets(item: ServiceItem, catalog: EntityCatalog | undefined): CatalogEntity[] {
  const byId = item.entityIds.map(
    (id) => catalog?.entities.find((entity) => entity.entityId === id) ?? unlisted(id, id.split('.', 1)[0] ?? ''),
  );
  const isWider = item.data.area_id !== undefined || item.data.device_id !== undefined || item.entityIds.length === 0;
  if (!isWider) return byId;
  const domains = item.domain === 'homeassistant' ? SENSITIVE_ACTIONS.flatMap((rule) => rule.domains) : [item.domain];
  const known = (catalog?.entities ?? []).filter((entity) => domains.includes(entity.domain));
  return [...byId, ...known, ...domains.map((domain) => unlisted(`${domain.replaceAll('_', ' ')} devices`, domain))];
}

/** A call's target with no catalogue to find it in: one device of each domain the rules may mean, by its words. */
function unlistedTargets(args: Record<string, unknown>, rules: readonly SensitiveRule[]): CatalogEntity[] {
  const domains = stringList(args.domain);
  const name = targetWords(args);
  return rules.flatMap((rule) =>
    rule.domains
      .filter((domain) => domains.length === 0 || domains.includes(domain))
      .map((domain) => unlisted(name, domain)),
  );
}

/** `entity` with its class as `catalog` gives it; with no catalogue, not known. */
function deviceOf(entity: CatalogEntity, catalog: EntityCatalog | undefined): Device {
  return { entity, deviceClass: catalog === undefined ? undefined : deviceClassOf(entity, catalog) };
}

/** A device the catalogue does not list: its class is not known. */
function unlisted(name: string, domain: string): CatalogEntity {
  return { name, aliases: [], domain, areaAliases: [] };
}

/**
 * The catalogue entities a call's arguments reach: by name (within an area when given), else by area and kind. A
 * named device is the device whatever class the call claims; a call by kind reaches a device whose own class is
 * one of the call's, or is not known.
 */
function targetsOf(args: Record<string, unknown>, domains: readonly string[], catalog: EntityCatalog): CatalogEntity[] {
  const name = typeof args.name === 'string' ? args.name : undefined;
  const area = typeof args.area === 'string' ? normalizeName(args.area) : undefined;
  const classes = stringList(args.device_class).map((item) => item.toLowerCase());
  return catalog.entities.filter((entity) => {
    if (name !== undefined && !hasName(entity, name)) return false;
    if (area !== undefined && ![entity.area ?? '', ...entity.areaAliases].some((text) => normalizeName(text) === area))
      return false;
    if (domains.length > 0 && !domains.includes(entity.domain)) return false;
    if (name !== undefined || classes.length === 0) return true;
    const deviceClass = deviceClassOf(entity, catalog);
    return deviceClass === undefined || (deviceClass !== null && classes.includes(deviceClass));
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
