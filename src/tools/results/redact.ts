// Redaction of a tool result: secrets, token-bearing addresses, locations and camera snapshots removed (one table).

import { isRecord } from '../../common/index.ts';
import type { JsonValue } from './json-value.ts';
import { hasJwt, hasPasswordInAddress, hasProxyPath, hasQuerySecret } from './secret-scans.ts';

/** What replaces a string that carries a secret. */
export const REDACTED = '[redacted]';

/** What replaces a value nested deeper than redaction looks: what is not checked is not returned. */
export const TOO_DEEP = '[redacted: nested too deep]';

/** Deeper values are replaced: Home Assistant's results are a few levels deep, and recursion must stay bounded. */
const MAX_DEPTH = 32;

/** One redaction rule: keys it drops (by lowercased name), or strings it replaces (tested per word). */
export type RedactionRule =
  | { why: string; kind: 'key'; test: (lowerKey: string) => boolean }
  | { why: string; kind: 'value'; test: (word: string) => boolean };

const LOCATION_KEYS = new Set(['location', 'lat', 'lon', 'lng', 'gps', 'address', 'coordinates']);
const LOCATION_PARTS = ['latitude', 'longitude', 'gps_accuracy', 'altitude', 'elevation', 'coordinates'];
const SNAPSHOT_KEYS = new Set(['still_image_url', 'stream_source', 'stream_url']);

/**
 * Every redaction, one row each. Keys are dropped; a string is replaced when one of its words matches. Every test
 * takes time linear in its text (texts come from Home Assistant and can be megabytes): literal alternatives, `includes`
 * and the scans of `secret-scans.ts`, never a backtracking pattern with a repeat before a later choice.
 */
export const REDACTION_RULES: readonly RedactionRule[] = Object.freeze([
  { why: 'a picture address carries a signed token', kind: 'key', test: (key) => key.includes('entity_picture') },
  { why: 'a secret by its name', kind: 'key', test: (key) => /token|password|secret/.test(key) },
  {
    why: 'the location of people and devices',
    kind: 'key',
    test: (key) => LOCATION_KEYS.has(key) || LOCATION_PARTS.some((part) => key.includes(part)),
  },
  {
    why: 'a camera snapshot or stream address',
    kind: 'key',
    test: (key) => SNAPSHOT_KEYS.has(key) || key.includes('snapshot'),
  },
  {
    why: 'an address with a secret in its query, e.g. ?token=, access_token=, authSig=',
    kind: 'value',
    test: hasQuerySecret,
  },
  {
    why: 'an address with a password in it',
    kind: 'value',
    test: hasPasswordInAddress,
  },
  {
    why: 'a camera snapshot or image address',
    kind: 'value',
    test: hasProxyPath,
  },
  {
    why: 'a Home Assistant access token (a JWT)',
    kind: 'value',
    test: hasJwt,
  },
]);

const KEY_TESTS = REDACTION_RULES.flatMap((rule) => (rule.kind === 'key' ? [rule.test] : []));
const VALUE_TESTS = REDACTION_RULES.flatMap((rule) => (rule.kind === 'value' ? [rule.test] : []));

/** True when a key is dropped by a redaction rule (compared case-insensitively). */
export function isRedactedKey(key: string): boolean {
  const lower = key.toLowerCase();
  return KEY_TESTS.some((test) => test(lower));
}

/**
 * A string with every word that carries a secret replaced by {@link REDACTED}; other words stay as they were.
 * `containsSecret` finds one more secret (a connection's own token, whatever its shape): a word holding it is replaced,
 * and a text still holding it (a secret with white space in it) is replaced whole.
 */
export function redactText(text: string, containsSecret?: (text: string) => boolean): string {
  // `\S+` is greedy and cannot end early (its end is the next white space), so every character is read once.
  const redacted = text.replace(/\S+/g, (word) =>
    VALUE_TESTS.some((test) => test(word)) || containsSecret?.(word) ? REDACTED : word,
  );
  return containsSecret?.(redacted) ? REDACTED : redacted;
}

/**
 * A deep copy of a value with every redaction rule applied; anything that is not JSON becomes null. `containsSecret`
 * as for {@link redactText}; a key holding that secret is dropped.
 */
export function redact(value: unknown, containsSecret?: (text: string) => boolean): JsonValue {
  return redactAt(value, 0, containsSecret);
}

function redactAt(value: unknown, depth: number, containsSecret: ((text: string) => boolean) | undefined): JsonValue {
  if (typeof value === 'string') return redactText(value, containsSecret);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value) || isRecord(value)) {
    if (depth >= MAX_DEPTH) return TOO_DEEP;
    if (Array.isArray(value)) return value.map((item) => redactAt(item, depth + 1, containsSecret));
    // fromEntries defines own properties, so a `__proto__` key stays a key and never becomes a prototype.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isRedactedKey(key) && !containsSecret?.(key))
        .map(([key, item]) => [redactText(key), redactAt(item, depth + 1, containsSecret)]),
    );
  }
  return null;
}
