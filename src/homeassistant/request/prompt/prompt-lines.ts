// The single-sentence facts a Home Assistant system prompt may hold: the date/time and the satellite's area.

/** The date and time the prompt states, as written (local time of the Home Assistant server). */
export interface PromptDateTime {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM:SS` (or `HH:MM`). */
  time: string;
}

/** The area (and floor) of the voice satellite the request came from. */
export interface SatelliteArea {
  area: string;
  floor?: string;
}

// llm.DATE_TIME_PROMPT (formerly BASE_PROMPT), and Extended OpenAI Conversation's `Current Time: {{now()}}`.
const ASSIST_DATE_TIME = /Current time is (\d{1,2}:\d{2}(?::\d{2})?)\. Today's date is (\d{4}-\d{2}-\d{2})\./;
const EXTENDED_DATE_TIME = /Current Time: (\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)/;
// The Assist API's area line for a request from a satellite whose device has an area.
const SATELLITE_AREA = /You are in area (.+?)(?: \(floor (.+?)\))? and all generic commands like/;

/** The date/time line, if the prompt has one (absent in 2026.x prompts that offer `GetDateTime`). */
export function readDateTime(systemText: string): PromptDateTime | undefined {
  const assist = execAfter(systemText, 'Current time is ', ASSIST_DATE_TIME);
  if (assist) return { time: assist[1]!, date: assist[2]! };
  const extended = execAfter(systemText, 'Current Time: ', EXTENDED_DATE_TIME);
  if (extended) return { date: extended[1]!, time: extended[2]! };
  return undefined;
}

/** The satellite's area line, if the request came from a satellite with an area. */
export function readSatelliteArea(systemText: string): SatelliteArea | undefined {
  const match = execAfter(systemText, 'You are in area ', SATELLITE_AREA);
  if (!match) return undefined;
  return match[2] === undefined ? { area: match[1]! } : { area: match[1]!, floor: match[2] };
}

/** `pattern` run from the first occurrence of its literal start: a prompt is long, the sentence is short. */
function execAfter(text: string, start: string, pattern: RegExp): RegExpExecArray | null {
  const at = text.indexOf(start);
  return at < 0 ? null : pattern.exec(text.slice(at, at + 400));
}
