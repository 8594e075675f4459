// The target names a sentence mentions, as skeleton repair sees them: placeholders in frames, narrowed lists for sampling.

import {
  createTextSlotList,
  textSlotListFromStrings,
  type ByName,
  type SlotList,
  type TextSlotValue,
} from '../../../hassil/index.ts';
import type { NameIndex } from './catalog-names.ts';
import type { RepairLexicon } from './lexicon.ts';
import { PLACEHOLDER_MARK, readNumber } from './skeleton-constraints.ts';
import { findLongestPhrases, foldPhrase, removeSkipPhrases, splitWords } from './words.ts';

const PLAIN_INITIAL = /^[a-z0-9]$/u;

/** Slot lists by name, as the recognise options take them. */
export type SlotLists = ByName<SlotList>;

/** The lists whose values are target names: they become placeholders and are narrowed to the input's. */
export const TARGET_LISTS: readonly string[] = ['name', 'area', 'floor'];

/** The target names one input mentions. */
export interface InputTargets {
  /** Folded name → its placeholder word. */
  readonly phrases: ReadonlyMap<string, string>;
  readonly maxWords: number;
}

/** The targets of `keys`: values of the target lists whose text is a run of the input's words. */
export function findInputTargets(keys: readonly string[], slotLists: ReadonlyMap<string, SlotList>): InputTargets {
  const all = new Map<string, string>();
  let maxWords = 0;
  const initials = new Set(keys.map((key) => key[0]));
  for (const value of targetValues(slotLists)) {
    // Folding thousands of names is the costly part: a name whose plain first letter starts no input word cannot be there.
    const first = value.textIn.kind === 'text' ? value.textIn.folded.trimStart()[0] : undefined;
    if (first !== undefined && PLAIN_INITIAL.test(first) && !initials.has(first)) continue;
    const key = valueKey(value);
    if (key === undefined) continue;
    all.set(key, `${PLACEHOLDER_MARK}${key}»`);
    maxWords = Math.max(maxWords, key.split(' ').length);
  }
  // The names the frame will show: the longest from the left, as `frameOf` reads them.
  const phrases = new Map(
    findLongestPhrases(keys, all, maxWords).map((span) => [keys.slice(span.start, span.end).join(' '), span.value]),
  );
  return { phrases, maxWords };
}

/**
 * The frame of a sentence: its folded words without skip words, each target name (the longest from the
 * left) one placeholder word, so a long name weighs as much as "the" and cannot hide a changed word. A
 * unit symbol written on a number is a word of its own ("50%" is "50 %"): the grammar writes it either way.
 */
export function frameOf(text: string, targets: InputTargets, skipPhrases: readonly (readonly string[])[]): string[] {
  const keys = removeSkipPhrases(
    splitWords(text).flatMap((word) => splitNumberSuffix(word.key)),
    skipPhrases,
  );
  const frame: string[] = [];
  let next = 0;
  for (const span of findLongestPhrases(keys, targets.phrases, targets.maxWords)) {
    frame.push(...keys.slice(next, span.start), span.value);
    next = span.end;
  }
  return [...frame, ...keys.slice(next)];
}

// A number with a unit symbol written on it ("50%", "21°c"); letters ("5o") are no unit.
const NUMBER_AND_SUFFIX = /^(\d+(?:[.,]\d+)?)([^\p{L}\p{N}]\D*)$/u;

function splitNumberSuffix(key: string): string[] {
  const parts = NUMBER_AND_SUFFIX.exec(key);
  return parts === null ? [key] : [parts[1]!, parts[2]!];
}

/** Sides of a target name where the catalogue has a longer name going on ("Lamp" in "Hall Lamp", "Lamp 2"). */
export interface ExtendableSides {
  readonly before: boolean;
  readonly after: boolean;
}

/**
 * For each target placeholder of the input, the sides on which a longer catalogue name continues it. A
 * word there may be a misspelled part of that longer name ("bll lamp" for "Hall Lamp"), so a repair must
 * not drop or change it and leave the shorter name ("Lamp") standing.
 */
export function findExtendableSides(targets: InputTargets, names: NameIndex): Map<string, ExtendableSides> {
  const sides = new Map<string, ExtendableSides>();
  const keys = [...names.byKey.keys()];
  for (const [key, placeholder] of targets.phrases) {
    sides.set(placeholder, {
      before: keys.some((other) => other.endsWith(` ${key}`)),
      after: keys.some((other) => other.startsWith(`${key} `)),
    });
  }
  return sides;
}

/** True when every word next to an extendable side of a target in the input is next to it in the candidate too. */
export function keepsTargetNeighbours(
  inputFrame: readonly string[],
  candidateFrame: readonly string[],
  sides: ReadonlyMap<string, ExtendableSides>,
): boolean {
  return inputFrame.every((word, i) => {
    const side = sides.get(word);
    if (side === undefined) return true;
    const j = candidateFrame.indexOf(word);
    const keepsBefore = !side.before || i === 0 || candidateFrame[j - 1] === inputFrame[i - 1];
    const keepsAfter = !side.after || i === inputFrame.length - 1 || candidateFrame[j + 1] === inputFrame[i + 1];
    return keepsBefore && keepsAfter;
  });
}

/**
 * The lists to sample with: the grammar's, the caller's over them, target lists narrowed to the names
 * the input mentions (an empty list when none), and, when the input has numbers, every range narrowed
 * to those numbers (sampling would otherwise offer only a range's first, middle and last values).
 */
export function narrowLists(
  grammarLists: ReadonlyMap<string, SlotList>,
  slotLists: ReadonlyMap<string, SlotList>,
  at: {
    targets: InputTargets;
    frame: readonly string[];
    lexicon: RepairLexicon;
  },
): Map<string, SlotList> {
  const lists = new Map([...grammarLists, ...slotLists]);
  for (const name of TARGET_LISTS) {
    const list = lists.get(name);
    const values =
      list?.kind === 'text' ? list.values.filter((value) => at.targets.phrases.has(valueKey(value) ?? '')) : [];
    if (list === undefined || list.kind === 'text') lists.set(name, createTextSlotList(name, values));
  }
  const numbers = at.frame.flatMap((word) => {
    const number = /^\d/u.test(word) ? readNumber(word, at.lexicon) : undefined;
    return number === undefined ? [] : [number];
  });
  if (numbers.length === 0) return lists;
  for (const [name, list] of lists) {
    if (list.kind !== 'range') continue;
    lists.set(
      name,
      textSlotListFromStrings(
        name,
        numbers.filter((number) => Number(number) >= list.start && Number(number) <= list.stop),
        false,
      ),
    );
  }
  return lists;
}

function* targetValues(slotLists: ReadonlyMap<string, SlotList>): Generator<TextSlotValue> {
  for (const name of TARGET_LISTS) {
    const list = slotLists.get(name);
    if (list?.kind === 'text') yield* list.values;
  }
}

/** The folded text of a plain value; values written as templates are not target names repair can place. */
function valueKey(value: TextSlotValue): string | undefined {
  if (value.textIn.kind !== 'text') return undefined;
  const key = foldPhrase(value.textIn.text);
  return key === '' ? undefined : key;
}
