// Several commands in one sentence ("turn on the kitchen light and turn off the hall light"): the sentence is cut
// only at joining words between complete commands, and every part must match the grammar exactly on its own.

import type { RecognizeResult } from '../../../hassil/index.ts';

/** How a language joins commands: the joining phrases, and words that only announce a coordination ("both"). */
interface Joiners {
  /** Phrases that may stand between two commands, longest first where one begins another. */
  readonly conjunctions: readonly string[];
  /** Words that announce two coordinated targets and mean nothing in a part ("both the kitchen and …"). */
  readonly coordinators: readonly string[];
}

/** The joining words per language (a comma joins in every language). */
const JOINERS: Readonly<Record<string, Joiners>> = {
  en: {
    conjunctions: ['and after that', 'and then', 'and also', 'after that', 'and', 'then'],
    coordinators: ['both'],
  },
  de: { conjunctions: ['und danach', 'und dann', 'und auch', 'danach', 'und', 'dann'], coordinators: [] },
};

/** The most parts one sentence is cut into, and the most recognitions one split may cost. */
const MAX_PARTS = 4;
const MAX_RECOGNITIONS = 192;
/** A part without its own verb borrows at most this many leading words of the part before it. */
const MAX_BORROWED_WORDS = 4;

/** One command of a split sentence: the words that matched (the spoken part, completed if it was elliptic). */
export interface CommandPart {
  readonly text: string;
  readonly result: RecognizeResult;
}

/** The outcome: the parts in the order spoken, or no split (also when two different splits would both work). */
export type CommandSplit =
  | { kind: 'split'; parts: readonly CommandPart[] }
  | { kind: 'none'; reason: 'no-joiner' | 'no-split' | 'ambiguous' | 'over-budget' };

/** Recognises one part exactly, or returns undefined. */
export type Recognize = (text: string) => RecognizeResult | undefined;

/**
 * Cuts `text` into commands that each match exactly. A part that lacks its verb ("…, then the porch light") takes
 * the shortest run of leading words of the part before it that makes it match the same intent ("turn on" + "the
 * porch light"), even when its own words are a command too; a part that lacks its noun ("turn on both the kitchen and dining room lights") takes the shortest
 * run of trailing words of the part after it. Only a single way of cutting counts: when two ways both work, the
 * sentence is not split.
 */
export function splitCommands(text: string, recognize: Recognize, language: string): CommandSplit {
  const joiners = JOINERS[language.split(/[-_]/u)[0] ?? ''];
  if (joiners === undefined) return { kind: 'none', reason: 'no-joiner' };
  const words = tokenize(text);
  const cuts = findCuts(words, joiners.conjunctions);
  if (cuts.length === 0) return { kind: 'none', reason: 'no-joiner' };
  const budget = { left: MAX_RECOGNITIONS };
  const counted: Recognize = (candidate) => {
    budget.left--;
    return budget.left < 0 ? undefined : recognize(candidate);
  };
  const found: CommandPart[][] = [];
  for (const chosen of cutSets(cuts.length)) {
    const segments = segmentsOf(
      words,
      chosen.map((index) => cuts[index]!),
    ).map((segment) => segment.filter((word) => !joiners.coordinators.includes(word.toLowerCase())));
    if (segments.some((segment) => segment.length === 0)) continue;
    const parts = resolveSegments(segments, counted);
    if (budget.left < 0) return { kind: 'none', reason: 'over-budget' };
    if (parts === 'ambiguous') return { kind: 'none', reason: 'ambiguous' };
    if (parts !== undefined) found.push(parts);
    if (found.length > 1) return { kind: 'none', reason: 'ambiguous' };
  }
  return found.length === 1 ? { kind: 'split', parts: found[0]! } : { kind: 'none', reason: 'no-split' };
}

/** A place where the sentence may be cut: the words `[start, end)` are the joiner (a comma, a conjunction, both). */
interface Cut {
  readonly start: number;
  readonly end: number;
}

/** Words, with each comma as a word of its own. */
function tokenize(text: string): string[] {
  return text
    .replace(/[.!?]+\s*$/u, '')
    .replace(/,/gu, ' , ')
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/** Every joiner between two words, a comma and the conjunction after it counting as one. */
function findCuts(words: readonly string[], conjunctions: readonly string[]): Cut[] {
  const cuts: Cut[] = [];
  let at = 1;
  while (at < words.length - 1) {
    const start = at;
    if (words[at] === ',') at++;
    const phrase = conjunctions.find((conjunction) => startsWith(words, at, conjunction));
    if (phrase !== undefined) at += phrase.split(' ').length;
    if (at > start && at < words.length) {
      cuts.push({ start, end: at });
    } else {
      at = start + 1;
    }
  }
  return cuts;
}

function startsWith(words: readonly string[], at: number, phrase: string): boolean {
  const phraseWords = phrase.split(' ');
  return phraseWords.every((word, offset) => words[at + offset]?.toLowerCase() === word);
}

/** Every choice of 1 to MAX_PARTS − 1 of `count` cuts, as sorted index lists, fewest cuts first. */
function* cutSets(count: number): Generator<number[]> {
  for (let size = 1; size <= Math.min(count, MAX_PARTS - 1); size++) yield* combinations(count, size, 0);
}

function* combinations(count: number, size: number, from: number): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let first = from; first <= count - size; first++) {
    for (const rest of combinations(count, size - 1, first + 1)) yield [first, ...rest];
  }
}

function segmentsOf(words: readonly string[], cuts: readonly Cut[]): string[][] {
  const segments: string[][] = [];
  let from = 0;
  for (const cut of cuts) {
    segments.push(words.slice(from, cut.start));
    from = cut.end;
  }
  segments.push(words.slice(from));
  return segments;
}

/**
 * Each segment as a command (own words, borrowed verb, or borrowed noun); undefined when one is none, and
 * `ambiguous` when a segment reads as a command both on its own and with the next segment's noun ("turn on the
 * kitchen" may be the whole kitchen or, with "… and dining room lights", its lights).
 */
function resolveSegments(segments: readonly string[][], recognize: Recognize): CommandPart[] | 'ambiguous' | undefined {
  const parts: CommandPart[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const previous = parts[parts.length - 1];
    const own = resolveOwn(segment, previous, recognize);
    // The next part's noun is only tried when the words alone are no command or a command on a whole place.
    const completed =
      own === undefined || isWholePlace(own)
        ? withNounOf(segments[index + 1], segment, previous, recognize)
        : undefined;
    if (own !== undefined && completed !== undefined && !sameCommand(own, completed)) return 'ambiguous';
    const part = own ?? completed;
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts;
}

/**
 * The segment as a command of its own words or with the previous part's verb: "the hall light" after "turn off the
 * kitchen light" is "turn off the hall light". The borrowed verb wins over a reading of another intent; a segment
 * that opens with the word the previous part opened with ("… and turn on …") has its own verb.
 */
function resolveOwn(
  segment: readonly string[],
  previous: CommandPart | undefined,
  recognize: Recognize,
): CommandPart | undefined {
  const matched = matchOwn(segment, recognize);
  // A device's name alone is a command only as a whole sentence ("set the kitchen light to 50 % and the hall light"
  // does not switch the hall light on).
  const own = matched?.result.intentMetadata?.name_alone === true ? undefined : matched;
  if (previous === undefined || (own !== undefined && own.result.intent.name === previous.result.intent.name))
    return own;
  const opener = (text: string) => text.split(' ', 1)[0]!.toLowerCase();
  if (own !== undefined && opener(own.text) === opener(previous.text)) return own;
  return withVerbOf(previous, segment, recognize) ?? own;
}

/** A command that names no device and no kind of device: everything at a place ("turn on the kitchen"). */
function isWholePlace(part: CommandPart): boolean {
  return !['name', 'domain', 'device_class'].some((slot) => part.result.entities[slot] !== undefined);
}

function sameCommand(a: CommandPart, b: CommandPart): boolean {
  const slots = (part: CommandPart) =>
    JSON.stringify(part.result.entitiesList.map((entity) => [entity.name, entity.value]));
  return a.result.intent.name === b.result.intent.name && slots(a) === slots(b);
}

function matchOwn(words: readonly string[], recognize: Recognize): CommandPart | undefined {
  const text = words.join(' ');
  const result = recognize(text);
  return result === undefined ? undefined : { text, result };
}

/** "the porch light" after "turn on the kitchen light": "turn on the porch light", with the same intent. */
function withVerbOf(previous: CommandPart, words: readonly string[], recognize: Recognize): CommandPart | undefined {
  const leading = previous.text.split(' ');
  for (let count = 1; count <= Math.min(MAX_BORROWED_WORDS, leading.length - 1); count++) {
    const part = matchOwn([...leading.slice(0, count), ...words], recognize);
    if (part !== undefined && part.result.intent.name === previous.result.intent.name) return part;
  }
  return undefined;
}

/**
 * "turn on the kitchen" before "dining room lights": "turn on the kitchen lights". The next segment must then be a
 * command too, on its own or with this part's verb; that is checked when it is resolved.
 */
function withNounOf(
  next: readonly string[] | undefined,
  words: readonly string[],
  previous: CommandPart | undefined,
  recognize: Recognize,
): CommandPart | undefined {
  if (next === undefined) return undefined;
  for (let count = 1; count < next.length; count++) {
    const completed = [...words, ...next.slice(next.length - count)];
    const part =
      matchOwn(completed, recognize) ??
      (previous === undefined ? undefined : withVerbOf(previous, completed, recognize));
    if (part !== undefined) return part;
  }
  return undefined;
}
