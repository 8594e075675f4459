// Reads a request body as JSON, refusing nesting deep enough to exhaust a recursive consumer later.

import { HearthError } from '../common/index.ts';

/** The deepest array/object nesting a request may have; real requests stay under 20. */
export const MAX_JSON_DEPTH = 64;

/** Parses `text` as JSON, or throws an `invalid_request` error saying what is wrong. */
export function parseJsonBody(text: string, maxDepth: number = MAX_JSON_DEPTH): unknown {
  const depth = measureDepth(text, maxDepth);
  if (depth > maxDepth) {
    throw new HearthError('invalid_request', 'JSON_TOO_DEEP', `The request body nests deeper than ${maxDepth} levels.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new HearthError('invalid_request', 'INVALID_JSON', `The request body is not valid JSON: ${detail}`, { cause: error });
  }
}

/**
 * Bracket depth outside strings, stopping as soon as it passes `limit`. Strings are skipped with
 * `indexOf` (a big system prompt is one string), so the scan costs little more than the brackets.
 */
function measureDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      i = endOfString(text, i);
      if (i < 0) return deepest; // unterminated: JSON.parse reports it
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/** The index of the quote closing the string that opens at `open`, or -1. */
function endOfString(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
