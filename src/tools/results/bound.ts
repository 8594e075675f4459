// Bounding a tool result: lists, strings and attribute values cut and counted, a result over the byte limit refused.

import { isRecord } from '../../common/index.ts';
import type { JsonValue } from './json-value.ts';
import type { ResultLimits } from './limits.ts';

/** Ends a string that was cut. */
export const CUT_MARKER = '…';

/** Replaces a list or object nested deeper than the limit. */
export const TOO_DEEP_MARKER = '[cut: nested too deep]';

/** How much bounding cut, summed over the whole result. */
export interface Cuts {
  /** Lists that were cut. */
  lists: number;
  /** List items dropped, over all lists. */
  items: number;
  /** Strings that were cut. */
  strings: number;
  /** Lists and objects replaced because they were nested too deep. */
  deep: number;
}

/** A bounded result with what was cut, or a refusal because even the bounded result is over the byte limit. */
export type Bounded = { kind: 'bounded'; value: JsonValue; cuts: Cuts } | TooLarge;

/** A result refused for its size: its bytes as UTF-8 JSON, and the limit. */
export interface TooLarge {
  kind: 'too-large';
  bytes: number;
  limit: number;
}

/** Cuts lists, strings and attribute values to the limits, then refuses the result if it is still over `maxBytes`. */
export function bound(value: JsonValue, limits: ResultLimits): Bounded {
  const cuts: Cuts = { lists: 0, items: 0, strings: 0, deep: 0 };
  const bounded = boundAt(value, { limits, cuts, depth: 0, maxChars: limits.maxStringChars });
  const size = checkSize(bounded, limits.maxBytes);
  return size.kind === 'too-large' ? size : { kind: 'bounded', value: bounded, cuts };
}

/** The size of a value as UTF-8 JSON: fits, or too large. */
export function checkSize(value: unknown, limit: number): { kind: 'fits'; bytes: number } | TooLarge {
  const bytes = new TextEncoder().encode(JSON.stringify(value) ?? 'null').length;
  return bytes > limit ? { kind: 'too-large', bytes, limit } : { kind: 'fits', bytes };
}

/** True when bounding cut anything. */
export function hasCuts(cuts: Cuts): boolean {
  return cuts.lists + cuts.strings + cuts.deep > 0;
}

/** Where the walk is; `cuts` is the one counter of this call, owned by `bound`. */
interface Walk {
  limits: ResultLimits;
  cuts: Cuts;
  depth: number;
  maxChars: number;
}

function boundAt(value: JsonValue, walk: Walk): JsonValue {
  if (typeof value === 'string') return cutString(value, walk);
  if (value === null || typeof value !== 'object') return value;
  if (walk.depth >= walk.limits.maxDepth) {
    walk.cuts.deep++;
    return TOO_DEEP_MARKER;
  }
  const inner = { ...walk, depth: walk.depth + 1 };
  if (Array.isArray(value)) {
    const kept = value.slice(0, walk.limits.maxListItems);
    if (kept.length < value.length) {
      walk.cuts.lists++;
      walk.cuts.items += value.length - kept.length;
    }
    return kept.map((item) => boundAt(item, inner));
  }
  // Attribute values are cut harder: a long `source_list` or forecast rarely answers the question.
  const entries = Object.entries(value).map(([key, item]): [string, JsonValue] => [
    key,
    key === 'attributes' && isRecord(item)
      ? boundAt(item, { ...inner, maxChars: Math.min(inner.maxChars, walk.limits.maxAttributeChars) })
      : boundAt(item, inner),
  ]);
  return Object.fromEntries(entries);
}

function cutString(text: string, walk: Walk): string {
  if (text.length <= walk.maxChars) return text;
  walk.cuts.strings++;
  let end = Math.max(0, walk.maxChars - CUT_MARKER.length);
  // Never leave half of a surrogate pair behind.
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + CUT_MARKER;
}
