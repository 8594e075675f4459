// The human view of `hearth voice`: one line per event as it comes, then what the run found.

import type { PipelineEvent, PipelineRunResult } from '../homeassistant/index.ts';

/** What a finished run found. */
type Finished = Extract<PipelineRunResult, { kind: 'finished' }>;

/** One line of the human view: when, which event, and what it says that matters. */
export function describeEvent(event: PipelineEvent, ms: number): string {
  const detail = event.type === 'intent-progress' ? progressDetail(event.data) : pathDetail(event);
  return `${String(Math.round(ms)).padStart(6)} ms  ${event.type}${detail === '' ? '' : `  ${detail}`}`;
}

/** The lines after the events: what was heard and answered, the conversation, and the speech's URL. */
export function describeFinished(result: Finished, context: { ttsUrl: string | undefined; endsWithTts: boolean }) {
  const lines: string[] = [];
  if (result.sttText !== undefined) lines.push(`heard: ${result.sttText}`);
  if (result.speech !== undefined) lines.push(`${answerLabel(result)}: ${result.speech}`);
  if (result.conversationId !== undefined) lines.push(`conversation_id: ${result.conversationId}`);
  if (result.continueConversation !== undefined)
    lines.push(`continue_conversation: ${result.continueConversation ? 'yes (the agent expects an answer)' : 'no'}`);
  if (result.processedLocally !== undefined) lines.push(`processed_locally: ${result.processedLocally ? 'yes' : 'no'}`);
  if (context.ttsUrl !== undefined) lines.push(`tts: ${context.ttsUrl}`);
  else if (context.endsWithTts && result.isSpoken === false)
    lines.push('tts: none (Home Assistant speaks no answer whose plain text is empty)');
  return lines;
}

/** `answer`, marked when the agent answered with `response_type: error` (a run that still finished). */
function answerLabel(result: Finished): string {
  if (result.responseType !== 'error') return 'answer';
  return `answer (response_type error${result.errorCode === undefined ? '' : `: ${result.errorCode}`})`;
}

/** Where the detail of each kind of event is in its data (ha-apis.md §4.4). */
const DETAIL_PATHS: Readonly<Record<string, readonly string[][]>> = {
  'stt-end': [['stt_output', 'text']],
  'intent-end': [['intent_output', 'response', 'speech', 'plain', 'speech']],
  'tts-end': [['tts_output', 'url']],
  error: [['code'], ['message']],
};

function pathDetail(event: PipelineEvent): string {
  return (DETAIL_PATHS[event.type] ?? [])
    .map((path) => valueAt(event.data, path))
    .filter((part) => typeof part === 'string')
    .join(': ');
}

/** A streamed `intent-progress` delta: the text as it comes (quoted, so its spaces show), a role, tool calls. */
function progressDetail(data: unknown): string {
  if (valueAt(data, ['tts_start_streaming']) === true) return 'tts starts streaming';
  const delta = valueAt(data, ['chat_log_delta']);
  const parts: string[] = [];
  const role = valueAt(delta, ['role']);
  if (typeof role === 'string') parts.push(`role ${role}`);
  const content = valueAt(delta, ['content']);
  if (typeof content === 'string') parts.push(JSON.stringify(content));
  const calls = valueAt(delta, ['tool_calls']);
  if (Array.isArray(calls)) {
    const names = calls.map((call) => valueAt(call, ['tool_name']) ?? valueAt(call, ['name']));
    parts.push(`tool calls ${names.filter((name) => typeof name === 'string').join(', ')}`);
  }
  return parts.join('  ');
}

/** The value at `path` inside a JSON value. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let here = value;
  for (const key of path)
    here = typeof here === 'object' && here !== null ? (here as Record<string, unknown>)[key] : undefined;
  return here;
}
