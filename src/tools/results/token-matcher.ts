// A connection's own token, found wherever it appears in a text, by a matcher that never gives the token out.

/** True when a text holds the connection's token. */
export type TokenMatcher = (text: string) => boolean;

/**
 * Tokens shorter than this are not looked for: they would match ordinary words (a Home Assistant long-lived token is a
 * JWT of about 180 characters; a connection saved with another kind of token is still far longer).
 */
export const MIN_TOKEN_CHARS = 8;

/** The matcher of one token; the token stays in the closure. `indexOf` keeps the search linear in the text. */
export function createTokenMatcher(token: string): TokenMatcher {
  if (token.length < MIN_TOKEN_CHARS) return () => false;
  return (text) => text.length >= token.length && text.indexOf(token) >= 0;
}
