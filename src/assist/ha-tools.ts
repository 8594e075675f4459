// What HA-Assist knows about Home Assistant's built-in tools, by canonical name (a declarative table).

/** One built-in tool. */
interface BuiltInTool {
  /** Domains it acts on or reads (`*` means any device); none for tools that name no device. */
  readonly domains?: readonly string[];
  /** It only reads: it changes nothing in the home. */
  readonly reads?: true;
  /** A short description for a model, instead of Home Assistant's long one. */
  readonly summary?: string;
}

const BUILT_IN_TOOLS: Readonly<Record<string, BuiltInTool>> = {
  HassTurnOn: { domains: ['*'], summary: 'Turn on, open or press a device; locks a lock.' },
  HassTurnOff: { domains: ['*'], summary: 'Turn off or close a device; unlocks a lock.' },
  HassToggle: { domains: ['*'] },
  GetLiveContext: {
    domains: ['*'],
    reads: true,
    summary: 'Read the current state, value or mode of devices and sensors (filter by name, domain or area).',
  },
  GetDateTime: { reads: true, summary: 'Read the current date and time.' },
  HassGetState: { reads: true },
  HassLightSet: { domains: ['light'], summary: "Set a light's brightness (0-100), color or color temperature." },
  HassClimateSetTemperature: { domains: ['climate'], summary: 'Set the target temperature of a climate device.' },
  HassClimateGetTemperature: { domains: ['climate'], reads: true },
  HassSetPosition: { domains: ['cover', 'valve'], summary: 'Set the position (0-100) of a cover or valve.' },
  HassStopMoving: { domains: ['cover', 'valve'], summary: 'Stop a moving cover or valve.' },
  HassFanSetSpeed: { domains: ['fan'], summary: "Set a fan's speed (0-100)." },
  HassMediaPause: { domains: ['media_player'], summary: 'Pause a media player.' },
  HassMediaUnpause: { domains: ['media_player'], summary: 'Resume a media player.' },
  HassMediaNext: { domains: ['media_player'], summary: 'Skip to the next item on a media player.' },
  HassMediaPrevious: { domains: ['media_player'], summary: 'Go back to the previous item on a media player.' },
  HassSetVolume: { domains: ['media_player'], summary: "Set a media player's volume (0-100)." },
  HassSetVolumeRelative: { domains: ['media_player'], summary: "Turn a media player's volume up or down." },
  HassMediaPlayerMute: { domains: ['media_player'] },
  HassMediaPlayerUnmute: { domains: ['media_player'] },
  HassMediaSearchAndPlay: { domains: ['media_player'] },
  HassVacuumStart: { domains: ['vacuum'], summary: 'Start a vacuum cleaner.' },
  HassVacuumReturnToBase: { domains: ['vacuum'], summary: 'Send a vacuum cleaner back to its dock.' },
  HassLawnMowerStartMowing: { domains: ['lawn_mower'] },
  HassLawnMowerDock: { domains: ['lawn_mower'] },
  HassListAddItem: { domains: ['todo'], summary: 'Add an item to a to-do or shopping list.' },
  HassListCompleteItem: { domains: ['todo'], summary: 'Mark an item of a list as done.' },
  HassListRemoveItem: { domains: ['todo'], summary: 'Remove an item from a list.' },
  todo_get_items: { domains: ['todo'], reads: true, summary: 'List the items of a to-do list.' },
  HassGetWeather: { domains: ['weather'], reads: true },
};

/** The domains `canonicalName` serves, or undefined for a tool that names no device or is not built in. */
export function domainsOfTool(canonicalName: string): readonly string[] | undefined {
  return lookup(canonicalName)?.domains;
}

/** True for a built-in tool that only reads. */
export function isReadTool(canonicalName: string): boolean {
  return lookup(canonicalName)?.reads === true;
}

/** A short description of a built-in tool, or undefined (the tool keeps its own). */
export function summaryOfTool(canonicalName: string): string | undefined {
  return lookup(canonicalName)?.summary;
}

/** Own keys only: a tool named "constructor" is not built in. */
function lookup(canonicalName: string): BuiltInTool | undefined {
  return Object.hasOwn(BUILT_IN_TOOLS, canonicalName) ? BUILT_IN_TOOLS[canonicalName] : undefined;
}
