// Which domains each of Home Assistant's built-in tools acts on or reads (a declarative table).

/** Domains a tool serves; `*` means any device. Tools not listed are ranked by their words alone. */
const TOOL_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  HassTurnOn: ['*'],
  HassTurnOff: ['*'],
  HassToggle: ['*'],
  GetLiveContext: ['*'],
  HassLightSet: ['light'],
  HassClimateSetTemperature: ['climate'],
  HassClimateGetTemperature: ['climate'],
  HassSetPosition: ['cover', 'valve'],
  HassStopMoving: ['cover', 'valve'],
  HassFanSetSpeed: ['fan'],
  HassMediaPause: ['media_player'],
  HassMediaUnpause: ['media_player'],
  HassMediaNext: ['media_player'],
  HassMediaPrevious: ['media_player'],
  HassSetVolume: ['media_player'],
  HassSetVolumeRelative: ['media_player'],
  HassMediaPlayerMute: ['media_player'],
  HassMediaPlayerUnmute: ['media_player'],
  HassMediaSearchAndPlay: ['media_player'],
  HassVacuumStart: ['vacuum'],
  HassVacuumReturnToBase: ['vacuum'],
  HassLawnMowerStartMowing: ['lawn_mower'],
  HassLawnMowerDock: ['lawn_mower'],
  HassListAddItem: ['todo'],
  HassListCompleteItem: ['todo'],
  HassListRemoveItem: ['todo'],
  todo_get_items: ['todo'],
  HassGetWeather: ['weather'],
};

/** The domains `canonicalName` serves, or undefined for a tool the table does not know. */
export function domainsOfTool(canonicalName: string): readonly string[] | undefined {
  return TOOL_DOMAINS[canonicalName];
}
