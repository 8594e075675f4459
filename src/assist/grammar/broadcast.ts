// HassBroadcast: a message spoken on every satellite of the home.

import { block, type GrammarPart } from './blocks.ts';

/** The broadcast intent. */
export const BROADCAST_GRAMMAR: GrammarPart = {
  intents: {
    HassBroadcast: {
      data: [
        block({
          combination: 'message_only',
          sentences: ['(broadcast|announce) [(everywhere|to everyone) ][that ]{message}'],
        }),
      ],
    },
  },
  responses: { HassBroadcast: { default: 'Done' } },
};
