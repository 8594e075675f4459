// Recognising a list or calendar question with the language's table (list-question-table.ts), compiled once by
// hearth's own hassil engine, the home's list and calendar names being the slot lists.

import {
  createTextSlotList,
  createTextValue,
  type Intents,
  loadIntents,
  type RecognizeResult,
  recognizeAll,
} from '../../../hassil/index.ts';
import { CALENDAR_INTENT, CHOICE_INTENT, LIST_INTENT, LIST_QUESTION_TABLES } from './list-question-table.ts';
import type { Period } from './list-question-words.ts';

/** Which list or calendar a question is about: by its name (the names said, longest first), or the kind named. */
export type Asked = { kind: 'named'; names: readonly string[] } | { kind: 'only' } | { kind: 'shopping' };

/** A recognised question. */
export type ListQuestion =
  | { kind: 'list'; asked: Asked; status: 'needs_action' | 'completed' }
  | { kind: 'calendar'; asked: Asked; period: Period };

/** The list-question grammar of each language, compiled at its first use and kept by its owner (HA-Assist's caches). */
export interface ListQuestionGrammars {
  /** The grammar of `language`, or undefined for a language without a table. */
  of(language: string): Intents | undefined;
}

/** An empty set of list-question grammars: each language's is compiled the first time a sentence needs it. */
export function createListQuestionGrammars(): ListQuestionGrammars {
  const compiled = new Map<string, Intents>();
  return {
    of(language) {
      if (!Object.hasOwn(LIST_QUESTION_TABLES, language)) return undefined;
      let grammar = compiled.get(language);
      if (grammar === undefined) {
        grammar = loadIntents(LIST_QUESTION_TABLES[language]!.grammar);
        compiled.set(language, grammar);
      }
      return grammar;
    },
  };
}

/**
 * The question `text` asks, in the list-question `grammar` of its language, with `lists` and `calendars` the names it may say (the
 * tools' enums); undefined when it is none of the table's questions. Of several readings the one whose name covers
 * most of the sentence counts ("Shopping List" over "Shopping" + "list"); names equally long are all kept.
 */
export function recognizeListQuestion(
  text: string,
  grammar: Intents | undefined,
  lists: readonly string[],
  calendars: readonly string[],
): ListQuestion | undefined {
  if (grammar === undefined) return undefined;
  const slotLists = {
    todo_list: namesList('todo_list', lists),
    calendar: namesList('calendar', calendars),
    choice: namesList('choice', []),
  };
  const results = recognizeAll(text, grammar, { slotLists }).filter((result) => result.intent.name !== CHOICE_INTENT);
  if (results.length === 0) return undefined;
  const named = results.filter((result) => nameOf(result) !== undefined);
  if (named.length === 0) return questionOf(results[0]!, { kind: isShopping(results[0]!) ? 'shopping' : 'only' });
  const longest = Math.max(...named.map((result) => nameOf(result)!.text.length));
  const best = named.filter((result) => nameOf(result)!.text.length === longest);
  const names = [...new Set(best.map((result) => nameOf(result)!.value))];
  return questionOf(best[0]!, { kind: 'named', names });
}

function questionOf(result: RecognizeResult, asked: Asked): ListQuestion {
  if (result.intent.name === CALENDAR_INTENT) {
    const when = result.entities.when?.value;
    return { kind: 'calendar', asked, period: when === 'tomorrow' || when === 'week' ? when : 'today' };
  }
  const status = result.entities.status?.value === 'completed' ? 'completed' : 'needs_action';
  return { kind: 'list', asked, status };
}

function nameOf(result: RecognizeResult): { value: string; text: string } | undefined {
  const entity = result.intent.name === LIST_INTENT ? result.entities.todo_list : result.entities.calendar;
  return typeof entity?.value === 'string' ? { value: entity.value, text: entity.text } : undefined;
}

const isShopping = (result: RecognizeResult) => result.entities.target?.value === 'shopping';

/** A slot list of names taken as written: a name with brackets is no template. */
function namesList(slot: string, names: readonly string[]) {
  return createTextSlotList(
    slot,
    [...new Set(names)].map((name) => createTextValue(name, name, { allowTemplate: false })),
  );
}

/**
 * The one of `names` that `text` says, as the reply to "Which one do you mean: …?" ("the Tasks list", "Aufgaben");
 * undefined when it says none of them, or as much of two.
 */
export function recognizeChoice(
  text: string,
  grammar: Intents | undefined,
  names: readonly string[],
): string | undefined {
  if (grammar === undefined) return undefined;
  const slotLists = {
    todo_list: namesList('todo_list', []),
    calendar: namesList('calendar', []),
    choice: namesList('choice', names),
  };
  const chosen = recognizeAll(text, grammar, { slotLists })
    .filter((result) => result.intent.name === CHOICE_INTENT)
    .flatMap((result) => {
      const entity = result.entities.choice;
      return typeof entity?.value === 'string' ? [{ value: entity.value, length: entity.text.length }] : [];
    });
  const longest = Math.max(0, ...chosen.map((choice) => choice.length));
  const values = new Set(chosen.filter((choice) => choice.length === longest).map((choice) => choice.value));
  return values.size === 1 ? [...values][0] : undefined;
}
