// Linear-time scans of one word for the shapes of a secret: the value rules of redaction, without backtracking.

/*
 * Each scan answers exactly what a regular expression once answered (the tests keep those expressions as the
 * oracle), but reads every character a bounded number of times: V8's backtracking engine took time growing with the
 * square (or cube) of one long word, e.g. `?token` repeated, `eyJ` repeated, or a long scheme-like run.
 */

const EQUALS = 0x3d;
const COLON = 0x3a;
const SLASH = 0x2f;
const AT = 0x40;
const DOT = 0x2e;

/** The words that make a query parameter a secret, lowercase (`api_?key` is both spellings). */
const QUERY_SECRET_WORDS = ['token', 'secret', 'password', 'authsig', 'signature', 'api_key', 'apikey'];

/**
 * The first letters of those words, lowercase: words are compared only where one may start. `code | 0x20` maps only
 * a letter and its ASCII capital onto a lowercase letter (any other code stays outside `a`–`z`).
 */
const SECRET_WORD_STARTS = new Set(QUERY_SECRET_WORDS.map((word) => word.charCodeAt(0)));

/**
 * True when `code` is a white space character as `\s` reads it in a JavaScript regular expression (ECMAScript
 * WhiteSpace and LineTerminator).
 */
export function isSpaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** ASCII letters only: a case-insensitive, non-Unicode expression never folds another letter onto them. */
function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** `[\w-]`: ASCII letters, digits, `_` and `-`. */
function isTokenChar(code: number): boolean {
  return isAsciiLetter(code) || isDigit(code) || code === 0x5f || code === 0x2d;
}

/** `[a-z0-9+.-]` case-insensitively: a character of an address's scheme. */
function isSchemeChar(code: number): boolean {
  return isAsciiLetter(code) || isDigit(code) || code === 0x2b || code === DOT || code === 0x2d;
}

/** True when `lowerWord` (lowercase ASCII) starts at `at` in `text`, ASCII letters compared case-insensitively. */
function startsWithFolded(text: string, at: number, lowerWord: string): boolean {
  if (at + lowerWord.length > text.length) return false;
  for (let i = 0; i < lowerWord.length; i++) {
    const code = text.charCodeAt(at + i);
    const folded = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
    if (folded !== lowerWord.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * An address with a secret in its query: `/[?&;#][^=\s]*(?:token|secret|password|authsig|signature|api_?key)[^=\s]*=/i`.
 * Within one run of characters that are neither `=` nor white space, it is a `?&;#` followed later by a secret word,
 * and the run ends at an `=`. One pass: the run's state is whether a delimiter, then a word after it, was seen.
 */
export function hasQuerySecret(text: string): boolean {
  let hasDelimiter = false;
  let hasSecretWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === EQUALS && hasSecretWord) return true;
    if (code === EQUALS || isSpaceCode(code)) {
      // The run ends here: what was seen in it no longer counts.
      hasDelimiter = false;
      hasSecretWord = false;
    } else if (!hasDelimiter) {
      hasDelimiter = code === 0x3f || code === 0x26 || code === 0x3b || code === 0x23;
    } else if (!hasSecretWord && SECRET_WORD_STARTS.has(code | 0x20)) {
      hasSecretWord = QUERY_SECRET_WORDS.some((word) => startsWithFolded(text, i, word));
    }
  }
  return false;
}

/**
 * An address with a password in it: `/[a-z][a-z0-9+.-]*:\/\/[^\s/@]*:[^\s/@]*@/i`. At a `://` whose scheme (the run of
 * scheme characters before it) holds a letter, the authority (up to white space, `/` or `@`) holds a `:` and ends at
 * an `@`. Authorities of different `://` never overlap (each stops at the next one's `/`), so each is read once.
 */
export function hasPasswordInAddress(text: string): boolean {
  let schemeHasLetter = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      code === COLON &&
      schemeHasLetter &&
      text.charCodeAt(i + 1) === SLASH &&
      text.charCodeAt(i + 2) === SLASH &&
      authorityHasPassword(text, i + 3)
    )
      return true;
    if (isSchemeChar(code)) schemeHasLetter ||= isAsciiLetter(code);
    else schemeHasLetter = false;
  }
  return false;
}

/** `[^\s/@]*:[^\s/@]*@` at `start`: the run up to white space, `/` or `@` holds a `:` and ends at an `@`. */
function authorityHasPassword(text: string, start: number): boolean {
  let hasColon = false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === AT) return hasColon;
    if (code === SLASH || isSpaceCode(code)) return false;
    if (code === COLON) hasColon = true;
  }
  return false;
}

/** Literal alternatives without quantifiers: each position is tried in bounded time, so this expression is linear. */
const PROXY_PATH = /\/api\/(?:camera_proxy|image_proxy)/i;

/** A camera snapshot or image address: `/\/api\/(?:camera_proxy|image_proxy)/i`. */
export function hasProxyPath(text: string): boolean {
  return PROXY_PATH.test(text);
}

/**
 * A JWT: `/eyJ[\w-]{8,}\.[\w-]{8,}\./`. `[\w-]` never holds a `.`, so the first part runs to the end of the run of
 * token characters the `eyJ` is in, and the earliest `eyJ` of a run leaves the longest part: one pass over the runs,
 * each read at most twice (once as a header, once as the payload after one).
 */
export function hasJwt(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    if (!isTokenChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let header = -1; // where the run's first `eyJ` starts
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (!isTokenChar(code)) break;
      if (header < 0 && code === 0x65 && text.charCodeAt(i + 1) === 0x79 && text.charCodeAt(i + 2) === 0x4a) header = i;
      i++;
    }
    if (header >= 0 && i - (header + 3) >= 8 && text.charCodeAt(i) === DOT) {
      const payloadEnd = tokenRunEnd(text, i + 1);
      if (payloadEnd - (i + 1) >= 8 && text.charCodeAt(payloadEnd) === DOT) return true;
    }
  }
  return false;
}

/** Where the run of `[\w-]` characters starting at `start` ends. */
function tokenRunEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isTokenChar(text.charCodeAt(end))) end++;
  return end;
}
