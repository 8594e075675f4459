// The template parser: turns `turn on [the] {name}` into an expression tree, or says where it is broken.

import { HassilError } from './errors.ts';
import {
  EMPTY_CHUNK,
  textChunk,
  type Alternative,
  type Expression,
  type InlineRange,
  type ListReference,
  type Permutation,
  type Sentence,
  type Sequence,
  type TextChunk,
} from './expression.ts';
import { normalizeText } from './text/normalize.ts';

const CLOSE_OF: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const WORD_STOP = new Set([' ', '|', ';', '(', '[', '{', '<', ')', ']', '}', '>']);
const INLINE_RANGE = /^(\d+)..(\d+)(?:,(\d+))?$/; // hassil's pattern: its dots are unescaped on purpose

/** Parses one sentence template. Throws `TEMPLATE_SYNTAX` naming the template and the column. */
export function parseSentence(template: string): Sentence {
  const trimmed = template.trim();
  const offset = template.indexOf(trimmed.charAt(0)) + 1;
  try {
    const group = parseGroup(trimmed, 0, trimmed.length);
    const expression =
      group.kind === 'sequence' && group.items.length === 1 && isGroup(group.items[0]!) ? group.items[0]! : group;
    return { expression, text: template };
  } catch (error) {
    if (!(error instanceof SyntaxAt)) throw error;
    throw new HassilError('TEMPLATE_SYNTAX', error.message, { template, column: error.index + offset });
  }
}

/** True when `text` uses template syntax (hassil's `is_template`). */
export function isTemplate(text: string): boolean {
  return /[(){}<>[\]|@]/.test(text);
}

class SyntaxAt extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

function isGroup(expression: Expression): boolean {
  return expression.kind === 'sequence' || expression.kind === 'alternative' || expression.kind === 'permutation';
}

/** Parses `text[start, end)` as the inside of a group. */
function parseGroup(text: string, start: number, end: number): Sequence | Alternative | Permutation {
  const options: Expression[][] = [[]];
  let separator: '|' | ';' | undefined;
  for (let i = start; i < end; ) {
    const c = text[i]!;
    if (c === '|' || c === ';') {
      if (separator !== undefined && separator !== c) throw new SyntaxAt("a group cannot mix '|' and ';'", i);
      separator = c;
      options.push([]);
      i++;
      continue;
    }
    const [item, next] = parseItem(text, i, end);
    options[options.length - 1]!.push(item);
    i = next;
  }
  if (separator === undefined) return { kind: 'sequence', items: options[0]! };
  const sequences: Sequence[] = options.map((items) => ({ kind: 'sequence', items }));
  if (separator === '|') return { kind: 'alternative', items: sequences, isOptional: false };
  return { kind: 'permutation', items: sequences.map(padWithSpaces) };
}

function padWithSpaces(item: Sequence): Sequence {
  const space = textChunk(' ');
  return { kind: 'sequence', items: [space, item, space] };
}

/** Parses the item starting at `i`; returns it and the index after it. */
function parseItem(text: string, i: number, end: number): [Expression, number] {
  const c = text[i]!;
  const close = CLOSE_OF[c];
  if (close === undefined) {
    if (c === ')' || c === ']' || c === '}' || c === '>') throw new SyntaxAt(`unexpected '${c}'`, i);
    return parseWord(text, i, end);
  }
  const closeAt = findClose(text, i, end, c, close);
  const next = closeAt + 1;
  switch (c) {
    case '(':
      return [parseGroup(text, i + 1, closeAt), next];
    case '[':
      return [optional(parseGroup(text, i + 1, closeAt)), next];
    case '{':
      return [parseListReference(text.slice(i + 1, closeAt), text, next, i), next];
    default:
      return [{ kind: 'rule', ruleName: unescapeTemplate(text.slice(i + 1, closeAt)) }, next];
  }
}

/** `[x]` is `(x|)`: the empty option last. */
function optional(group: Sequence | Alternative | Permutation): Alternative {
  const options =
    group.kind === 'alternative'
      ? group.items
      : [group.kind === 'sequence' ? group : { kind: 'sequence' as const, items: [group] }];
  return { kind: 'alternative', items: [...options, EMPTY_CHUNK], isOptional: true };
}

/** A word runs through leading spaces, its characters and trailing spaces, up to the next syntax character. */
function parseWord(text: string, i: number, end: number): [TextChunk, number] {
  let j = i;
  let raw = '';
  while (j < end && text[j] === ' ') raw += text[j++];
  while (j < end && !WORD_STOP.has(text[j]!)) {
    if (text[j] === '\\' && j + 1 < end) j++;
    raw += text[j++];
  }
  while (j < end && text[j] === ' ') raw += text[j++];
  return [textChunk(normalizeText(raw)), j];
}

/** The index of the bracket closing the one at `i`; only brackets of the same kind nest, escapes count. */
function findClose(text: string, i: number, end: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < end; j++) {
    const c = text[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  throw new SyntaxAt(`'${open}' is never closed`, i);
}

function parseListReference(body: string, text: string, next: number, at: number): ListReference {
  const content = unescapeTemplate(body).trim();
  if (content === '') throw new SyntaxAt('a list reference needs a name', at);
  const isEndOfWord = next >= text.length || /\s/.test(text[next]!);
  const colon = content.indexOf(':');
  if (colon < 0) {
    const isCapture = content.startsWith('@');
    const name = isCapture ? content.slice(1) : content;
    return { kind: 'list', listName: name, slotName: name, isCapture, isEndOfWord };
  }
  const listName = content.slice(0, colon);
  let slotName = content.slice(colon + 1);
  const isCapture = slotName.startsWith('@');
  if (isCapture) slotName = slotName.slice(1);
  if (listName === '' || slotName === '') throw new SyntaxAt(`'{${content}}' needs a list name and a slot name`, at);
  const range = INLINE_RANGE.exec(listName);
  const reference: ListReference = { kind: 'list', listName, slotName, isCapture, isEndOfWord };
  if (range === null) return reference;
  const inlineRange: InlineRange = {
    start: Number(range[1]),
    stop: Number(range[2]),
    step: range[3] === undefined ? 1 : Number(range[3]),
  };
  return { ...reference, inlineRange };
}

function unescapeTemplate(text: string): string {
  return text.replace(/\\(.)/gsu, '$1');
}
