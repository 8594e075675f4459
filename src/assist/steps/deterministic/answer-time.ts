// Answering "what time is it" and "what is the date": from the prompt's date line or the GetDateTime tool.

import { isRecord } from '../../../common/index.ts';
import type { ToolCall } from '../../../conversation/index.ts';
import { findTool, type HaRequest } from '../../understand/index.ts';
import { type AnswerWords, answerWordsFor } from './answer-words.ts';

/** The answer, the GetDateTime call that gets the facts, or neither. */
export type TimeAnswer =
  | { kind: 'answer'; text: string }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'unavailable' };

/** The time or the date, as Home Assistant's server sees it, said in `options.language` (English by default). */
export function answerTime(
  which: 'time' | 'date',
  request: HaRequest,
  options: { language?: string } = {},
): TimeAnswer {
  const facts = request.dateTime ?? dateTimeResult(request);
  const words = answerWordsFor(options.language ?? 'en');
  if (facts !== undefined)
    return { kind: 'answer', text: which === 'date' ? sayDate(facts.date, words) : sayTime(facts.time, words) };
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

function sayTime(time: string, words: AnswerWords): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return words.time(Number(hours), minutes.padStart(2, '0'));
}

function sayDate(date: string, words: AnswerWords): string {
  const [year, month, day] = date.split('-').map(Number);
  const isDate = year !== undefined && month !== undefined && day !== undefined && month >= 1 && month <= 12;
  return words.date(isDate ? { year, month, day } : date);
}
