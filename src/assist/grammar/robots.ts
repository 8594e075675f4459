// Robots that go out and come back: HassVacuumStart, HassVacuumReturnToBase, HassLawnMowerStartMowing, HassLawnMowerDock.

import { block, placed, type GrammarPart } from './blocks.ts';
import { FLOOR, MOWERS, VACUUMS } from './targets.ts';

const RULES = {
  home_base: '(base|[the |its ]dock|[the |its ]charger|[the |its ]station|home)',
  vacuum: '[the ](vacuum|vacuum cleaner|robot vacuum|hoover|robot)',
  send_back: '(return|send|bring)',
  mower: '[the ](mower|lawn mower|lawnmower|robot mower)',
  lawn: '[the ](lawn|grass|yard|garden)',
};

/** The vacuum and lawn mower intents. */
export const ROBOTS_GRAMMAR: GrammarPart = {
  intents: {
    HassVacuumStart: {
      data: [
        block({
          combination: 'name_only',
          names: VACUUMS,
          rules: RULES,
          sentences: [
            '(start|run|launch) <entity>',
            '(start|begin) (cleaning|vacuuming) with <entity>',
            '<entity> (start|start cleaning|clean)',
          ],
        }),
        // "Vacuum the kitchen" is HassVacuumCleanArea's (the area is what is cleaned); a floor is this intent's.
        block({
          combination: placed(FLOOR, 'only'),
          place: FLOOR,
          rules: RULES,
          sentences: ['(clean|vacuum|hoover) <loc>'],
        }),
        // No name, no place: the satellite's area, or with no satellite the one vacuum in the home.
        block({
          combination: 'default',
          contextArea: true,
          rules: RULES,
          sentences: ['(start|run|launch) <vacuum>', 'start (cleaning|vacuuming)'],
        }),
      ],
    },
    HassVacuumReturnToBase: {
      data: [
        block({
          combination: 'name_only',
          names: VACUUMS,
          rules: RULES,
          sentences: [
            '<send_back> <entity> [back ]to <home_base>',
            'send <entity> [back ]home',
            'dock <entity>',
            '<entity> (return|go) [back ]to <home_base>',
          ],
        }),
        block({
          combination: 'default',
          contextArea: true,
          rules: RULES,
          sentences: ['<send_back> <vacuum> [back ]to <home_base>', 'send <vacuum> [back ]home', 'dock <vacuum>'],
        }),
      ],
    },
    HassLawnMowerStartMowing: {
      data: [
        block({
          combination: 'name_only',
          names: MOWERS,
          rules: RULES,
          sentences: ['start <entity>', 'start mowing [the lawn ]with <entity>', '<entity> start mowing'],
        }),
        block({
          combination: 'default',
          rules: RULES,
          sentences: ['start mowing[ <lawn>]', 'start <mower>', 'mow <lawn>'],
        }),
      ],
    },
    HassLawnMowerDock: {
      data: [
        block({
          combination: 'name_only',
          names: MOWERS,
          rules: RULES,
          sentences: [
            '(stop|dock|park) <entity>',
            '<send_back> <entity> [back ]to <home_base>',
            'send <entity> [back ]home',
          ],
        }),
        block({
          combination: 'default',
          rules: RULES,
          sentences: [
            '(stop|cancel|end|finish) mowing[ <lawn>]',
            '(stop|dock|park) <mower>',
            '<send_back> <mower> [back ]to <home_base>',
            'send <mower> [back ]home',
            'return to base',
          ],
        }),
      ],
    },
  },
  responses: {
    HassVacuumStart: { default: 'Started{% if slots.name is defined %} {{ slots.name }}{% endif %}.' },
    HassVacuumReturnToBase: { default: 'Sending {{ slots.name }} back to its base.' },
    HassLawnMowerStartMowing: { default: 'Started mowing.' },
    HassLawnMowerDock: { default: 'Sending the mower back to its dock.' },
  },
};
