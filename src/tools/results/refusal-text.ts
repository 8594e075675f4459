// A refusal as the model reads it: hearth's own reason in plain words, Home Assistant's words marked as untrusted data.

import { redactText } from './redact.ts';
import type { TokenMatcher } from './token-matcher.ts';
import { markUntrusted } from './untrusted.ts';

/** The longest refusal reason passed on, and the longest quote of Home Assistant's words. */
export const MAX_REASON_CHARS = 600;

/** What a refusal holds. */
export interface Refusal {
  /** Why, in hearth's own words (plain text the model may read as a reason). */
  reason: string;
  /** What Home Assistant (or its answer) said, if the refusal quotes it: carried only inside `untrusted_data`. */
  said?: string;
  /** Finds the connection's own token, which is redacted from both parts. */
  containsToken?: TokenMatcher;
}

/**
 * The refusal's text: the reason on the first line, then, when Home Assistant's words are quoted, one line of JSON
 * `{"untrusted_data": …, "note": …}`. Both are redacted and cut; JSON escapes any control character of the quote.
 */
export function refusalText(refusal: Refusal): string {
  const reason = cut(redactText(refusal.reason, refusal.containsToken));
  if (refusal.said === undefined || refusal.said === '') return reason;
  const said = cut(redactText(refusal.said, refusal.containsToken));
  return `${reason}\n${JSON.stringify(markUntrusted(said))}`;
}

function cut(text: string): string {
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;
}
