// The part of Home Assistant's system prompt its user wrote: the requirements that must survive compaction.

/**
 * Where Home Assistant's own API prompt begins (the tool rules, the catalogue, the date line). The
 * conversation agent's configurable instructions come before it. Earliest match wins.
 */
const API_PROMPT_STARTS = [
  'When controlling Home Assistant always call the intent tools',
  'You ARE equipped to answer questions about the current state',
  'Static Context: An overview of the areas and the devices in this smart home:',
  'An overview of the areas and the devices in this smart home:',
  'Current time is ',
  'You are in area ',
  'Available Devices:\n```csv',
];

/** The instructions a request's author configured, without Home Assistant's generated API prompt. */
export function userInstructions(systemText: string): string {
  let end = systemText.length;
  for (const start of API_PROMPT_STARTS) {
    const at = systemText.indexOf(start);
    if (at >= 0 && at < end) end = at;
  }
  return systemText.slice(0, end).trim();
}
