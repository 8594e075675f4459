// History for a generative call: the current turn and its tool rounds stay together, finished house control goes.

import type { Message } from '../../conversation/index.ts';
import type { HistoryDiagnostics } from '../diagnostics/index.ts';
import type { History } from '../understand/index.ts';

/** Which messages a model sees, and the counts the diagnostics report. */
export interface FilteredHistory {
  messages: Message[];
  /** Indexes of the kept messages that are not system or developer messages, in order. */
  kept: number[];
  diagnostics: HistoryDiagnostics;
}

/**
 * Keeps system messages, the current turn whole (its assistant tool calls with their results), and earlier
 * turns of plain conversation; drops earlier turns that used tools (completed house control), since
 * their outcome is in the home's state and they would only spend the model's context.
 */
export function filterHistory(messages: readonly Message[], history: History): FilteredHistory {
  const dropped = new Set<number>();
  let turnStart = -1;
  let turnUsedTools = false;
  const closeTurn = (end: number) => {
    if (turnStart >= 0 && turnUsedTools)
      for (let i = turnStart; i < end; i++)
        if (messages[i]!.role !== 'system' && messages[i]!.role !== 'developer') dropped.add(i);
  };
  const current = history.currentUserIndex;
  for (let i = 0; i < Math.max(current, 0); i++) {
    const message = messages[i]!;
    if (message.role === 'user') {
      closeTurn(i);
      turnStart = i;
      turnUsedTools = false;
    } else if (message.role === 'tool' || (message.role === 'assistant' && message.toolCalls.length > 0)) {
      turnUsedTools = true;
    }
  }
  closeTurn(Math.max(current, 0));
  const kept = messages.filter((_, i) => !dropped.has(i));
  const keptIndexes: number[] = [];
  messages.forEach((message, i) => {
    if (!dropped.has(i) && message.role !== 'system' && message.role !== 'developer') keptIndexes.push(i);
  });
  return {
    messages: kept,
    kept: keptIndexes,
    diagnostics: {
      policy: 'drop-completed-tool-turns',
      messages: messages.length,
      kept: kept.length,
      dropped: dropped.size,
    },
  };
}
