// The size limits of a tool result.

/** How large a tool result may be. All counts are at least 1. */
export interface ResultLimits {
  /** Items kept of any list; the rest are cut and counted. */
  maxListItems: number;
  /** UTF-16 code units kept of any string, the cut marker included. */
  maxStringChars: number;
  /** The same, for the strings inside an entity's `attributes` (stricter: attributes are rarely what was asked). */
  maxAttributeChars: number;
  /** Levels of nesting kept; a deeper list or object is replaced by a marker. */
  maxDepth: number;
  /** Bytes of the whole result as UTF-8 JSON; a larger result is refused, not cut. */
  maxBytes: number;
}

/** The limits a tool uses unless the caller chooses others. */
export const DEFAULT_RESULT_LIMITS: Readonly<ResultLimits> = Object.freeze({
  maxListItems: 50,
  maxStringChars: 1000,
  maxAttributeChars: 200,
  maxDepth: 12,
  maxBytes: 64 * 1024,
});
