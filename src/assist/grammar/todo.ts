// To-do and shopping lists: HassListAddItem, HassListCompleteItem, HassListRemoveItem (a named list), and
// HassShoppingListAddItem, HassShoppingListCompleteItem (the shopping list, unnamed).

import { block, type GrammarPart } from './blocks.ts';
import { TODO_LISTS } from './targets.ts';

// The item is a wildcard between fixed words, so matching stays cheap.
const RULES = {
  // The unnamed shopping list: "my shopping list", "the list".
  list: '[the |my ][shopping ]list',
  check_off: '((check|tick|cross) off {item} (from|on|in|off)|(check|tick|cross) {item} off[ (from|on)])',
  mark_done: 'mark {item} as (done|complete|completed|finished) (on|in)',
};

/** The list intents. */
export const TODO_GRAMMAR: GrammarPart = {
  intents: {
    HassListAddItem: {
      data: [
        block({
          combination: 'name_item',
          names: TODO_LISTS,
          sentences: ['(add|put) {item} (to|on|onto|in|into) <entity>'],
        }),
      ],
    },
    HassListCompleteItem: {
      data: [
        block({
          combination: 'name_item',
          names: TODO_LISTS,
          rules: RULES,
          sentences: ['<check_off> <entity>', '<mark_done> <entity>', 'complete {item} (from|on|in) <entity>'],
          response: 'item_completed',
        }),
      ],
    },
    HassListRemoveItem: {
      data: [
        block({
          combination: 'name_item',
          names: TODO_LISTS,
          sentences: ['(remove|delete|take) {item} (from|off|on|in) <entity>'],
          response: 'item_deleted',
        }),
      ],
    },
    HassShoppingListAddItem: {
      data: [
        block({
          combination: 'item_only',
          rules: RULES,
          sentences: ['(add|put) {item} (to|on|onto|in|into) <list>'],
          response: 'item_added',
        }),
      ],
    },
    HassShoppingListCompleteItem: {
      data: [
        block({
          combination: 'item_only',
          rules: RULES,
          // Home Assistant's shopping list has no removal of its own: "remove" checks the item off.
          sentences: [
            '<check_off> <list>',
            '<mark_done> <list>',
            '(complete|remove|delete|take) {item} (from|on|in|off) <list>',
          ],
          response: 'item_completed',
        }),
      ],
    },
  },
  responses: {
    HassListAddItem: { default: 'Added {{ slots.item }} to {{ slots.name }}.' },
    HassListCompleteItem: { item_completed: 'Checked off {{ slots.item }}' },
    HassListRemoveItem: { item_deleted: 'Removed {{ slots.item }}' },
    HassShoppingListAddItem: { item_added: 'Added {{ slots.item }}' },
    HassShoppingListCompleteItem: { item_completed: 'Checked off {{ slots.item }}' },
  },
};
