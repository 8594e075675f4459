// The tools as the model sees them: Home Assistant's own, with long descriptions shortened and unusable options left out.

import type { ToolDefinition } from '../../conversation/index.ts';
import { canonicalToolName } from '../understand/index.ts';

/**
 * Short descriptions for Home Assistant's built-in tools (a declarative table). HA's own run to a few
 * hundred tokens (GetLiveContext alone ~150); tools not listed keep theirs.
 */
const SHORT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  HassTurnOn: 'Turn on, open or press a device; locks a lock.',
  HassTurnOff: 'Turn off or close a device; unlocks a lock.',
  HassSetPosition: 'Set the position (0-100) of a cover or valve.',
  HassStopMoving: 'Stop a moving cover or valve.',
  HassLightSet: 'Set a light\'s brightness (0-100), color or color temperature.',
  HassClimateSetTemperature: 'Set the target temperature of a climate device.',
  HassFanSetSpeed: 'Set a fan\'s speed (0-100).',
  HassListAddItem: 'Add an item to a to-do or shopping list.',
  HassListCompleteItem: 'Mark an item of a list as done.',
  HassListRemoveItem: 'Remove an item from a list.',
  GetLiveContext: 'Read the current state, value or mode of devices and sensors (filter by name, domain or area).',
  GetDateTime: 'Read the current date and time.',
  todo_get_items: 'List the items of a to-do list.',
  HassMediaPause: 'Pause a media player.',
  HassMediaUnpause: 'Resume a media player.',
  HassMediaNext: 'Skip to the next item on a media player.',
  HassMediaPrevious: 'Go back to the previous item on a media player.',
  HassSetVolume: 'Set a media player\'s volume (0-100).',
  HassSetVolumeRelative: 'Turn a media player\'s volume up or down.',
  HassVacuumStart: 'Start a vacuum cleaner.',
  HassVacuumReturnToBase: 'Send a vacuum cleaner back to its dock.',
};

/** Optional arguments of Home Assistant's intent tools that name no device: device classes, and floors when none is known. */
const DROPPABLE = ['device_class', 'floor'] as const;

/**
 * `tool` as the model is shown it. Optional `device_class` is left out (names, areas and domains say
 * more), and so is `floor` when the request names no floors; a required property is never removed. The
 * model's calls are still checked against Home Assistant's full schema.
 */
export function toolView(tool: ToolDefinition, knowsFloors: boolean): ToolDefinition {
  const canonical = canonicalToolName(tool.name);
  const description = SHORT_DESCRIPTIONS[canonical] ?? tool.description;
  const view: ToolDefinition = { ...tool, ...(description === undefined ? {} : { description }) };
  const parameters = tool.parameters;
  if (parameters === undefined || !isRecord(parameters.properties)) return view;
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  const drop = DROPPABLE.filter((key) => key in (parameters.properties as object) && !required.includes(key) && (key !== 'floor' || !knowsFloors));
  if (drop.length === 0) return view;
  const properties = Object.fromEntries(Object.entries(parameters.properties).filter(([key]) => !(drop as readonly string[]).includes(key)));
  return { ...view, parameters: { ...parameters, properties } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
