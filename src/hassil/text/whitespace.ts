// Whitespace as Python's str.isspace sees it, by code unit, for the matcher's hot paths.

/** True for a whitespace code unit (Unicode White_Space, as Python's `str.lstrip` strips). */
export function isSpaceCode(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x3000 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x1680 ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x85 ||
    (code >= 0x1c && code <= 0x1f)
  );
}

/** The position of the first non-whitespace character at or after `pos`. */
export function skipWhitespace(text: string, pos: number): number {
  let at = pos;
  while (at < text.length && isSpaceCode(text.charCodeAt(at))) at++;
  return at;
}
