// The part of Home Assistant's system prompt its user wrote: the requirements that must survive compaction.

/** Where Extended OpenAI Conversation's device CSV begins: its own instructions follow the block, not only precede it. */
const EXTENDED_DEVICES_START = 'Available Devices:\n```csv';
const EXTENDED_DEVICES_END = '\n```';

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
  EXTENDED_DEVICES_START,
];

/**
 * The instructions a request's author configured, without Home Assistant's generated API prompt. Extended OpenAI
 * Conversation's prompt is all its own but the device CSV (HA-Assist lists the relevant devices itself): the text
 * before and after that block is kept.
 */
export function userInstructions(systemText: string): string {
  let end = systemText.length;
  for (const start of API_PROMPT_STARTS) {
    const at = systemText.indexOf(start);
    if (at >= 0 && at < end) end = at;
  }
  const before = systemText.slice(0, end).trim();
  if (!systemText.startsWith(EXTENDED_DEVICES_START, end)) return before;
  const close = systemText.indexOf(EXTENDED_DEVICES_END, end + EXTENDED_DEVICES_START.length);
  const after = close < 0 ? '' : systemText.slice(close + EXTENDED_DEVICES_END.length).trim();
  return after === '' ? before : `${before}\n\n${after}`;
}
