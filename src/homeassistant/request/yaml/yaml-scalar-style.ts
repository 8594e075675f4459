// How PyYAML's emitter chooses a block-context scalar style: plain, single-quoted or double-quoted.

import { resolvePlainTag, type PlainTag } from '../../../hassil/index.ts';

/** The scalar styles this emitter writes (PyYAML's '', "'" and '"'). */
export type ScalarStyle = 'plain' | 'single' | 'double';

/** Which emitter to imitate: PyYAML's pure-Python `SafeDumper` or libyaml's `CSafeDumper` (HA's choice when installed). */
export type YamlFlavor = 'pyyaml' | 'libyaml';

/** What PyYAML's `analyze_scalar` finds out about a text, reduced to what block context needs. */
export interface ScalarAnalysis {
  /** The text is empty. */
  isEmpty: boolean;
  /** The text holds a line break (`\n`, NEL, LS or PS). */
  isMultiline: boolean;
  /** The text may be written as a block plain scalar (the resolver is checked separately). */
  allowsPlain: boolean;
  /** The text may be written single-quoted. */
  allowsSingleQuoted: boolean;
}

/** The characters PyYAML counts as line breaks. */
export const LINE_BREAKS = '\n\x85\u2028\u2029';
// libyaml also counts `\r` as a line break (`IS_BREAK`).
const LIBYAML_LINE_BREAKS = '\r\n\x85\u2028\u2029';
const WHITESPACE = '\0 \t\r\n\x85\u2028\u2029';
const LEADING_INDICATORS = '#,[]{}&*!|>\'"%@`';

/**
 * True for a character the emitter writes as is with `allow_unicode=True` (not a "special character").
 * libyaml's `IS_PRINTABLE` leaves out NEL and everything beyond the BMP (emoji), PyYAML allows both.
 */
export function isPrintable(ch: string, flavor: YamlFlavor = 'pyyaml'): boolean {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\n' || (code >= 0x20 && code <= 0x7e)) return true;
  if (code === 0xfeff) return false;
  if ((code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd)) return true;
  return flavor === 'pyyaml' && (code === 0x85 || (code >= 0x10000 && code < 0x10ffff));
}

/** The characters that count as line breaks for `flavor`. */
function lineBreaksOf(flavor: YamlFlavor): string {
  return flavor === 'pyyaml' ? LINE_BREAKS : LIBYAML_LINE_BREAKS;
}

/** True when the character at `index` is a YAML indicator that forbids a block plain scalar. */
function isBlockIndicatorAt(chars: readonly string[], index: number): boolean {
  const ch = chars[index] ?? '';
  const isFollowedBySpace = index + 1 >= chars.length || WHITESPACE.includes(chars[index + 1] ?? '');
  if (index === 0) {
    if (LEADING_INDICATORS.includes(ch)) return true;
    return (ch === '?' || ch === ':' || ch === '-') && isFollowedBySpace;
  }
  if (ch === ':') return isFollowedBySpace;
  return ch === '#' && WHITESPACE.includes(chars[index - 1] ?? '');
}

/** Port of PyYAML's `Emitter.analyze_scalar` (and libyaml's twin) for block context; `chars` are code points. */
export function analyzeScalar(chars: readonly string[], flavor: YamlFlavor = 'pyyaml'): ScalarAnalysis {
  if (chars.length === 0) return { isEmpty: true, isMultiline: false, allowsPlain: true, allowsSingleQuoted: true };
  const text = chars.join('');
  const breaks = lineBreaksOf(flavor);
  let hasIndicator = text.startsWith('---') || text.startsWith('...');
  let hasBreak = false;
  let hasSpecial = false;
  let hasBreakSpace = false;
  let hasSpaceBreak = false;
  chars.forEach((ch, index) => {
    hasIndicator ||= isBlockIndicatorAt(chars, index);
    hasSpecial ||= !isPrintable(ch, flavor);
    const isBreak = breaks.includes(ch);
    hasBreak ||= isBreak;
    const previous = chars[index - 1] ?? '';
    hasBreakSpace ||= ch === ' ' && previous !== '' && breaks.includes(previous);
    hasSpaceBreak ||= isBreak && previous === ' ';
  });
  const first = chars[0] ?? '';
  const last = chars[chars.length - 1] ?? '';
  const hasEdgeSpace = first === ' ' || last === ' ' || breaks.includes(first) || breaks.includes(last);
  const isSingleQuoteOk = !hasBreakSpace && !hasSpaceBreak && !hasSpecial;
  return {
    isEmpty: false,
    isMultiline: hasBreak,
    allowsPlain: isSingleQuoteOk && !hasEdgeSpace && !hasBreak && !hasIndicator,
    allowsSingleQuoted: isSingleQuoteOk,
  };
}

/**
 * Port of PyYAML's `choose_scalar_style` outside flow context: plain when the text resolves back to
 * the scalar's tag and the analysis allows it, else single-quoted when allowed, else double-quoted.
 */
export function chooseScalarStyle(
  analysis: ScalarAnalysis,
  scalar: { text: string; tag: PlainTag },
  isSimpleKey: boolean,
): ScalarStyle {
  const isImplicit = resolvePlainTag(scalar.text) === scalar.tag;
  const isBadKey = isSimpleKey && (analysis.isEmpty || analysis.isMultiline);
  if (isImplicit && !isBadKey && analysis.allowsPlain) return 'plain';
  if (analysis.allowsSingleQuoted && !(isSimpleKey && analysis.isMultiline)) return 'single';
  return 'double';
}
