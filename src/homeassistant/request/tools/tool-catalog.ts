// HA's Assist API tools as data (a declarative table, hence its length): JSON schemas, descriptions, when offered.
// Strings and schemas are those of the request bodies in test/data/ha-requests; property order of the timer
// and vacuum tools is assumed (HA's snapshot sorts keys).

import type { HaEra } from '../ha-dialect.ts';
import type { JsonObject } from '../json-value.ts';

/** What a tool's schema may depend on: the exposed todo lists and calendars, and the era. */
export interface ToolContext {
  /** Names of the exposed todo lists, in overview order. */
  todoLists: readonly string[];
  /** Names of the exposed calendars, in overview order. */
  calendars: readonly string[];
  /** The era being imitated. */
  era: HaEra;
}

/** When HA offers a tool: always, when a domain is exposed, or only for a timer-capable satellite. */
export type ToolOffer = 'always' | 'timer-satellite' | { readonly domains: readonly string[] };

/** One entry of the catalog. */
export interface CatalogTool {
  /** The classic tool name. */
  name: string;
  /** The integration whose `llm.py` offers it from 2026.9 (`intent` → `intent__HassTurnOn`). */
  platform: string;
  /** The eras that have this tool. */
  eras: readonly HaEra[];
  /** When HA offers it. */
  offer: ToolOffer;
  /** The description for an era. */
  describe: (era: HaEra) => string;
  /** The JSON schema of its parameters. */
  parameters: (context: ToolContext) => JsonObject;
}

const ALL_ERAS: readonly HaEra[] = ['2024', '2025', '2026'];
const STRING: JsonObject = { type: 'string' };
const POSITIVE_INT: JsonObject = { type: 'integer', minimum: 0 };

/** The device classes of HassTurnOn/HassTurnOff in the order of a real capture (it varies between restarts). */
const TURN_ON_OFF_CLASSES = [
  'awning',
  'blind',
  'curtain',
  'damper',
  'door',
  'garage',
  'gate',
  'shade',
  'shutter',
  'window',
  'identify',
  'restart',
  'update',
  'water',
  'gas',
  'tv',
  'speaker',
  'receiver',
  'outlet',
  'switch',
];
const COVER_VALVE_CLASSES = [
  'awning',
  'blind',
  'curtain',
  'damper',
  'door',
  'garage',
  'gate',
  'shade',
  'shutter',
  'window',
  'water',
  'gas',
];
const MEDIA_PLAYER_CLASSES = ['tv', 'speaker', 'receiver'];
const MEDIA_CLASSES = [
  'album',
  'app',
  'artist',
  'channel',
  'composer',
  'contributing_artist',
  'directory',
  'episode',
  'game',
  'genre',
  'image',
  'movie',
  'music',
  'playlist',
  'podcast',
  'season',
  'track',
  'tv_show',
  'url',
  'video',
];

/** `{type: object, properties, required}` plus any extra top-level keys. */
function objectSchema(properties: JsonObject, required: readonly string[] = [], extra: JsonObject = {}): JsonObject {
  return { type: 'object', properties, required, ...extra };
}

/** The target slots `name`, `area`, `floor`, `domain` (an enum when pinned) and optionally `device_class`. */
function targetSlots(options: { domains?: readonly string[]; deviceClasses?: readonly string[] } = {}): JsonObject {
  const domainItems = options.domains ? { type: 'string', enum: options.domains } : STRING;
  const slots: Record<string, JsonObject> = {
    name: STRING,
    area: STRING,
    floor: STRING,
    domain: { type: 'array', items: domainItems },
  };
  if (options.deviceClasses)
    slots.device_class = { type: 'array', items: { type: 'string', enum: options.deviceClasses } };
  return slots;
}

/** The `anyOf` HA's converter adds for `vol.Required(vol.Any("hours", "minutes", "seconds"))`. */
const ANY_DURATION: JsonObject = {
  anyOf: [{ required: ['hours'] }, { required: ['minutes'] }, { required: ['seconds'] }],
};
const DURATION: JsonObject = { hours: POSITIVE_INT, minutes: POSITIVE_INT, seconds: POSITIVE_INT };
const TIMER_TARGET: JsonObject = {
  start_hours: POSITIVE_INT,
  start_minutes: POSITIVE_INT,
  start_seconds: POSITIVE_INT,
  name: STRING,
  area: STRING,
};

/** A tool whose description does not change between eras. */
function fixed(description: string): (era: HaEra) => string {
  return () => description;
}

/** A timer tool that only targets an existing timer. */
function timerTool(name: string, description: string): CatalogTool {
  return {
    name,
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'timer-satellite',
    describe: fixed(description),
    parameters: () => objectSchema(TIMER_TARGET),
  };
}

/** A media player tool with the standard media target slots. */
function mediaTool(
  name: string,
  description: string,
  extra: JsonObject = {},
  required: readonly string[] = [],
): CatalogTool {
  const parameters = objectSchema(
    { ...targetSlots({ domains: ['media_player'], deviceClasses: MEDIA_PLAYER_CLASSES }), ...extra },
    required,
  );
  return {
    name,
    platform: 'media_player',
    eras: ALL_ERAS,
    offer: { domains: ['media_player'] },
    describe: fixed(description),
    parameters: () => parameters,
  };
}

/** A tool of one domain's own intent, with the target slots pinned to that domain (vacuum, lawn mower). */
function domainTool(name: string, domain: string, description: string): CatalogTool {
  const parameters = objectSchema(targetSlots({ domains: [domain] }));
  return {
    name,
    platform: domain,
    eras: ALL_ERAS,
    offer: { domains: [domain] },
    describe: fixed(description),
    parameters: () => parameters,
  };
}

/** A todo-list intent tool (`item` and list `name`, both required). */
function listTool(name: string, description: string, eras: readonly HaEra[]): CatalogTool {
  const parameters = objectSchema({ item: STRING, name: STRING }, ['item', 'name']);
  return {
    name,
    platform: 'todo',
    eras,
    offer: { domains: ['todo'] },
    describe: fixed(description),
    parameters: () => parameters,
  };
}

const TURN_ON_2025 =
  "Turns on/opens/presses a device or entity. For locks, this performs a 'lock' action. Use for requests like 'turn on', 'activate', 'enable', or 'lock'.";
const TURN_OFF_2025 =
  "Turns off/closes a device or entity. For locks, this performs an 'unlock' action. Use for requests like 'turn off', 'deactivate', 'disable', or 'unlock'.";
const LIVE_CONTEXT_2025 =
  'Provides real-time information about the CURRENT state, value, or mode of devices, sensors, entities, or areas. ' +
  "Use this tool for: 1. Answering questions about current conditions (e.g., 'Is the light on?'). " +
  "2. As the first step in conditional actions (e.g., 'If the weather is rainy, turn off sprinklers' requires checking the weather first).";
const LIVE_CONTEXT_FILTERS =
  ' You may filter for devices by name, domain, and area, including combining those filters. Prefer filtering by domain when searching for multiple devices of the same type.';
const TODO_GET_ITEMS =
  "Query a to-do list to find out what items are on it. Use this to answer questions like 'What's on my task list?' or 'Read my grocery list'. " +
  'Filters items by status (needs_action, completed, all).';
const CALENDAR_GET_EVENTS =
  "Get events from a calendar. When asked if something happens, search the whole week. Results are RFC 5545 which means 'end' is exclusive.";

/** GetLiveContext's 2026 filters. */
const LIVE_CONTEXT_PARAMETERS: JsonObject = {
  name: { description: 'Filter entities by name or alias (case-insensitive).', type: 'string' },
  domain: {
    anyOf: [{}, { type: 'array', items: STRING }],
    description: "Filter entities by domain (e.g. 'light', 'sensor'). Accepts a single domain or a list.",
  },
  area: { description: 'Filter entities by area name or alias (case-insensitive).', type: 'string' },
};

/** Every tool, in a plausible registration order (HA's real order varies between restarts). */
export const TOOL_CATALOG: readonly CatalogTool[] = [
  {
    name: 'HassTurnOn',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'always',
    describe: (era) => (era === '2024' ? 'Turns on/opens a device or entity' : TURN_ON_2025),
    parameters: () => objectSchema(targetSlots({ deviceClasses: TURN_ON_OFF_CLASSES })),
  },
  {
    name: 'HassTurnOff',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'always',
    describe: (era) => (era === '2024' ? 'Turns off/closes a device or entity' : TURN_OFF_2025),
    parameters: () => objectSchema(targetSlots({ deviceClasses: TURN_ON_OFF_CLASSES })),
  },
  {
    name: 'HassSetPosition',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: { domains: ['cover', 'valve'] },
    describe: fixed('Sets the position of a device or entity'),
    parameters: () =>
      objectSchema(
        {
          ...targetSlots({ deviceClasses: COVER_VALVE_CLASSES }),
          position: { type: 'integer', minimum: 0, maximum: 100 },
        },
        ['position'],
      ),
  },
  {
    name: 'HassStopMoving',
    platform: 'intent',
    eras: ['2025', '2026'],
    offer: { domains: ['cover', 'valve'] },
    describe: fixed('Stops a moving device or entity'),
    parameters: () => objectSchema(targetSlots({ deviceClasses: COVER_VALVE_CLASSES })),
  },
  {
    name: 'HassStartTimer',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'timer-satellite',
    describe: fixed('Starts a new timer'),
    parameters: () => objectSchema({ ...DURATION, name: STRING, conversation_command: STRING }, [], ANY_DURATION),
  },
  timerTool('HassCancelTimer', 'Cancels a timer'),
  {
    name: 'HassIncreaseTimer',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'timer-satellite',
    describe: fixed('Adds more time to a timer'),
    parameters: () => objectSchema({ ...DURATION, ...TIMER_TARGET }),
  },
  {
    name: 'HassDecreaseTimer',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'timer-satellite',
    describe: fixed('Removes time from a timer'),
    parameters: () => objectSchema({ ...DURATION, ...TIMER_TARGET }, [], ANY_DURATION),
  },
  timerTool('HassPauseTimer', 'Pauses a running timer'),
  timerTool('HassUnpauseTimer', 'Resumes a paused timer'),
  timerTool('HassTimerStatus', 'Reports the current status of timers'),
  {
    name: 'HassCancelAllTimers',
    platform: 'intent',
    eras: ALL_ERAS,
    offer: 'always',
    describe: fixed('Cancels all timers'),
    parameters: () => objectSchema({ area: STRING }),
  },
  {
    name: 'HassBroadcast',
    platform: 'assist_satellite',
    eras: ALL_ERAS,
    offer: 'always',
    describe: fixed('Broadcast a message through the home'),
    parameters: () => objectSchema({ message: STRING }, ['message']),
  },
  {
    name: 'HassLightSet',
    platform: 'light',
    eras: ALL_ERAS,
    offer: { domains: ['light'] },
    describe: fixed('Sets the brightness percentage or color of a light'),
    parameters: () =>
      objectSchema({
        ...targetSlots(),
        color: STRING,
        temperature: POSITIVE_INT,
        brightness: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'The brightness percentage of the light between 0 and 100, where 0 is off and 100 is fully lit',
        },
      }),
  },
  {
    name: 'HassClimateSetTemperature',
    platform: 'climate',
    eras: ALL_ERAS,
    offer: { domains: ['climate'] },
    describe: fixed('Sets the target temperature of a climate device or entity'),
    parameters: () =>
      objectSchema({ temperature: { type: 'number' }, area: STRING, name: STRING, floor: STRING }, ['temperature']),
  },
  {
    name: 'HassFanSetSpeed',
    platform: 'fan',
    eras: ALL_ERAS,
    offer: { domains: ['fan'] },
    describe: fixed("Sets a fan's speed by percentage"),
    parameters: () =>
      objectSchema(
        {
          ...targetSlots({ domains: ['fan'] }),
          percentage: { type: 'integer', minimum: 0, maximum: 100, description: 'The speed percentage of the fan' },
        },
        ['percentage'],
      ),
  },
  mediaTool('HassMediaUnpause', 'Resumes a media player'),
  mediaTool('HassMediaPause', 'Pauses a media player'),
  mediaTool('HassMediaNext', 'Skips a media player to the next item'),
  mediaTool('HassMediaPrevious', 'Replays the previous item for a media player'),
  mediaTool(
    'HassSetVolume',
    'Sets the volume percentage of a media player',
    {
      volume_level: {
        type: 'integer',
        minimum: 0,
        maximum: 100,
        description: 'The volume percentage of the media player',
      },
    },
    ['volume_level'],
  ),
  {
    name: 'HassSetVolumeRelative',
    platform: 'media_player',
    eras: ALL_ERAS,
    offer: { domains: ['media_player'] },
    describe: fixed('Increases or decreases the volume of a media player'),
    parameters: () =>
      objectSchema(
        {
          volume_step: {
            anyOf: [
              { type: 'string', enum: ['up', 'down'] },
              { type: 'integer', minimum: -100, maximum: 100 },
            ],
          },
          name: STRING,
          area: STRING,
          floor: STRING,
        },
        ['volume_step'],
      ),
  },
  // Mute and unmute are newer than the other media tools.
  { ...mediaTool('HassMediaPlayerMute', 'Mutes a media player'), eras: ['2026'] },
  { ...mediaTool('HassMediaPlayerUnmute', 'Unmutes a media player'), eras: ['2026'] },
  {
    name: 'HassMediaSearchAndPlay',
    platform: 'media_player',
    eras: ALL_ERAS,
    offer: { domains: ['media_player'] },
    describe: fixed('Searches for media and plays the first result'),
    parameters: () =>
      objectSchema(
        {
          search_query: STRING,
          media_class: { type: 'string', enum: MEDIA_CLASSES },
          name: STRING,
          area: STRING,
          floor: STRING,
        },
        ['search_query'],
      ),
  },
  domainTool('HassVacuumStart', 'vacuum', 'Starts a vacuum'),
  domainTool('HassVacuumReturnToBase', 'vacuum', 'Returns a vacuum to base'),
  {
    // In Home Assistant's newest code only (its first release is not pinned down): the 2026 era.
    name: 'HassVacuumCleanArea',
    platform: 'vacuum',
    eras: ['2026'],
    offer: { domains: ['vacuum'] },
    describe: fixed('Tells a vacuum to clean a specific area'),
    parameters: () => objectSchema({ area: STRING, name: STRING }, ['area']),
  },
  domainTool('HassLawnMowerStartMowing', 'lawn_mower', 'Starts a lawn mower'),
  domainTool('HassLawnMowerDock', 'lawn_mower', 'Sends a lawn mower to dock'),
  listTool('HassListAddItem', 'Add item to a todo list', ALL_ERAS),
  listTool('HassListCompleteItem', 'Complete item on a todo list', ALL_ERAS),
  listTool('HassListRemoveItem', 'Remove one or more items from a todo list', ['2026']),
  {
    name: 'GetDateTime',
    platform: 'llm',
    eras: ['2026'],
    offer: 'always',
    describe: fixed('Provides the current date and time.'),
    parameters: () => objectSchema({}),
  },
  {
    name: 'calendar_get_events',
    platform: 'calendar',
    eras: ALL_ERAS,
    offer: { domains: ['calendar'] },
    describe: fixed(CALENDAR_GET_EVENTS),
    parameters: ({ calendars }) =>
      objectSchema(
        { calendar: { type: 'string', enum: calendars }, range: { type: 'string', enum: ['today', 'week'] } },
        ['calendar', 'range'],
      ),
  },
  {
    name: 'todo_get_items',
    platform: 'todo',
    eras: ALL_ERAS,
    offer: { domains: ['todo'] },
    describe: fixed(TODO_GET_ITEMS),
    parameters: ({ todoLists }) =>
      objectSchema(
        {
          todo_list: { type: 'string', enum: todoLists },
          status: {
            type: 'string',
            enum: ['needs_action', 'completed', 'all'],
            description: 'Filter returned items by status, by default returns incomplete items',
            default: 'needs_action',
          },
        },
        ['todo_list'],
      ),
  },
];

/** GetLiveContext, offered after the script tools when anything is exposed (2025 without parameters). */
export const GET_LIVE_CONTEXT: CatalogTool = {
  name: 'GetLiveContext',
  platform: 'homeassistant',
  eras: ['2025', '2026'],
  offer: 'always',
  describe: (era) => (era === '2026' ? LIVE_CONTEXT_2025 + LIVE_CONTEXT_FILTERS : LIVE_CONTEXT_2025),
  parameters: ({ era }) => objectSchema(era === '2026' ? LIVE_CONTEXT_PARAMETERS : {}),
};
