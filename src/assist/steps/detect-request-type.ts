// Detecting the request type: is this turn text, an image question, or the next round after tool results?

import type { HaRequest } from '../understand/index.ts';

/** The kind of turn HA-Assist is answering. */
export type RequestType = 'text' | 'image' | 'tool-result';

/**
 * An image anywhere in the current user message makes it an image turn, so no text shortcut can answer
 * a question about a picture; otherwise a trailing tool result makes it a tool-result round.
 */
export function detectRequestType(request: HaRequest): RequestType {
  if (request.imageCount > 0) return 'image';
  const entries = request.history.entries;
  const last = entries[entries.length - 1];
  if (last?.kind === 'tool-round' && last.round.calls.some((call) => call.result !== undefined)) return 'tool-result';
  return 'text';
}
