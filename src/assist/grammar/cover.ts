// HassSetPosition and HassStopMoving: a cover's or valve's position (0–100 %), and stopping it.

import { block, placed, type GrammarPart, type IntentBlock } from './blocks.ts';
import { AREA, FLOOR, OPENABLES } from './targets.ts';

const RULES = {
  move: '(set|move|put|open|close|raise|lower|adjust|change|increase|decrease)',
  pos: '{position}[<percent>]',
  stop: '(stop|halt|freeze)',
  covers: '[all [of ]][the ]{cover_classes:device_class}',
  // The covers of a place: "the bedroom curtains", "the curtains in the bedroom".
  covers_at: '([all [of ]]<loc> {cover_classes:device_class}|<covers> <in_loc>)',
};

const COVER = { domain: 'cover' };

const positionBlocks: IntentBlock[] = [
  block({
    combination: 'name_only',
    names: OPENABLES,
    rules: RULES,
    sentences: [
      '<move> <entity>[ position] to <pos>',
      '<move> [the ]position of <entity> to <pos>',
      '<entity>[ position] to <pos>',
    ],
  }),
  ...[AREA, FLOOR].map((place) =>
    block({
      combination: placed(place, 'device_class'),
      slots: COVER,
      place,
      rules: RULES,
      sentences: [
        '<move> <covers_at>[ position] to <pos>',
        '<move> <covers>[ position] to <pos> <in_loc>',
        '<move> [the ]position of <covers_at> to <pos>',
      ],
    }),
  ),
  block({
    combination: 'device_class',
    slots: COVER,
    contextArea: true,
    rules: RULES,
    sentences: [
      '<move> <covers>[ position][ <here>] to <pos>[ <here>]',
      '<move> [the ]position of <covers>[ <here>] to <pos>',
    ],
  }),
];

const stopBlocks: IntentBlock[] = [
  block({ combination: 'name_only', names: OPENABLES, rules: RULES, sentences: ['<stop> <entity>[ moving]'] }),
  ...[AREA, FLOOR].map((place) =>
    block({
      combination: placed(place, 'device_class'),
      slots: COVER,
      place,
      rules: RULES,
      sentences: ['<stop> <covers_at>[ moving]'],
    }),
  ),
  block({
    combination: 'device_class',
    slots: COVER,
    contextArea: true,
    rules: RULES,
    sentences: ['<stop> <covers>[ moving][ <here>]'],
  }),
];

/** HassSetPosition and HassStopMoving. */
export const COVER_GRAMMAR: GrammarPart = {
  intents: {
    HassSetPosition: { data: positionBlocks },
    HassStopMoving: { data: stopBlocks },
  },
  responses: {
    HassSetPosition: { default: 'Position set.' },
    HassStopMoving: { default: 'Stopped.' },
  },
};
