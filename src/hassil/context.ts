// Intent context checks: a block's requires_context and excludes_context against what matching produced.

import type { IntentContext } from './grammar/slot-lists.ts';

/** A context value as written, `{value: v, …}` unpacked to `v`. */
export function contextValue(value: unknown): unknown {
  return isRecord(value) ? value.value : value;
}

/** Whether `actual` satisfies `required`; with `allowMissingKeys`, only keys present in `actual` are checked. */
export function checkRequiredContext(
  required: IntentContext,
  actual: IntentContext | undefined,
  allowMissingKeys: boolean,
): boolean {
  for (const key in required) {
    const rawRequired = required[key];
    if (actual === undefined || !(key in actual)) {
      if (allowMissingKeys) continue;
      return false;
    }
    const expected = contextValue(rawRequired);
    const value = contextValue(actual[key]);
    if (Array.isArray(expected)) {
      if (!expected.some((item) => pythonEquals(item, value))) return false;
    } else if (expected !== null && expected !== undefined && !pythonEquals(value, expected)) {
      return false;
    }
  }
  return true;
}

/** Whether `actual` avoids every value of `excluded`. */
export function checkExcludedContext(excluded: IntentContext, actual: IntentContext | undefined): boolean {
  for (const key in excluded) {
    const rawExcluded = excluded[key];
    if (actual === undefined || !(key in actual)) continue;
    const forbidden = contextValue(rawExcluded);
    const value = contextValue(actual[key]);
    if (Array.isArray(forbidden) ? forbidden.some((item) => pythonEquals(item, value)) : pythonEquals(value, forbidden))
      return false;
  }
  return true;
}

/** A block's context rules, as far as they filter list values. */
export interface BlockContextRules {
  readonly requiresContext?: IntentContext | undefined;
  readonly excludesContext?: IntentContext | undefined;
}

/** Whether a list value's context neither contradicts the block's requires_context nor hits its excludes_context. */
export function isValueContextAllowed(rules: BlockContextRules, valueContext: IntentContext | undefined): boolean {
  const { requiresContext, excludesContext } = rules;
  if (hasEntries(requiresContext) && !checkRequiredContext(requiresContext, valueContext, true)) return false;
  if (hasEntries(excludesContext) && !checkExcludedContext(excludesContext, valueContext ?? {})) return false;
  return true;
}

/** True when a context map has entries. */
export function hasEntries(context: IntentContext | undefined): context is IntentContext {
  if (context === undefined) return false;
  for (const _ in context) return true;
  return false;
}

/** Equality of JSON-like values as Python's `==` compares them (structural for lists and dicts). */
export function pythonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => pythonEquals(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && pythonEquals(a[key], b[key]));
  }
  return false;
}

/** True for a plain object (a mapping). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
