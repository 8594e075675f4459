// Answering "what time is it" and "what is the date": from the prompt's date line or the GetDateTime tool.

import { isRecord } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
import { findTool, type HaRequest } from '../../understand/index.ts';

/** The answer, the GetDateTime call that gets the facts, or neither. */
export type TimeAnswer =
  | { kind: 'answer'; text: string }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'unavailable' };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The time or the date, as Home Assistant's server sees it. */
export function answerTime(which: 'time' | 'date', request: HaRequest): TimeAnswer {
  const facts = request.dateTime ?? dateTimeResult(request);
  if (facts !== undefined)
    return { kind: 'answer', text: which === 'date' ? sayDate(facts.date) : sayTime(facts.time) };
  const tool = findTool(request.tools, 'GetDateTime');
  if (tool === undefined || request.toolChoice === 'none') return { kind: 'unavailable' };
  return { kind: 'fetch', call: { name: tool.name, arguments: '{}' } };
}

/** The `{date, time}` of a GetDateTime result in the current turn. */
function dateTimeResult(request: HaRequest): { date: string; time: string } | undefined {
  for (const round of [...request.history.activeRounds].reverse()) {
    for (const call of round.calls) {
      const body = call.result?.result.body;
      if (call.canonicalName !== 'GetDateTime' || body?.kind !== 'success' || !isRecord(body.result)) continue;
      const { date, time } = body.result;
      if (typeof date === 'string' && typeof time === 'string') return { date, time };
    }
  }
  return undefined;
}

function sayTime(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return `It is ${Number(hours)}:${minutes.padStart(2, '0')}.`;
}

function sayDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined || !MONTHS[month - 1]) return `Today is ${date}.`;
  return `Today is ${MONTHS[month - 1]} ${day}, ${year}.`;
}
