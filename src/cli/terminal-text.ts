// Text from Home Assistant or a model made safe for a terminal: every control character escaped, in one pass.

/**
 * True for the characters a terminal acts on instead of showing: C0 controls (escape, carriage return, backspace, tab,
 * line feed …), DEL, C1 controls (0x9b is a one-byte CSI), the line and paragraph separators, and the bidirectional
 * overrides and isolates that reorder what a person reads.
 */
function isControl(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/**
 * A value to print: each control character written as `\xNN` or `\uNNNN`, so a name with an escape sequence or a line
 * break shows as text and cannot rewrite the line, add one, or break the columns a person confirms from. One pass.
 */
export function terminalText(value: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (!isControl(code)) continue;
    const hex = code.toString(16);
    out += `${value.slice(from, i)}${code <= 0xff ? `\\x${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`}`;
    from = i + 1;
  }
  return from === 0 ? value : out + value.slice(from);
}

/** A text of several lines (e.g. the limits file): each line escaped as by {@link terminalText}, the line breaks kept. */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}
