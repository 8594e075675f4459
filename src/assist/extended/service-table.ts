// Which Home Assistant service carries out an intent on a domain, for clients that call services themselves
// (Extended OpenAI Conversation's `execute_services`): one declarative row per intent and domains.

/** How a slot's value becomes a field of `service_data`: its name there, and a divisor (percent → 0..1). */
export interface ValueField {
  readonly field: string;
  /** Divides a numeric value (HassSetVolume's 0-100 is `volume_set`'s 0..1); dividing keeps 35 → 0.35 exact. */
  readonly divideBy?: number;
}

/** One intent on some domains, as one service call. */
export interface ServiceRow {
  readonly intent: string;
  readonly domains: readonly string[];
  readonly service: string;
  /** Slots passed on, by slot name; a slot the sentence gave that is not listed makes the row unusable. */
  readonly values?: Readonly<Record<string, ValueField>>;
  /** Fields every call of the row carries (`is_volume_muted: true`). */
  readonly fixed?: Readonly<Record<string, string | number | boolean>>;
}

/** Domains whose `turn_on`/`turn_off` services are the intents' own (Home Assistant's HassTurnOn/Off do the same). */
const ON_OFF = [
  'light',
  'switch',
  'fan',
  'input_boolean',
  'media_player',
  'climate',
  'humidifier',
  'water_heater',
  'siren',
  'automation',
  'remote',
];
const COVER = ['cover'];
const VALVE = ['valve'];
const MEDIA = ['media_player'];
const PERCENT = 100;

/**
 * Every intent HA-Assist turns into a service call, by domain. HassTurnOn/Off follow Home Assistant's intent handler:
 * covers and valves open and close, locks lock and unlock, scenes and scripts are turned on, buttons pressed. An
 * intent or domain with no row is not expressed: the turn goes to the model.
 */
export const SERVICE_TABLE: readonly ServiceRow[] = [
  { intent: 'HassTurnOn', domains: [...ON_OFF, 'scene', 'script'], service: 'turn_on' },
  { intent: 'HassTurnOn', domains: COVER, service: 'open_cover' },
  { intent: 'HassTurnOn', domains: VALVE, service: 'open_valve' },
  { intent: 'HassTurnOn', domains: ['lock'], service: 'lock' },
  { intent: 'HassTurnOn', domains: ['button', 'input_button'], service: 'press' },
  { intent: 'HassTurnOn', domains: ['vacuum'], service: 'start' },
  { intent: 'HassTurnOn', domains: ['lawn_mower'], service: 'start_mowing' },
  { intent: 'HassTurnOff', domains: [...ON_OFF, 'script'], service: 'turn_off' },
  { intent: 'HassTurnOff', domains: COVER, service: 'close_cover' },
  { intent: 'HassTurnOff', domains: VALVE, service: 'close_valve' },
  { intent: 'HassTurnOff', domains: ['lock'], service: 'unlock' },
  { intent: 'HassTurnOff', domains: ['vacuum'], service: 'return_to_base' },
  { intent: 'HassTurnOff', domains: ['lawn_mower'], service: 'dock' },
  { intent: 'HassToggle', domains: [...ON_OFF, ...COVER, ...VALVE], service: 'toggle' },
  {
    intent: 'HassLightSet',
    domains: ['light'],
    service: 'turn_on',
    values: {
      brightness: { field: 'brightness_pct' },
      color: { field: 'color_name' },
      temperature: { field: 'color_temp_kelvin' },
    },
  },
  {
    intent: 'HassSetPosition',
    domains: COVER,
    service: 'set_cover_position',
    values: { position: { field: 'position' } },
  },
  {
    intent: 'HassSetPosition',
    domains: VALVE,
    service: 'set_valve_position',
    values: { position: { field: 'position' } },
  },
  { intent: 'HassStopMoving', domains: COVER, service: 'stop_cover' },
  { intent: 'HassStopMoving', domains: VALVE, service: 'stop_valve' },
  {
    intent: 'HassClimateSetTemperature',
    domains: ['climate'],
    service: 'set_temperature',
    values: { temperature: { field: 'temperature' } },
  },
  {
    intent: 'HassFanSetSpeed',
    domains: ['fan'],
    service: 'set_percentage',
    values: { percentage: { field: 'percentage' } },
  },
  { intent: 'HassMediaPause', domains: MEDIA, service: 'media_pause' },
  { intent: 'HassMediaUnpause', domains: MEDIA, service: 'media_play' },
  { intent: 'HassMediaNext', domains: MEDIA, service: 'media_next_track' },
  { intent: 'HassMediaPrevious', domains: MEDIA, service: 'media_previous_track' },
  {
    intent: 'HassSetVolume',
    domains: MEDIA,
    service: 'volume_set',
    values: { volume_level: { field: 'volume_level', divideBy: PERCENT } },
  },
  { intent: 'HassMediaPlayerMute', domains: MEDIA, service: 'volume_mute', fixed: { is_volume_muted: true } },
  { intent: 'HassMediaPlayerUnmute', domains: MEDIA, service: 'volume_mute', fixed: { is_volume_muted: false } },
  { intent: 'HassVacuumStart', domains: ['vacuum'], service: 'start' },
  { intent: 'HassVacuumReturnToBase', domains: ['vacuum'], service: 'return_to_base' },
  { intent: 'HassLawnMowerStartMowing', domains: ['lawn_mower'], service: 'start_mowing' },
  { intent: 'HassLawnMowerDock', domains: ['lawn_mower'], service: 'dock' },
  { intent: 'HassListAddItem', domains: ['todo'], service: 'add_item', values: { item: { field: 'item' } } },
  { intent: 'HassShoppingListAddItem', domains: ['todo'], service: 'add_item', values: { item: { field: 'item' } } },
  {
    intent: 'HassListCompleteItem',
    domains: ['todo'],
    service: 'update_item',
    values: { item: { field: 'item' } },
    fixed: { status: 'completed' },
  },
  {
    intent: 'HassShoppingListCompleteItem',
    domains: ['todo'],
    service: 'update_item',
    values: { item: { field: 'item' } },
    fixed: { status: 'completed' },
  },
  { intent: 'HassListRemoveItem', domains: ['todo'], service: 'remove_item', values: { item: { field: 'item' } } },
];

/** The row that carries out `intent` on `domain`, or undefined. */
export function serviceRowOf(intent: string, domain: string): ServiceRow | undefined {
  return SERVICE_TABLE.find((row) => row.intent === intent && row.domains.includes(domain));
}

/**
 * The intents a service on `domain` carries out (`lock.unlock` → HassTurnOff): what the sensitive-action rules are
 * asked about. Empty for a service the table does not know.
 */
export function intentsOfService(domain: string, service: string): string[] {
  return [...new Set(rowsOfService(domain, service).map((row) => row.intent))];
}

/**
 * The intent a service call with `data` carries out: the first row whose fixed fields it has and whose value fields
 * cover the rest (`light.turn_on` with `brightness_pct` is HassLightSet, without it HassTurnOn).
 */
export function intentOfCall(
  domain: string,
  service: string,
  data: Readonly<Record<string, unknown>>,
): string | undefined {
  const keys = Object.keys(data);
  return rowsOfService(domain, service).find((row) => {
    const fixed = row.fixed ?? {};
    const fields = new Set(Object.values(row.values ?? {}).map((value) => value.field));
    return (
      Object.entries(fixed).every(([key, value]) => data[key] === value) &&
      keys.every((key) => key in fixed || fields.has(key))
    );
  })?.intent;
}

/**
 * The row's `service_data` besides `entity_id` for the sentence's values (`volume_level: 30` → `volume_level: 0.3`),
 * or why a value has no field in it.
 */
export function serviceDataOf(
  row: ServiceRow,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> | string {
  const data: Record<string, unknown> = { ...row.fixed };
  for (const [slot, value] of Object.entries(values)) {
    const field = row.values?.[slot];
    if (field === undefined) return `${row.service} takes no ${slot}`;
    const written = writeValue(field, value);
    if (written === undefined) return `${slot} is not a number`;
    data[field.field] = written;
  }
  return data;
}

/**
 * The fields a call of `domain.service` must carry for the sentence's values, for the slots some row of that service
 * takes (`brightness: 70` → `brightness_pct: 70` for `light.turn_on`, nothing for `light.turn_off`): what a model's
 * call is held to.
 */
export function serviceValuesOf(
  domain: string,
  service: string,
  values: Readonly<Record<string, string | number>>,
): Record<string, string | number> {
  const rows = rowsOfService(domain, service);
  const data: Record<string, string | number> = {};
  for (const [slot, value] of Object.entries(values)) {
    const field = rows.map((row) => row.values?.[slot]).find((known) => known !== undefined);
    const written = field === undefined ? undefined : writeValue(field, value);
    if (field !== undefined && written !== undefined) data[field.field] = written as string | number;
  }
  return data;
}

/** A slot's value as its field wants it (divided when the field says so), or undefined for a non-number to divide. */
function writeValue(field: ValueField, value: unknown): unknown {
  if (field.divideBy === undefined) return value;
  return typeof value === 'number' ? value / field.divideBy : undefined;
}

function rowsOfService(domain: string, service: string): ServiceRow[] {
  return SERVICE_TABLE.filter((row) => row.service === service && row.domains.includes(domain));
}

/** The name of the function Extended OpenAI Conversation offers for calling services. */
export const EXECUTE_SERVICES = 'execute_services';

/** True for the tool that calls Home Assistant services directly. */
export function isServicesTool(canonicalName: string): boolean {
  return canonicalName === EXECUTE_SERVICES;
}
