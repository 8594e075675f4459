// Reading a conditional sentence's parts from its words: where the condition and the command are, and what the
// condition compares ("the office is below 19 degrees": the Office's reading, below, 19, degrees). Text only: what
// the names are is decided against the home in condition.ts.

import { factsWordsFor } from '../facts/index.ts';
import { numberWordReaderFor } from '../facts/number-words.ts';
import type { Comparison, ConditionWords, Quantity, SpokenUnit } from './condition-words.ts';

/** A sentence split into its condition and its command. */
export interface ConditionalSentence {
  /** The condition as words: lower case, single spaces, no punctuation around it. */
  readonly condition: string;
  /** The command as said. */
  readonly command: string;
}

/** What a condition's subject says: a name (a device's or a place's), and the quantity asked of it. */
export interface ConditionSubject {
  /** The words of the subject as said, without an article ("office temperature", "temperature in the office"). */
  readonly said: string;
  /** The name's words ("office"): a device's or an area's name or alias. */
  readonly name: string;
  readonly quantity?: Quantity;
  /** The subject is a place said with "it" ("it's below 19 degrees in the office"). */
  readonly isPlace: boolean;
}

/** A condition that compares a reading with a number. */
export interface ReadingCondition {
  readonly kind: 'reading';
  readonly subject: ConditionSubject;
  readonly comparison: Comparison;
  readonly value: number;
  /** The unit said, when one was ("19 degrees"), with its words. */
  readonly unit?: { readonly unit: SpokenUnit; readonly said: string };
}

/**
 * The sentence's condition and command, when it is "<lead> <condition>, [then] <command>" or "<command> <lead>
 * <condition>"; undefined for any other sentence.
 */
export function splitConditional(text: string, words: ConditionWords): ConditionalSentence | undefined {
  // One space between words: a run of white space would make the patterns below try each of its splits (quadratic).
  const sentence = text
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[.!?]+$/u, '')
    .trim();
  const leads = alternation(words.leads);
  const then = alternation(words.thenWords);
  const leading = new RegExp(`^(?:${leads})\\s+(.+?)(?:\\s*,\\s*(?:(?:${then})\\s+)?|\\s+(?:${then})\\s+)(.+)$`, 'iu');
  const trailing = new RegExp(`^(.+?)(?:\\s*,\\s*|\\s+)(?:${leads})\\s+(.+)$`, 'iu');
  const first = leading.exec(sentence);
  if (first !== null) return parts(first[1]!, first[2]!);
  const last = trailing.exec(sentence);
  return last === null ? undefined : parts(last[2]!, last[1]!);
}

function parts(condition: string, command: string): ConditionalSentence | undefined {
  const words = wordsOf(condition);
  if (words.length === 0 || command.trim() === '') return undefined;
  return { condition: words.join(' '), command: command.trim().replace(/,$/u, '') };
}

/** The words of `text`, lower case, with the punctuation around them left out ("19°C" and "50%" stay whole). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/^["'“”„«»(]+|["'“”„«»),;:!?]+$/gu, '').replace(/\.$/u, ''))
    .filter((word) => word !== '');
}

/**
 * The reading condition `condition` says ("the office is below 19 degrees", "es im Büro unter 19 Grad ist"), or
 * undefined when it says none in these words: no comparison, no number right after it, no verb, or words left over.
 */
export function readReadingCondition(
  condition: string,
  words: ConditionWords,
  language: string,
): ReadingCondition | undefined {
  const tokens = condition.split(' ');
  const at = phraseAt(tokens, Object.keys(words.comparisons));
  if (at === undefined) return undefined;
  const comparison = words.comparisons[at.phrase]!;
  const number = readNumber(tokens, at.end, words, language);
  if (number === undefined) return undefined;
  let left = tokens.slice(0, at.start);
  let rest = tokens.slice(number.end);
  // The verb: "is" before the comparison ("the office is below"), or last ("… unter 19 Grad ist").
  const verbBefore = endingWith(left, words.verbs);
  const verbAfter = endingWith(rest, words.verbs);
  if (verbBefore !== undefined) left = left.slice(0, left.length - verbBefore);
  else if (verbAfter !== undefined) rest = rest.slice(0, rest.length - verbAfter);
  else if (left.length > 0 && left[left.length - 1]!.endsWith("'s"))
    left = [...left.slice(0, -1), left.at(-1)!.slice(0, -2)];
  else return undefined;
  const subject = subjectOf(left, rest, words);
  if (subject === undefined) return undefined;
  return {
    kind: 'reading',
    subject,
    comparison,
    value: number.value,
    ...(number.unit === undefined ? {} : { unit: number.unit }),
  };
}

/** The subject of the words around the comparison, or undefined when words are left that say nothing known. */
function subjectOf(
  left: readonly string[],
  rest: readonly string[],
  words: ConditionWords,
): ConditionSubject | undefined {
  const place = placeOf(rest, words);
  if (place === undefined) return undefined;
  const [head, ...tail] = left;
  if (head !== undefined && words.impersonal.includes(head)) {
    // "it's below 19 degrees in the office", "es im Büro unter 19 Grad ist": the place's temperature.
    const inner = tail.length === 0 ? '' : placeOf(tail, words);
    const name = inner === undefined ? undefined : inner !== '' ? inner : place;
    if (name === undefined || name === '' || (inner !== '' && place !== '')) return undefined;
    return { said: name, name, quantity: 'temperature', isPlace: true };
  }
  if (place !== '') return undefined;
  const said = withoutArticle(left, words);
  if (said.length === 0) return undefined;
  return { said: said.join(' '), ...nameAndQuantity(said, words), isPlace: false };
}

/** "temperature in the office" / "office temperature" / "office's temperature" / "office". */
function nameAndQuantity(said: readonly string[], words: ConditionWords): { name: string; quantity?: Quantity } {
  for (const [quantity, phrases] of Object.entries(words.quantities) as [Quantity, readonly string[]][]) {
    const lead = longestPrefix(said, phrases);
    if (lead !== undefined && lead < said.length) {
      const of = longestPrefix(said.slice(lead), words.of);
      if (of !== undefined) {
        const name = withoutArticle(said.slice(lead + of), words);
        if (name.length > 0) return { name: name.join(' '), quantity };
      }
    }
    const trail = endingWith(said, phrases);
    if (trail !== undefined && trail < said.length) {
      const name = said
        .slice(0, said.length - trail)
        .map((word, i, all) => (i === all.length - 1 ? word.replace(/'s$/u, '') : word));
      return { name: name.join(' '), quantity };
    }
  }
  return { name: said.join(' ') };
}

/** The place name of words "in the office" (empty for no words), or undefined for words that are no place. */
function placeOf(tokens: readonly string[], words: ConditionWords): string | undefined {
  if (tokens.length === 0) return '';
  const lead = longestPrefix(tokens, words.places);
  if (lead === undefined) return undefined;
  const name = withoutArticle(tokens.slice(lead), words);
  return name.length === 0 ? undefined : name.join(' ');
}

function withoutArticle(tokens: readonly string[], words: ConditionWords): readonly string[] {
  return tokens.length > 1 && words.articles.includes(tokens[0]!) ? tokens.slice(1) : tokens;
}

interface SpokenValue {
  value: number;
  end: number;
  unit?: { unit: SpokenUnit; said: string };
}

// A number in digits, with a unit written on ("19", "19.5", "19,5", "-3", "19°c", "50%").
const DIGITS = /^([-\u2212]?)(\d+(?:[.,]\d+)?)(\D*)$/u;

/** The number at `start`, with its sign and unit; undefined when no number is there or its unit is not one known. */
function readNumber(
  tokens: readonly string[],
  start: number,
  words: ConditionWords,
  language: string,
): SpokenValue | undefined {
  let at = start;
  const minus = factsWordsFor(language)?.minus ?? [];
  const negative = minus.includes(tokens[at] ?? '');
  if (negative) at++;
  const digits = DIGITS.exec(tokens[at] ?? '');
  let value: number;
  let end: number;
  let suffix = '';
  if (digits !== null) {
    value = Number(digits[2]!.replace(',', '.')) * (digits[1] === '' ? 1 : -1);
    suffix = digits[3]!;
    end = at + 1;
  } else {
    const read = numberWordReaderFor(language)?.(tokens, at);
    if (read === undefined) return undefined;
    ({ value, end } = read);
  }
  if (negative) value = -value;
  if (suffix !== '') {
    const unit = words.units[suffix];
    return unit === undefined ? undefined : { value, end, unit: { unit, said: suffix } };
  }
  const unitLength = longestPrefix(tokens.slice(end), Object.keys(words.units));
  if (unitLength === undefined) return { value, end };
  const said = tokens.slice(end, end + unitLength).join(' ');
  return { value, end: end + unitLength, unit: { unit: words.units[said]!, said } };
}

/** The first and longest of `phrases` in `tokens`, as whole words. */
function phraseAt(
  tokens: readonly string[],
  phrases: readonly string[],
): { start: number; end: number; phrase: string } | undefined {
  for (let start = 0; start < tokens.length; start++) {
    const length = longestPrefix(tokens.slice(start), phrases);
    if (length !== undefined)
      return { start, end: start + length, phrase: tokens.slice(start, start + length).join(' ') };
  }
  return undefined;
}

/** How many tokens the longest of `phrases` that `tokens` starts with spans. */
function longestPrefix(tokens: readonly string[], phrases: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const phrase of phrases) {
    const parts = phrase.split(' ');
    if (
      parts.length <= tokens.length &&
      parts.every((part, i) => tokens[i] === part) &&
      (best === undefined || parts.length > best)
    )
      best = parts.length;
  }
  return best;
}

/** How many tokens the longest of `phrases` that `tokens` ends with spans. */
function endingWith(tokens: readonly string[], phrases: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const phrase of phrases) {
    const parts = phrase.split(' ');
    const from = tokens.length - parts.length;
    if (from >= 0 && parts.every((part, i) => tokens[from + i] === part) && (best === undefined || parts.length > best))
      best = parts.length;
  }
  return best;
}

function alternation(phrases: readonly string[]): string {
  return phrases.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\s+')).join('|');
}
