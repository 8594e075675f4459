// Reading an answer-form phrase off a sentence ("is the kitchen light on? Reply with "yes" or "no"."): the sentence
// without it, and the form it asks for. Only a whole phrase before or after the rest of the sentence is taken off.

import { ANSWER_FORM_PHRASES, type AnswerForm, type AnswerFormPhrases } from './answer-form-phrases.ts';

export type { AnswerForm } from './answer-form-phrases.ts';

/** A sentence with its answer-form phrases taken off: what is left, and the form asked. */
export interface AskedForm {
  /** The sentence without the phrases (a "?" that separated a trailing phrase is kept). */
  readonly text: string;
  /** The form asked; of several phrases, the most exact (yes or no, then one word, then briefly). */
  readonly form: AnswerForm;
  /**
   * True when punctuation or a dash set every phrase apart ("…? just yes or no"); false when only a space did ("… just
   * yes or no"), where the phrase may be a grammar's own words (a title to play, a message to broadcast).
   */
  readonly separated: boolean;
}

/** Quote and bracket characters: read as spaces, so a phrase is matched however it is quoted. */
const QUOTES = /["'`“”„‟«»‘’‚‛‹›()[\]]/gu;

/** Quotes, brackets and spaces at either end of what is left. */
const EDGES = /^[\s"'`“”„‟«»‘’‚‛‹›()[\]]+|[\s"'`“”„‟«»‘’‚‛‹›()[\]]+$/gu;

/** What may stand between the phrase and the rest: punctuation or a dash, or only spaces. */
const SEPARATOR = String.raw`(?<sep>\s*[?.,:;!…\-–—]+\s*|\s+)`;

/** The forms, most exact first. */
const FORMS: readonly AnswerForm[] = ['yes-no', 'one-word', 'brief'];

/** The named group of each form in a reader's expressions. */
const GROUPS: Readonly<Record<AnswerForm, string>> = { 'yes-no': 'yesNo', 'one-word': 'oneWord', brief: 'brief' };

/** A language's phrases compiled: a phrase ending the sentence, and one starting it. */
interface Reader {
  readonly trailing: RegExp;
  readonly leading: RegExp;
  readonly binding: ReadonlySet<string>;
}

/** The most phrases taken off one sentence ("Is it on? Yes or no? One word."). */
const MAX_PHRASES = 3;

/**
 * The sentence without its answer-form phrases and the form they ask for, or undefined when it has none (or the
 * language has no table). Nothing is taken off when nothing but the phrase would be left ("say yes or no"), or when a
 * binding word ("not", "nicht") is said right before it: the sentence is then read as it is.
 */
export function readAnswerForm(text: string, language: string): AskedForm | undefined {
  const reader = READERS.get(language.toLowerCase().split(/[-_]/u)[0] ?? '');
  if (reader === undefined) return undefined;
  let rest = text;
  let separated = true;
  const forms: AnswerForm[] = [];
  for (let i = 0; i < MAX_PHRASES; i++) {
    const taken = takeTrailing(rest, reader) ?? takeLeading(rest, reader);
    if (taken === undefined) break;
    rest = taken.text;
    separated &&= taken.separated;
    forms.push(taken.form);
  }
  const form = FORMS.find((candidate) => forms.includes(candidate));
  return form === undefined ? undefined : { text: rest, form, separated };
}

/** "<rest>? Reply with yes or no." → the rest (with its "?") and the form. */
function takeTrailing(text: string, reader: Reader): AskedForm | undefined {
  const match = reader.trailing.exec(text.replace(QUOTES, ' '));
  const groups = match?.groups;
  if (groups === undefined) return undefined;
  const form = formOf(groups);
  const rest = cleaned(text.slice(0, groups.rest!.length));
  if (form === undefined || rest === undefined || endsBound(rest, reader)) return undefined;
  const question = groups.sep!.includes('?') && !/[?.!]$/u.test(rest) ? `${rest}?` : rest;
  return { text: question, form, separated: /\S/u.test(groups.sep!) };
}

/** "Answer in one word: <rest>" → the rest and the form. */
function takeLeading(text: string, reader: Reader): AskedForm | undefined {
  const match = reader.leading.exec(text.replace(QUOTES, ' '));
  const groups = match?.groups;
  if (groups === undefined) return undefined;
  const form = formOf(groups);
  const rest = cleaned(text.slice(text.length - groups.rest!.length - groups.end!.length, text.length));
  if (form === undefined || rest === undefined) return undefined;
  return { text: rest, form, separated: /\S/u.test(groups.sep!) };
}

function formOf(groups: Record<string, string | undefined>): AnswerForm | undefined {
  return FORMS.find((form) => groups[GROUPS[form]] !== undefined);
}

/** What is left, without quotes at its ends; undefined when no word is left. */
function cleaned(rest: string): string | undefined {
  const text = rest.replace(EDGES, '');
  return /\p{L}/u.test(text) ? text : undefined;
}

/** True when the rest ends in a binding word ("… don't", "… nicht"), which would take the phrase into its meaning. */
function endsBound(rest: string, reader: Reader): boolean {
  const last = (rest.toLowerCase().match(/[\p{L}'’]+$/u)?.[0] ?? '').replace(/['’]/gu, '');
  return reader.binding.has(last) || /n['’]t$/u.test(rest.toLowerCase());
}

/** The template characters that are syntax, as regular-expression source. */
const SYNTAX: Readonly<Record<string, string>> = {
  '(': '(?:',
  ')': ')',
  '[': '(?:',
  ']': ')?',
  '|': '|',
  ' ': String.raw`\s+`,
  '/': String.raw`\s*/\s*`,
  '-': String.raw`\s*-\s*`,
  ':': String.raw`\s*:`,
};

/** The compiled readers of the languages with a table. */
const READERS: ReadonlyMap<string, Reader> = new Map(
  Object.entries(ANSWER_FORM_PHRASES).map(([language, phrases]) => [language, compileReader(phrases)]),
);

function compileReader(phrases: AnswerFormPhrases): Reader {
  const phrase = FORMS.map(
    (form) => `(?<${GROUPS[form]}>${phrases.phrases[form].map((p) => `(?:${compile(p, phrases.rules)})`).join('|')})`,
  ).join('|');
  return {
    trailing: new RegExp(String.raw`^(?<rest>[\s\S]*?\S)${SEPARATOR}(?:${phrase})[\s?.!…]*$`, 'iu'),
    leading: new RegExp(String.raw`^\s*(?:${phrase})${SEPARATOR}(?<rest>\S[\s\S]*?)(?<end>\s*)$`, 'iu'),
    binding: new Set(phrases.binding.map((word) => word.toLowerCase())),
  };
}

/** One template as a regular expression's source (the syntax of {@link AnswerFormPhrases}). */
function compile(template: string, rules: Readonly<Record<string, string>>): string {
  let source = '';
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    if (char === '<') {
      const end = template.indexOf('>', i);
      const name = template.slice(i + 1, end);
      const rule = rules[name];
      if (rule === undefined) throw new Error(`answer-form phrase "${template}" names no rule <${name}>`);
      source += `(?:${compile(rule, rules)})`;
      i = end;
    } else source += SYNTAX[char] ?? char.replace(/[.*+?^${}\\]/gu, '\\$&');
  }
  return source;
}
