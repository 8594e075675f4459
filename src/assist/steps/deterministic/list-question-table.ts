// The list and calendar questions HA-Assist answers itself, per language, as a tiny hassil grammar (data, not code):
// "what's on my shopping list", "what do I need to buy", "what did I already buy", "what's on my calendar today".
// Only these frames are recognised; a question that needs judgement ("am I leaving the house today", "is there
// anything important this week") matches none of them and goes to the model, which has the tools.

import type { IntentsDocument } from '../../../hassil/index.ts';

/**
 * The slots a match carries. `{todo_list}` and `{calendar}` are filled at recognition with the names the request's
 * tools offer (their `enum`); the fixed slots of a block say what was asked:
 * - `status`: `needs_action` (what is on a list) or `completed` (what is already done or bought);
 * - `target`: for a question that names no list or calendar, `only` ("my list", "my calendar": the one there is) or
 *   `shopping` ("what do I need to buy": the one list whose name says shopping);
 * - `{when}`: `today`, `tomorrow` or `week`.
 */
export type ListSlot = 'todo_list' | 'calendar' | 'status' | 'target' | 'when' | 'choice';

/** The names of the grammar's intents: the two questions, and the answer to HA-Assist's question which one. */
export const LIST_INTENT = 'ListItems';
export const CALENDAR_INTENT = 'CalendarEvents';
export const CHOICE_INTENT = 'Choice';

/** One language's questions, and the words that make a list a shopping list. */
export interface ListQuestionTable {
  /**
   * The grammar: `ListItems` and `CalendarEvents`, with the slots of {@link ListSlot}; and `Choice`, the reply to
   * "Which one do you mean: …?" naming one of them (`{choice}`, filled with the names asked between).
   */
  readonly grammar: IntentsDocument;
  /** A list whose name has one of these (folded to lower case, as a part of a word) is a shopping list. */
  readonly shoppingWords: readonly string[];
}

const named = (sentences: string[], status: 'needs_action' | 'completed') => ({ sentences, slots: { status } });
const unnamed = (sentences: string[], status: 'needs_action' | 'completed', target: 'only' | 'shopping') => ({
  sentences,
  slots: { status, target },
});

/** English. */
const ENGLISH: ListQuestionTable = {
  shoppingWords: ['shopping', 'grocer'],
  grammar: {
    language: 'en',
    expansion_rules: {
      whats: "(what's|whats|what is)",
      my: '(my|our|the)',
      on: '(on|in)',
      show: '(read [me]|show [me]|tell me|list|give me)',
      items: '(items|things|entries)',
      list: '(list|to-do list|to do list|todo list)',
      shopping: '(shopping|grocery) list',
      done: '(done|completed|complete|checked off|ticked off|crossed off)',
      // "Shopping List" said as "shopping list", or "Tasks" as "the tasks list".
      todo: '{todo_list}[ list]',
      cal: '{calendar}[ calendar]',
      agenda: '(calendar|agenda|schedule)',
      have: '(do (I|we) have|have (I|we) got|do (I|we) have going on)',
      events: '(events|appointments|meetings|plans)',
    },
    lists: {
      when: {
        values: [
          { in: '[for ]today', out: 'today' },
          { in: '[for ]tomorrow', out: 'tomorrow' },
          { in: '[for ](this|the) week', out: 'week' },
        ],
      },
    },
    intents: {
      ListItems: {
        data: [
          named(
            [
              '<whats> <on> <my> <todo>',
              'what (are|is) <on> <my> <todo>',
              'what <items> are <on> <my> <todo>',
              'what do (I|we) have <on> <my> <todo>',
              "(what's|what is) (left|still) <on> <my> <todo>",
              '<show> <my> <todo>',
              '<show> [(the|all) ]<items> <on> <my> <todo>',
            ],
            'needs_action',
          ),
          unnamed(
            ['<whats> <on> <my> <list>', 'what <items> are <on> <my> <list>', '<show> <my> <list>'],
            'needs_action',
            'only',
          ),
          unnamed(
            [
              '<whats> <on> <my> <shopping>',
              'what <items> are <on> <my> <shopping>',
              '<show> <my> <shopping>',
              'what (do|should|must) (I|we) (buy|get)',
              'what (do|should|must) (I|we) still (buy|get)',
              'what do (I|we) [still ]need to (buy|get|pick up)',
              'what do (I|we) need from the (store|shop|supermarket)',
            ],
            'needs_action',
            'shopping',
          ),
          named(
            [
              "(what's|what is|what are) [already ]<done> <on> <my> <todo>",
              '(what|which) <items> (are|have been) [already ]<done> <on> <my> <todo>',
              '<show> [me ][the ](completed|done|checked off) <items> <on> <my> <todo>',
            ],
            'completed',
          ),
          unnamed(
            [
              "(what's|what is|what are) [already ]<done> <on> <my> <list>",
              '(what|which) <items> (are|have been) [already ]<done> <on> <my> <list>',
            ],
            'completed',
            'only',
          ),
          unnamed(
            [
              'what (did|have) (I|we) already (buy|bought)',
              'what have (I|we) bought [already]',
              "(what's|what is|what are) [already ]<done> <on> <my> <shopping>",
            ],
            'completed',
            'shopping',
          ),
        ],
      },
      CalendarEvents: {
        data: [
          {
            sentences: [
              '<whats> <on> <my> <cal> {when}',
              '<whats> {when} <on> <my> <cal>',
              'what <events> are <on> <my> <cal> {when}',
              'what <have> <on> <my> <cal> {when}',
              '<show> <my> <cal> [events ]{when}',
            ],
          },
          {
            sentences: [
              '<whats> <on> <my> <agenda> {when}',
              '<whats> {when} <on> <my> <agenda>',
              "(what's|what is|what are) <my> (<agenda>|<events>) {when}",
              'what <events> <have> {when}',
              'what <events> are <on> <my> <agenda> {when}',
              'what <have> (planned|scheduled|on) {when}',
              '(do (I|we) have|have (I|we) got) any <events> {when}',
              '<show> <my> (<agenda>|<events>) {when}',
            ],
            slots: { target: 'only' },
          },
        ],
      },
      Choice: {
        data: [{ sentences: ['[(I mean|I meant) ][the ]{choice}[ (list|calendar|one)][ please]'] }],
      },
    },
  },
};

/** German. */
const GERMAN: ListQuestionTable = {
  shoppingWords: ['einkauf', 'shopping'],
  grammar: {
    language: 'de',
    expansion_rules: {
      steht: '(was steht|was ist|was gibt es|was gibts)',
      auf: '(auf|in)',
      meiner: '(meiner|unserer|der|meinem|unserem|dem)',
      meine: '(meine|unsere|die|mein|unser|den)',
      zeig: '(zeig [mir]|zeige [mir]|nenn [mir]|nenne [mir]|sag mir)',
      items: '(Einträge|Punkte|Sachen|Artikel|Dinge)',
      liste: '(Liste|To-do-Liste|To-do Liste|Todo-Liste|Todo Liste|Aufgabenliste)',
      einkauf: '(Einkaufsliste|Einkaufszettel)',
      erledigt: '(erledigt|abgehakt|gekauft|fertig)',
      todo: '[Liste ]{todo_list}',
      im: '(im|in meinem|in unserem|in dem|auf meinem|auf dem)',
      kal: '[Kalender ]{calendar}[ Kalender]',
      kalender: '(Kalender|Terminkalender)',
      termine: '(Termine|Termin|Ereignisse|Veranstaltungen)',
      habe: '(habe ich|hab ich|haben wir)',
    },
    lists: {
      when: {
        values: [
          { in: '[für ]heute', out: 'today' },
          { in: '[für ]morgen', out: 'tomorrow' },
          { in: '([für ]diese Woche|in dieser Woche|für die Woche)', out: 'week' },
        ],
      },
    },
    intents: {
      ListItems: {
        data: [
          named(
            [
              '<steht> [noch ]<auf> <meiner> <todo>',
              'welche <items> (stehen|sind) [noch ]<auf> <meiner> <todo>',
              '<zeig> <meine> <todo>',
              'lies [mir ]<meine> <todo> vor',
            ],
            'needs_action',
          ),
          unnamed(
            [
              '<steht> [noch ]<auf> <meiner> <liste>',
              'welche <items> (stehen|sind) [noch ]<auf> <meiner> <liste>',
              '<zeig> <meine> <liste>',
              'lies [mir ]<meine> <liste> vor',
            ],
            'needs_action',
            'only',
          ),
          unnamed(
            [
              '<steht> [noch ]<auf> <meiner> <einkauf>',
              'welche <items> (stehen|sind) [noch ]<auf> <meiner> <einkauf>',
              '<zeig> <meine> <einkauf>',
              'lies [mir ]<meine> <einkauf> vor',
              '(was muss ich|was soll ich|was sollte ich|was müssen wir|was sollen wir|was sollten wir) [noch ](kaufen|einkaufen|besorgen)',
              'was (brauche ich|brauchen wir) [noch ](vom Supermarkt|aus dem Supermarkt|vom Laden|zum Einkaufen)',
            ],
            'needs_action',
            'shopping',
          ),
          named(
            [
              'was ist <auf> <meiner> <todo> [schon |bereits ]<erledigt>',
              'welche <items> sind <auf> <meiner> <todo> [schon |bereits ]<erledigt>',
            ],
            'completed',
          ),
          unnamed(
            [
              'was ist <auf> <meiner> <liste> [schon |bereits ]<erledigt>',
              'welche <items> sind <auf> <meiner> <liste> [schon |bereits ]<erledigt>',
            ],
            'completed',
            'only',
          ),
          unnamed(
            [
              'was (habe ich|hab ich|haben wir) (schon|bereits) gekauft',
              'was ist <auf> <meiner> <einkauf> [schon |bereits ]<erledigt>',
            ],
            'completed',
            'shopping',
          ),
        ],
      },
      CalendarEvents: {
        data: [
          {
            sentences: [
              '<steht> {when} <im> <kal>',
              '<steht> <im> <kal> {when}',
              'welche <termine> (stehen|sind) {when} <im> <kal>',
              'welche <termine> (stehen|sind) <im> <kal> {when}',
              '<zeig> {when} <meine> <kal>',
            ],
          },
          {
            sentences: [
              '<steht> {when} <im> <kalender>',
              '<steht> <im> <kalender> {when}',
              'welche <termine> (stehen|sind) {when} <im> <kalender>',
              'welche <termine> <habe> {when}',
              'was <habe> {when} [für <termine> ](vor|geplant)',
              'was <habe> {when} für <termine>',
              '(habe ich|hab ich|haben wir) {when} <termine>',
              '<steht> {when} an',
              '<zeig> [mir ](meine|unsere) <termine> {when}',
            ],
            slots: { target: 'only' },
          },
        ],
      },
      Choice: {
        data: [
          {
            sentences: [
              '[(ich meine|ich meinte) ][(die|den|der|das) ][(Liste|Kalender) ]{choice}[ (Liste|Kalender)][ bitte]',
            ],
          },
        ],
      },
    },
  },
};

/** The table of each language HA-Assist answers list and calendar questions in. */
export const LIST_QUESTION_TABLES: Readonly<Record<string, ListQuestionTable>> = { en: ENGLISH, de: GERMAN };
