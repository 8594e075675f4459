// What HA-Assist knows about each Home Assistant intent and built-in tool: one declarative row per name.
// The built-in grammar's intent list, the question sets, the value slots, verification, the tool domains and the
// short descriptions a model sees are all derived from this table; adding an intent means adding one row here
// (plus its templates in grammar/).

/**
 * What a row is to HA-Assist:
 * - `action`: a device command; a match becomes a call of the tool of the same name.
 * - `state`: a question answered from live state.
 * - `time`: a question answered from the prompt's date line or the GetDateTime tool.
 * - `nevermind`: the user cancels; answered "OK." with no call.
 * - `read`: a tool that only reads (GetLiveContext, GetDateTime); no sentence maps to it.
 */
export type IntentKind = IntentRow['kind'];

/**
 * Safety class: `read` changes nothing in the home; `control` changes a device, so a control that reaches a
 * security-relevant device (a lock, an alarm panel, a door-like cover) needs that device named exactly.
 */
export type SafetyClass = 'read' | 'control';

/** What every row says. */
interface RowBase {
  readonly safety: SafetyClass;
  /** Domains it acts on or reads (`*` means any device); none for rows that name no device. */
  readonly domains?: readonly string[];
  /** The built-in English grammar recognises it (the table's order is the order its blocks are tried). */
  readonly builtIn?: true;
  /** A short description for a model, instead of Home Assistant's long one. */
  readonly summary?: string;
  /** Its words that say which devices are meant when the sentence names none ("skip" → media players). */
  readonly retrievalWords?: readonly RetrievalWords[];
}

/**
 * Words and phrases of an intent that imply its devices, read by retrieval when no device word is present ("skip this
 * song", "water the lawn"). They are matched as whole words after folding, so "let some light in" needs all four.
 */
export interface RetrievalWords {
  readonly words: readonly string[];
  /** The domains they imply: the row's `domains` when absent; required on a row that serves any device (`*`). */
  readonly domains?: readonly string[];
  /** Words of device names they imply: an irrigation switch is a switch called "Sprinkler". */
  readonly names?: readonly string[];
}

/** A device command. */
export interface ActionRow extends RowBase {
  readonly kind: 'action';
  /** Slots carrying the value a command sets; a model acting on an ambiguous command must keep them. */
  readonly valueSlots?: readonly string[];
  /** After success, the state its targets in `domains` should report: what verification reads back. */
  readonly verify?: { readonly state: string; readonly domains: readonly string[] };
  /** The acknowledgement when Home Assistant's result carries no speech ("Unlocking" + the names), by domain. */
  readonly done?: Acknowledgement;
  /**
   * The area named is what the command works on, not where its device stands: a robot vacuum cleans the kitchen
   * from the hall (planning looks for the device anywhere; retrieval keeps devices from other areas).
   */
  readonly areaIsTarget?: true;
  /**
   * The intent whose tool does the same to a named device, used when the request offers no tool of this one: the
   * device is then the one of its kind in the home ("add milk to my list" with one to-do list).
   */
  readonly sameAs?: string;
  /**
   * When the sentence names no device and no place ("pause", "skip this song"), the devices in these states are
   * the ones meant (the one playing); without it, only a device that is the one of its kind in the home is.
   */
  readonly prefer?: readonly string[];
}

/**
 * What a command's acknowledgement starts with, in Home Assistant's own words (its English response templates,
 * `responses/en/<intent>.yaml` of the intents repository): `default`, or the word for a domain that has its own.
 * Locks, covers and valves say "Locking", "Opening" rather than "Locked", "Opened": Home Assistant only started them.
 */
export interface Acknowledgement {
  readonly default: string;
  readonly [domain: string]: string;
}

/** A question answered from live state, by the answerer `answer` names. */
export interface StateRow extends RowBase {
  readonly kind: 'state';
  readonly answer: 'state' | 'temperature' | 'weather';
}

/** A question answered from the date line or GetDateTime. */
export interface TimeRow extends RowBase {
  readonly kind: 'time';
  readonly answer: 'time' | 'date';
}

/** One intent or built-in tool. */
export type IntentRow = ActionRow | StateRow | TimeRow | (RowBase & { readonly kind: 'nevermind' | 'read' });

const VERIFIED_DOMAINS = ['light', 'switch'];
const MEDIA = ['media_player'];
/** "Pause", "louder": the player that is playing; "resume": the one that is paused. */
const PLAYING = ['playing'];
const PAUSED = ['paused'];
const MOVERS = ['cover', 'valve'];
/** Watering starts or stops an irrigation valve, or a switch named for the sprinklers. */
const WATERING: RetrievalWords = {
  words: ['water', 'watering', 'sprinkler', 'irrigate', 'irrigation'],
  domains: ['valve'],
  names: ['sprinkler', 'irrigation', 'watering'],
};
/** "Open the door", "is the window closed": covers, and the doors and windows among the sensors. */
const DOORS_AND_WINDOWS = { domains: ['cover'], names: ['door', 'window'] } as const;

/** Every intent and built-in tool HA-Assist knows, by Home Assistant's name. */
const INTENT_TABLE = {
  HassTurnOn: {
    kind: 'action',
    safety: 'control',
    domains: ['*'],
    builtIn: true,
    verify: { state: 'on', domains: VERIFIED_DOMAINS },
    done: {
      default: 'Turned on',
      cover: 'Opening',
      valve: 'Opening',
      lock: 'Locking',
      scene: 'Activated',
      script: 'Started',
    },
    summary: 'Turn on, open or press a device; locks a lock.',
    retrievalWords: [
      { words: ['open', 'open up'], ...DOORS_AND_WINDOWS },
      { words: ['let some light in', 'let the light in', 'let the sun in'], domains: ['cover'] },
      { words: ['lock up', 'secure'], domains: ['lock'] },
      WATERING,
    ],
  },
  HassTurnOff: {
    kind: 'action',
    safety: 'control',
    domains: ['*'],
    builtIn: true,
    verify: { state: 'off', domains: VERIFIED_DOMAINS },
    done: { default: 'Turned off', cover: 'Closing', valve: 'Closing', lock: 'Unlocking' },
    summary: 'Turn off or close a device; unlocks a lock.',
    retrievalWords: [
      { words: ['close', 'close up', 'shut'], ...DOORS_AND_WINDOWS },
      { words: ['unlock'], domains: ['lock'] },
      WATERING,
    ],
  },
  HassToggle: { kind: 'action', safety: 'control', domains: ['*'] },
  HassLightSet: {
    kind: 'action',
    safety: 'control',
    domains: ['light'],
    builtIn: true,
    valueSlots: ['brightness', 'color', 'temperature'],
    summary: "Set a light's brightness (0-100), color or color temperature.",
  },
  HassSetPosition: {
    kind: 'action',
    safety: 'control',
    domains: MOVERS,
    builtIn: true,
    valueSlots: ['position'],
    summary: 'Set the position (0-100) of a cover or valve.',
  },
  HassStopMoving: {
    kind: 'action',
    safety: 'control',
    domains: MOVERS,
    builtIn: true,
    summary: 'Stop a moving cover or valve.',
  },
  HassClimateSetTemperature: {
    kind: 'action',
    safety: 'control',
    domains: ['climate'],
    builtIn: true,
    valueSlots: ['temperature'],
    summary: 'Set the target temperature of a climate device.',
    retrievalWords: [{ words: ['heat', 'heat up', 'warm up', 'cool down', 'turn up the heat', 'turn down the heat'] }],
  },
  HassClimateGetTemperature: {
    kind: 'state',
    safety: 'read',
    domains: ['climate'],
    builtIn: true,
    answer: 'temperature',
  },
  HassFanSetSpeed: {
    kind: 'action',
    safety: 'control',
    domains: ['fan'],
    builtIn: true,
    valueSlots: ['percentage'],
    summary: "Set a fan's speed (0-100).",
    retrievalWords: [{ words: ['faster', 'slower'] }],
  },
  HassMediaPause: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    done: { default: 'Paused' },
    summary: 'Pause a media player.',
    retrievalWords: [{ words: ['pause', 'stop playing'] }],
  },
  HassMediaUnpause: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PAUSED,
    builtIn: true,
    done: { default: 'Resumed' },
    summary: 'Resume a media player.',
    retrievalWords: [{ words: ['unpause', 'resume', 'continue playing', 'keep playing'] }],
  },
  HassMediaNext: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    summary: 'Skip to the next item on a media player.',
    retrievalWords: [{ words: ['next', 'skip'] }],
  },
  HassMediaPrevious: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    summary: 'Go back to the previous item on a media player.',
    retrievalWords: [{ words: ['previous', 'go back', 'rewind', 'last song', 'replay'] }],
  },
  HassSetVolume: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    valueSlots: ['volume_level'],
    summary: "Set a media player's volume (0-100).",
    retrievalWords: [{ words: ['volume'] }],
  },
  HassSetVolumeRelative: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    summary: "Turn a media player's volume up or down.",
    retrievalWords: [{ words: ['louder', 'quieter', 'loud', 'quiet', 'turn it up', 'turn it down', 'crank it up'] }],
  },
  HassMediaPlayerMute: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    done: { default: 'Muted' },
    retrievalWords: [{ words: ['mute'] }],
  },
  HassMediaPlayerUnmute: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    prefer: PLAYING,
    builtIn: true,
    done: { default: 'Unmuted' },
    retrievalWords: [{ words: ['unmute'] }],
  },
  HassMediaSearchAndPlay: {
    kind: 'action',
    safety: 'control',
    domains: MEDIA,
    builtIn: true,
    valueSlots: ['search_query'],
    summary: 'Search for music or video and play it on a media player.',
    retrievalWords: [{ words: ['play', 'listen to'] }],
  },
  HassGetState: { kind: 'state', safety: 'read', builtIn: true, answer: 'state' },
  HassGetWeather: { kind: 'state', safety: 'read', domains: ['weather'], builtIn: true, answer: 'weather' },
  HassGetCurrentTime: { kind: 'time', safety: 'read', builtIn: true, answer: 'time' },
  HassGetCurrentDate: { kind: 'time', safety: 'read', builtIn: true, answer: 'date' },
  HassNevermind: { kind: 'nevermind', safety: 'read', builtIn: true },
  // Before HassVacuumStart: "vacuum the kitchen" is cleaning the area (Home Assistant's example sentence for it).
  HassVacuumCleanArea: {
    kind: 'action',
    safety: 'control',
    domains: ['vacuum'],
    builtIn: true,
    summary: 'Send a vacuum cleaner to clean an area.',
    areaIsTarget: true,
    retrievalWords: [{ words: ['clean', 'cleaning', 'vacuuming', 'mop', 'sweep'] }],
  },
  HassVacuumStart: {
    kind: 'action',
    safety: 'control',
    domains: ['vacuum'],
    builtIn: true,
    done: { default: 'Started' },
    summary: 'Start a vacuum cleaner.',
  },
  HassVacuumReturnToBase: {
    kind: 'action',
    safety: 'control',
    domains: ['vacuum'],
    builtIn: true,
    summary: 'Send a vacuum cleaner back to its dock.',
    retrievalWords: [{ words: ['dock', 'return to base', 'back to base', 'recharge'] }],
  },
  HassLawnMowerStartMowing: {
    kind: 'action',
    safety: 'control',
    domains: ['lawn_mower'],
    builtIn: true,
    done: { default: 'Started' },
    areaIsTarget: true,
    retrievalWords: [{ words: ['mow', 'mowing', 'cut the grass', 'grass'] }],
  },
  HassLawnMowerDock: {
    kind: 'action',
    safety: 'control',
    domains: ['lawn_mower'],
    builtIn: true,
    retrievalWords: [{ words: ['dock'] }],
  },
  HassListAddItem: {
    kind: 'action',
    safety: 'control',
    domains: ['todo'],
    builtIn: true,
    summary: 'Add an item to a to-do or shopping list.',
    retrievalWords: [{ words: ['add', 'shopping', 'groceries'] }],
  },
  HassListCompleteItem: {
    kind: 'action',
    safety: 'control',
    domains: ['todo'],
    builtIn: true,
    valueSlots: ['item'],
    summary: 'Mark an item of a list as done.',
  },
  HassListRemoveItem: {
    kind: 'action',
    safety: 'control',
    domains: ['todo'],
    builtIn: true,
    valueSlots: ['item'],
    summary: 'Remove an item from a list.',
  },
  // Home Assistant's own shopping list (in practice not offered as tools: a named list's intents are).
  HassShoppingListAddItem: {
    kind: 'action',
    safety: 'control',
    domains: ['todo'],
    builtIn: true,
    sameAs: 'HassListAddItem',
  },
  HassShoppingListCompleteItem: {
    kind: 'action',
    safety: 'control',
    domains: ['todo'],
    builtIn: true,
    sameAs: 'HassListCompleteItem',
  },
  // Timers live on the satellite, not in a domain: their `name` is the timer's, never a device's.
  HassStartTimer: { kind: 'action', safety: 'control', builtIn: true },
  HassIncreaseTimer: { kind: 'action', safety: 'control', builtIn: true },
  HassDecreaseTimer: { kind: 'action', safety: 'control', builtIn: true },
  HassCancelTimer: { kind: 'action', safety: 'control', builtIn: true },
  HassCancelAllTimers: { kind: 'action', safety: 'control', builtIn: true },
  HassPauseTimer: { kind: 'action', safety: 'control', builtIn: true },
  HassUnpauseTimer: { kind: 'action', safety: 'control', builtIn: true },
  // A call that only reads: Home Assistant answers it with speech ("5 minutes left."), which is the answer.
  HassTimerStatus: { kind: 'action', safety: 'read', builtIn: true },
  HassBroadcast: {
    kind: 'action',
    safety: 'control',
    builtIn: true,
    summary: 'Announce a message on every satellite.',
  },
  GetLiveContext: {
    kind: 'read',
    safety: 'read',
    domains: ['*'],
    summary: 'Read the current state, value or mode of devices and sensors (filter by name, domain or area).',
  },
  GetDateTime: { kind: 'read', safety: 'read', summary: 'Read the current date and time.' },
  todo_get_items: {
    kind: 'read',
    safety: 'read',
    domains: ['todo'],
    summary: 'List the items of a to-do list.',
  },
  calendar_get_events: {
    kind: 'read',
    safety: 'read',
    domains: ['calendar'],
    summary: "List a calendar's events for today or this week.",
  },
} as const satisfies Readonly<Record<string, IntentRow>>;

/** A name the table has a row for. */
export type KnownIntent = keyof typeof INTENT_TABLE;

/** The intents the built-in grammar recognises, in the order their blocks are tried. */
export const BUILT_IN_INTENTS: readonly KnownIntent[] = (Object.keys(INTENT_TABLE) as KnownIntent[]).filter(
  (name) => (INTENT_TABLE[name] as IntentRow).builtIn === true,
);

/** Every row of the table, in its order. */
export const INTENT_ROWS: readonly IntentRow[] = Object.values(INTENT_TABLE);

/** The row of an intent or built-in tool, or undefined. Own keys only: a tool named "constructor" is not built in. */
export function intentRow(name: string): IntentRow | undefined {
  return Object.hasOwn(INTENT_TABLE, name) ? INTENT_TABLE[name as KnownIntent] : undefined;
}

/** The domains a tool serves, or undefined for a tool that names no device or is not built in. */
export function domainsOfTool(canonicalName: string): readonly string[] | undefined {
  return intentRow(canonicalName)?.domains;
}

/** True for a built-in tool that only reads. */
export function isReadTool(canonicalName: string): boolean {
  return intentRow(canonicalName)?.safety === 'read';
}

/**
 * The start of the acknowledgement of `canonicalName` acting on `domain` ("Unlocking" for HassTurnOff on a lock),
 * or undefined for a tool whose row has none. Without a domain, or for a domain with no word of its own, the default.
 */
export function acknowledgementOf(canonicalName: string, domain: string | undefined): string | undefined {
  const row = intentRow(canonicalName);
  const done = row?.kind === 'action' ? row.done : undefined;
  if (done === undefined) return undefined;
  return domain !== undefined && domain !== 'default' && Object.hasOwn(done, domain) ? done[domain] : done.default;
}

/** A short description of a built-in tool, or undefined (the tool keeps its own). */
export function summaryOfTool(canonicalName: string): string | undefined {
  return intentRow(canonicalName)?.summary;
}
