// Home Assistant's prompt strings (llm.py, chat_log.py), as data: the instructions, the API prompt lines and headers.

/** `llm.DEFAULT_INSTRUCTIONS_PROMPT` as rendered (Jinja drops its final newline). */
export const DEFAULT_INSTRUCTIONS_PROMPT = [
  'You are a voice assistant for Home Assistant.',
  'Answer questions about the world truthfully.',
  'Answer in plain text. Keep it simple and to the point.',
].join('\n');

/** `DEVICE_CONTROL_TOOL_USAGE_PROMPT` up to HA 2026.8. */
export const DEVICE_CONTROL_PROMPT =
  'When controlling Home Assistant always call the intent tools. Use HassTurnOn to lock and HassTurnOff to unlock a lock. ' +
  'When controlling a device, prefer passing just name and domain. When controlling an area, prefer passing just area name and domain.';

/** The device-control line from HA 2026.9 (`components/intent/llm.py`): the lock sentence is gone. */
export const DEVICE_CONTROL_PROMPT_2026_9 =
  'When controlling Home Assistant always call the intent tools. ' +
  'When controlling a device, prefer passing just name and domain. When controlling an area, prefer passing just area name and domain.';

/** The area line for requests that do not come from a satellite with an area. */
export const NO_AREA_PROMPT =
  'When a user asks to turn on all devices of a specific type, ask user to specify an area, unless there is only one device of that type.';

/** The timers line, present unless the request comes from a timer-capable satellite. */
export const NO_TIMERS_PROMPT = 'This device is not able to start timers.';

/** The API prompt when nothing is exposed. */
export const NO_ENTITIES_PROMPT =
  'Only if the user wants to control a device, tell them to expose entities to their voice assistant in Home Assistant.';

/** `DYNAMIC_CONTEXT_PROMPT` (2025.4+), with its final newline; `toolName` is `GetLiveContext` or, in 2026.9, `homeassistant__GetLiveContext`. */
export function dynamicContextPrompt(toolName: string): string {
  return [
    'You ARE equipped to answer questions about the current state of',
    `the home using the \`${toolName}\` tool. This is a primary function. Do not state you lack the`,
    'functionality if the question requires live data.',
    'If the user asks about device existence/type (e.g., "Do I have lights in the bedroom?"): Answer',
    'from the static context below.',
    'If the user asks about the CURRENT state, value, or mode (e.g., "Is the lock locked?",',
    '"Is the fan on?", "What mode is the thermostat in?", "What is the temperature outside?"):',
    '    1.  Recognize this requires live data.',
    `    2.  You MUST call \`${toolName}\`. This tool will provide the needed real-time information (like temperature from the local weather, lock status, etc.).`,
    '    3.  Use the tool\'s response** to answer the user accurately (e.g., "The temperature outside is [value from tool].").',
    'For general knowledge questions not about the home: Answer truthfully from internal knowledge.',
    '',
  ].join('\n');
}

/** The overview header since ~2025.4. */
export const STATIC_CONTEXT_HEADER = 'Static Context: An overview of the areas and the devices in this smart home:';

/** The overview header since 2024.6 (after `Static Context: ` since ~2025.4), and the GetLiveContext result's tail. */
export const OVERVIEW_HEADER = 'An overview of the areas and the devices in this smart home:';

/** The satellite area line: `You are in area X (floor Y) and …`, without the floor part when there is none. */
export function satelliteAreaPrompt(area: string, floor: string | undefined): string {
  const where = floor === undefined ? area : `${area} (floor ${floor})`;
  return `You are in area ${where} and all generic commands like 'turn on the lights' should target this area.`;
}

/** `DATE_TIME_PROMPT` rendered: `Current time is 18:42:07. Today's date is 2026-03-14.` */
export function dateTimePrompt(now: LocalDateTime): string {
  return `Current time is ${now.time}. Today's date is ${now.date}.`;
}

/** The header MergedAPI puts before each API's prompt when several LLM APIs are selected. */
export function mergedApiHeader(apiId: string): string {
  return `Follow these instructions for tools from "${apiId}":\n`;
}

/** HA's local wall-clock time as it renders it; passed in, never read from a clock. */
export interface LocalDateTime {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM:SS`. */
  time: string;
}
