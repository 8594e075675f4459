// Random edits of a text for mutating real inputs: characters, lines, indentation, and snippets YAML, CSV, JSON,
// Python literals and hassil templates care about.

import fc from 'fast-check';
import { anyUnit, NASTY_UNITS } from './hostile-values.ts';

/** One edit of a text: a character, a line, indentation, or something YAML and CSV care about. */
export type TextEdit = (text: string) => string;

/** Snippets that mean something to YAML, CSV, JSON, Python literals and hassil templates. */
const SNIPPETS = [
  '\t',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '- ',
  ': ',
  ':',
  '#',
  '&a ',
  '*a',
  '&anchor ',
  '*anchor',
  '<<: *a',
  '!!str ',
  '!!binary ',
  '!!python/object ',
  '!custom ',
  '? ',
  '|',
  '>',
  '|-',
  '---\n',
  '...\n',
  '%YAML 1.1\n',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  "'",
  '\\',
  '\\u0000',
  '\u0000',
  '\ud800',
  '\ufeff',
  '~',
  'null',
  'yes',
  'no',
  'on',
  '0x1F',
  '1_000',
  '.inf',
  '.nan',
  '1e999',
  '2025-01-01',
  '12:30:00',
  'None',
  'True',
  '(',
  ')',
  ';',
  '<',
  '>',
  '{name}',
  '{area}',
  '<the>',
  '[<the>]',
  '(a;b;c;d)',
  '__proto__',
  'constructor',
  '```',
  'entity_id,name,',
  'light.kitchen',
  '.',
];

/** A position in `text`, from a fraction in [0, 1). */
const at = (text: string, fraction: number) => Math.floor(fraction * (text.length + 1));

/** Line boundaries of `text`: the start of each line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The lines of `text` (joined back with `\n` after an edit). */
function lines(text: string): string[] {
  return text.split('\n');
}

/** A small text edit (about ten characters or fewer changed, or a whole line moved), chosen at random. */
export const smallTextEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  // A character inserted, deleted or replaced.
  fc
    .tuple(
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      fc.oneof(anyUnit, fc.constantFrom(...NASTY_UNITS)),
    )
    .map(
      ([where, unit]): TextEdit =>
        (text) => {
          const i = at(text, where);
          return text.slice(0, i) + unit + text.slice(i);
        },
    ),
  fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.integer({ min: 1, max: 10 })).map(
    ([where, count]): TextEdit =>
      (text) => {
        const i = at(text, where);
        return text.slice(0, i) + text.slice(i + count);
      },
  ),
  fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.constantFrom(...NASTY_UNITS)).map(
    ([where, unit]): TextEdit =>
      (text) => {
        const i = at(text, where);
        return text.slice(0, i) + unit + text.slice(i + 1);
      },
  ),
  // A snippet inserted, or replacing up to ten characters.
  fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.constantFrom(...SNIPPETS), fc.nat(10)).map(
    ([where, snippet, replaced]): TextEdit =>
      (text) => {
        const i = at(text, where);
        return text.slice(0, i) + snippet + text.slice(i + replaced);
      },
  ),
  // A snippet at the start of a line.
  fc.tuple(fc.nat(), fc.constantFrom(...SNIPPETS)).map(
    ([n, snippet]): TextEdit =>
      (text) => {
        const starts = lineStarts(text);
        const i = starts[n % starts.length]!;
        return text.slice(0, i) + snippet + text.slice(i);
      },
  ),
  // A line deleted, duplicated, swapped with the next one, or its indentation changed.
  fc.tuple(fc.nat(), fc.constantFrom('delete', 'duplicate', 'swap', 'indent', 'dedent', 'tab')).map(
    ([n, how]): TextEdit =>
      (text) => {
        const all = lines(text);
        const i = n % all.length;
        const line = all[i]!;
        if (how === 'delete') all.splice(i, 1);
        else if (how === 'duplicate') all.splice(i, 0, line);
        else if (how === 'swap' && i + 1 < all.length) [all[i], all[i + 1]] = [all[i + 1]!, line];
        else if (how === 'indent') all[i] = `  ${line}`;
        else if (how === 'dedent') all[i] = line.replace(/^ {1,2}/, '');
        else if (how === 'tab') all[i] = line.replace(/^ +/, '\t');
        return all.join('\n');
      },
  ),
  // A line copied elsewhere (a repeated key, an entity listed twice).
  fc.tuple(fc.nat(), fc.nat()).map(
    ([from, to]): TextEdit =>
      (text) => {
        const all = lines(text);
        all.splice(to % (all.length + 1), 0, all[from % all.length]!);
        return all.join('\n');
      },
  ),
  // A value made an anchor, and another made an alias of it.
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('a', 'x', 'l0')).map(
    ([first, second, name]): TextEdit =>
      (text) => {
        const all = lines(text);
        const withValue = all.flatMap((line, index) => (/:\s+\S/.test(line) ? [index] : []));
        if (withValue.length === 0) return text;
        const anchorLine = withValue[first % withValue.length]!;
        const aliasLine = withValue[second % withValue.length]!;
        all[anchorLine] = all[anchorLine]!.replace(/:\s+/, `: &${name} `);
        if (aliasLine !== anchorLine) all[aliasLine] = all[aliasLine]!.replace(/:\s+.*$/, `: *${name}`);
        return all.join('\n');
      },
  ),
  // The text cut short.
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map(
    (where): TextEdit =>
      (text) =>
        text.slice(0, at(text, where)),
  ),
);

/** A text edit of any size: a small one, or a region repeated (long texts, repeated structure). */
export const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  { arbitrary: smallTextEdit, weight: 9 },
  {
    arbitrary: fc
      .tuple(
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 2, max: 50 }),
      )
      .map(
        ([where, length, times]): TextEdit =>
          (text) => {
            const i = at(text, where);
            return text.slice(0, i) + text.slice(i, i + length).repeat(times) + text.slice(i + length);
          },
      ),
    weight: 1,
  },
);

/** `text` with 1 to `maxEdits` random edits applied in turn. */
export function mutated(text: string, maxEdits = 4): fc.Arbitrary<string> {
  return fc
    .array(textEdit, { minLength: 1, maxLength: maxEdits })
    .map((edits) => edits.reduce((current, edit) => edit(current), text));
}
