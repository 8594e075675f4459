// Large JSON values decoded once: Home Assistant sends the same system prompt (40–150 kB) and the same
// tool list (10 kB of small objects, the slowest part to parse) on every round of every conversation.

import { randomUUID } from 'node:crypto';

/** Decoded large values by their raw JSON text, most recently used last. */
export interface LargeValueCache {
  /** The value of the JSON text `raw`, decoded on a miss. Composite values come back deeply frozen. */
  decode(raw: string): unknown;
}

/** How much a cache may hold: at most `entries` values of at most `chars` characters of raw text in all. */
export interface LargeValueLimits {
  entries: number;
  chars: number;
}

/** Room for a few homes' prompts and tool lists (a 2,000-entity prompt is about 150,000 characters). */
const DEFAULT_LIMITS: LargeValueLimits = { entries: 16, chars: 4 * 1024 * 1024 };

/**
 * A cache of the most recent distinct large values, within `limits`: a client sending many huge bodies
 * cannot make it hold more than that. A value above a quarter of the character budget is not kept.
 */
export function createLargeValueCache(limits: LargeValueLimits = DEFAULT_LIMITS): LargeValueCache {
  const entries = new Map<string, { raw: string; value: unknown }>();
  let chars = 0;
  const evictOldest = () => {
    const [key, entry] = entries.entries().next().value!;
    entries.delete(key);
    chars -= entry.raw.length;
  };
  return {
    decode(raw) {
      // A cheap key; the full text is compared before a hit counts.
      const key = `${raw.length}:${raw.slice(0, 64)}:${raw.slice(-64)}`;
      const cached = entries.get(key);
      if (cached !== undefined && cached.raw === raw) {
        entries.delete(key);
        entries.set(key, cached);
        return cached.value;
      }
      if (raw.length > limits.chars / 4) return JSON.parse(raw) as unknown;
      // Shared by every request that sends the same text: frozen, so no request can change it for another.
      const value = deepFreeze(JSON.parse(raw) as unknown);
      if (cached !== undefined) {
        entries.delete(key);
        chars -= cached.raw.length;
      }
      while (entries.size > 0 && (entries.size >= limits.entries || chars + raw.length > limits.chars)) evictOldest();
      entries.set(key, { raw, value });
      chars += raw.length;
      return value;
    },
  };
}

/** Stands in for a large value while the rest is parsed; unguessable, so no client string can pose as one. */
const PLACEHOLDER_PREFIX = `\u0000hearth-${randomUUID()}-`;
const PLACEHOLDER_JSON_PREFIX = `"\\u0000${PLACEHOLDER_PREFIX.slice(1)}`;

/**
 * Parses `text` with the large values at `spans` (`[first, last]` character of each, from a scan) taken
 * from `cache`: the rest is parsed with short placeholders in their place, which are then swapped for
 * the values. If a placeholder is not found exactly once as a value (a large object key), the whole text
 * is parsed normally instead. Invalid JSON throws as `JSON.parse` does.
 */
export function decodeWithLargeValues(
  text: string,
  spans: readonly [number, number][],
  cache: LargeValueCache,
): unknown {
  const values: unknown[] = [];
  let reduced = '';
  let from = 0;
  for (const [first, last] of spans) {
    values.push(cache.decode(text.slice(first, last + 1)));
    reduced += `${text.slice(from, first)}${PLACEHOLDER_JSON_PREFIX}${values.length - 1}"`;
    from = last + 1;
  }
  const parsed = JSON.parse(reduced + text.slice(from)) as unknown;
  if (typeof parsed === 'string') return parsed.startsWith(PLACEHOLDER_PREFIX) ? values[0] : parsed;
  return restore(parsed, values) === values.length ? parsed : JSON.parse(text);
}

/** Puts each value where its placeholder is (values put back are not searched again); returns how many. */
function restore(root: unknown, values: readonly unknown[]): number {
  let count = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value === 'object' && value !== null) pending.push(value);
      else if (typeof value === 'string' && value.startsWith(PLACEHOLDER_PREFIX)) {
        const index = Number(value.slice(PLACEHOLDER_PREFIX.length));
        if (index >= values.length) continue;
        record[key] = values[index];
        count++;
      }
    }
  }
  return count;
}

/** Freezes `value` and everything in it (a value shared by requests, so that none can change it for another). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
