// Reads a request body as JSON, refusing nesting deep enough to exhaust a recursive consumer later.

import { HearthError } from '../common/index.ts';
import { decodeWithLargeValues, type LargeValueCache } from './large-values.ts';

/** The deepest array/object nesting a request may have; real requests stay under 20. */
export const MAX_JSON_DEPTH = 64;

/** Options of {@link parseJsonBody}. */
export interface JsonBodyOptions {
  maxDepth?: number;
  /** Large values kept decoded between bodies (Home Assistant re-sends its prompt and tools every round). */
  largeValues?: LargeValueCache;
}

/** Parses `text` as JSON, or throws an `invalid_request` error saying what is wrong. */
export function parseJsonBody(text: string, options: JsonBodyOptions = {}): unknown {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const scan = scanBody(text, maxDepth, options.largeValues !== undefined);
  if (scan.depth > maxDepth) {
    throw new HearthError('JSON_TOO_DEEP', `The request body nests deeper than ${maxDepth} levels.`);
  }
  try {
    if (options.largeValues !== undefined && scan.large.length > 0)
      return decodeWithLargeValues(text, scan.large, options.largeValues);
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new HearthError('INVALID_JSON', `The request body is not valid JSON: ${detail}`, {
      cause: error,
    });
  }
}

/** A value of at least this many characters is worth remembering decoded. */
const LARGE = 4096;

/** What one pass over the body finds: the deepest bracket nesting, and where large values are. */
interface BodyScan {
  depth: number;
  /**
   * `[first, last]` character of each large value, in order: string literals anywhere, and arrays or
   * objects directly inside the top-level value that hold no large string (the tool list, not the
   * messages, which change every turn).
   */
  large: [number, number][];
}

/**
 * Bracket depth outside strings, stopping as soon as it passes `limit`. Strings are skipped with
 * `indexOf` (a big system prompt is one string), so the scan costs little more than the brackets.
 */
function scanBody(text: string, limit: number, findLarge: boolean): BodyScan {
  let depth = 0;
  let deepest = 0;
  const large: [number, number][] = [];
  let composite = -1; // where the current depth-2 array or object starts, while it may still be cached
  let compositeSpans = 0; // large strings recorded before it started
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const end = endOfString(text, i);
      if (end < 0) break; // unterminated: JSON.parse reports it
      if (findLarge && end - i > LARGE) {
        large.push([i, end]);
        composite = -1;
      }
      i = end;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) break;
      if (depth === 2) {
        composite = i;
        compositeSpans = large.length;
      }
    } else if (code === 0x5d || code === 0x7d) {
      if (depth === 2 && composite >= 0 && i - composite > LARGE && large.length === compositeSpans)
        large.push([composite, i]);
      if (depth === 2) composite = -1;
      depth--;
    }
  }
  return { depth: deepest, large };
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
