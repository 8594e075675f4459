// HassListAddItem: adding an item (any words) to a named to-do list.

import { block, type GrammarPart } from './blocks.ts';
import { TODO_LISTS } from './targets.ts';

/** HassListAddItem. */
export const TODO_GRAMMAR: GrammarPart = {
  intents: {
    HassListAddItem: {
      data: [
        block({
          combination: 'name_item',
          names: TODO_LISTS,
          // One wildcard, between fixed words, so matching stays cheap.
          sentences: ['(add|put) {item} (to|on|onto|in|into) <entity>'],
        }),
      ],
    },
  },
  responses: {
    HassListAddItem: { default: 'Added {{ slots.item }} to {{ slots.name }}.' },
  },
};
