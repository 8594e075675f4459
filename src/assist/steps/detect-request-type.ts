// Detecting the request type: is this turn text, an image question, or the next round after tool results?

import type { History, HaRequest } from '../understand/index.ts';

/** The kind of turn HA-Assist is answering. */
export type RequestType = 'text' | 'image' | 'tool-result';

/**
 * An image anywhere in the current user message, or in an earlier turn the model will see, makes it an image
 * turn: no text shortcut answers a question about a picture, and the text model is never sent one (a follow-up
 * "and what colour is it?" goes to the vision model). Otherwise a trailing tool result makes it a tool-result round.
 */
export function detectRequestType(request: HaRequest): RequestType {
  if (request.imageCount > 0 || hasImageInKeptTurns(request.history)) return 'image';
  const entries = request.history.entries;
  const last = entries[entries.length - 1];
  if (last?.kind === 'tool-round' && last.round.calls.some((call) => call.result !== undefined)) return 'tool-result';
  return 'text';
}

/**
 * True when an earlier turn the model will see holds an image. The history a model sees (filter-history.ts) keeps
 * earlier turns of plain conversation and drops those that used tools (a tool call, or a tool message of any kind).
 */
function hasImageInKeptTurns(history: History): boolean {
  const users = history.entries.flatMap((entry) => (entry.kind === 'user' ? [entry] : []));
  // Nearly every turn has no earlier image: decided without looking at the tool rounds.
  if (!users.some((user) => user.imageCount > 0 && user.index < history.currentUserIndex)) return false;
  // Every message index that is a tool call or a tool message.
  const toolIndexes = [
    ...history.entries.flatMap((entry) =>
      entry.kind === 'tool-round'
        ? [
            entry.round.index,
            ...entry.round.calls.flatMap((call) => (call.result === undefined ? [] : [call.result.index])),
          ]
        : [],
    ),
    ...history.orphanResults,
  ];
  return users.some((user, i) => {
    if (user.imageCount === 0 || user.index >= history.currentUserIndex) return false;
    const end = users[i + 1]?.index ?? history.currentUserIndex;
    return !toolIndexes.some((index) => index > user.index && index < end);
  });
}
