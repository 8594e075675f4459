// Limits for tests: the document's defaults with other exclusions (or other fields), as the guard reads them.

import { DEFAULT_POLICY_TEXT, type LimitsState, parsePolicy } from '../../src/tools/index.ts';

/** The default policy.json with `exclude` (and any other top-level field) replaced. */
export function limitsWith(fields: Record<string, unknown> = {}): LimitsState {
  const text = JSON.stringify({ ...JSON.parse(DEFAULT_POLICY_TEXT), ...fields });
  const parsed = parsePolicy(text);
  if (parsed.kind !== 'ok') throw new Error(`${parsed.key}: ${parsed.message}`);
  return { kind: 'ok', policy: parsed.policy, revision: String(text.length) };
}

/** The default exclusions with some keys replaced (the others keep their defaults). */
export function limitsExcluding(exclude: Record<string, unknown>): LimitsState {
  const defaults = JSON.parse(DEFAULT_POLICY_TEXT).exclude as Record<string, unknown>;
  return limitsWith({ exclude: { ...defaults, ...exclude } });
}
