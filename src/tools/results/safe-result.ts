// The one way a tool result is made safe for a model: redacted, then bounded, then marked untrusted.

import { CUT_MARKER, bound, checkSize, hasCuts, type Cuts, type TooLarge } from './bound.ts';
import type { ResultLimits } from './limits.ts';
import { redact } from './redact.ts';
import type { TokenMatcher } from './token-matcher.ts';
import { markUntrusted, type UntrustedResult } from './untrusted.ts';

/** A safe result, or a refusal because it is over the byte limit (the caller turns that into a tool error). */
export type SafeResult = { kind: 'ok'; result: UntrustedResult } | TooLarge;

/** Options of {@link safeResult}. */
export interface SafeResultOptions {
  limits: ResultLimits;
  /** Notices of the caller, e.g. exclusion notes; put before the note on cuts. */
  notices?: readonly string[];
  /** Finds the connection's own token (whatever its shape), redacted wherever it appears. */
  containsToken?: TokenMatcher;
}

/** Redacts, bounds and marks a tool result; the byte limit applies to the whole marked result. */
export function safeResult(value: unknown, options: SafeResultOptions): SafeResult {
  const bounded = bound(redact(value, options.containsToken), options.limits);
  if (bounded.kind === 'too-large') return bounded;
  const notices = [...(options.notices ?? [])];
  if (hasCuts(bounded.cuts)) notices.push(describeCuts(bounded.cuts, options.limits));
  const result = markUntrusted(bounded.value, notices);
  const size = checkSize(result, options.limits.maxBytes);
  return size.kind === 'too-large' ? size : { kind: 'ok', result };
}

/** One sentence on what bounding cut, e.g. `The result was cut: 12 list items beyond the first 50 …`. */
export function describeCuts(cuts: Cuts, limits: ResultLimits): string {
  const parts: string[] = [];
  if (cuts.lists > 0)
    parts.push(`${cuts.items} list items beyond the first ${limits.maxListItems} of ${cuts.lists} list(s)`);
  if (cuts.strings > 0) parts.push(`the end of ${cuts.strings} text value(s), marked ${JSON.stringify(CUT_MARKER)}`);
  if (cuts.deep > 0) parts.push(`${cuts.deep} value(s) nested deeper than ${limits.maxDepth} levels`);
  return `The result was cut: ${parts.join('; ')}.`;
}
