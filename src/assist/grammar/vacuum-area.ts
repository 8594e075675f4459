// HassVacuumCleanArea: a vacuum sent to clean one area ("vacuum the kitchen", "clean in here", "start rover in the hall").

import { block, type GrammarPart } from './blocks.ts';
import { AREA, VACUUMS } from './targets.ts';

const RULES = {
  clean: '(clean|vacuum|hoover|mop)',
  this_room: '(<here>|this (room|area)|the room)',
};

/** The vacuum area intent; it is tried before HassVacuumStart, whose area block says the same words. */
export const VACUUM_AREA_GRAMMAR: GrammarPart = {
  intents: {
    HassVacuumCleanArea: {
      data: [
        block({ combination: 'area_only', place: AREA, rules: RULES, sentences: ['<clean> <loc>'] }),
        block({ combination: 'context_area', contextArea: true, rules: RULES, sentences: ['<clean> <this_room>'] }),
        block({
          combination: 'name_area',
          names: VACUUMS,
          place: AREA,
          rules: RULES,
          sentences: ['<clean> <loc> with <entity>', '(start|send) <entity> <in_loc>', 'send <entity> to clean <loc>'],
        }),
      ],
    },
  },
  responses: { HassVacuumCleanArea: { default: 'Cleaning {{ slots.area }}' } },
};
