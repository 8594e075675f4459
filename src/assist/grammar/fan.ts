// HassFanSetSpeed: a fan's speed as a percentage, by name, area, floor or in the satellite's area.

import { block, type BlockSpec, countedBlocks, placed, type GrammarPart } from './blocks.ts';
import { AREA, FANS, FLOOR } from './targets.ts';

const RULES = {
  set_to: '(set|change|make|turn|put|adjust)',
  speed: '{fan_speed:percentage}[<percent>]',
  fans_at: '([all [of ]]<loc> <fans>|[all [of ]][the ]<fans> <in_loc>)',
};

/** "Fan" is one fan, "fans" several; the single form has no "all". */
const counted = (spec: BlockSpec) =>
  countedBlocks(spec, 'fans', { one: 'fan', many: 'fans' }, { fans_at: '(<loc> <fans>|[the ]<fans> <in_loc>)' });

/** HassFanSetSpeed. */
export const FAN_GRAMMAR: GrammarPart = {
  intents: {
    HassFanSetSpeed: {
      data: [
        block({
          combination: 'name_only',
          names: FANS,
          rules: RULES,
          sentences: [
            '<set_to> <entity>[ speed][ to] <speed>',
            '<set_to> [the ]speed of <entity> to <speed>',
            '<entity>[ speed][ to] <speed>',
          ],
        }),
        ...[AREA, FLOOR].flatMap((place) =>
          counted({
            combination: placed(place, 'only'),
            place,
            rules: RULES,
            sentences: [
              '<set_to> <fans_at>[ speed][ to] <speed>',
              '<set_to> [the ]speed of <fans_at> to <speed>',
              '<fans_at>[ speed][ to] <speed>',
            ],
          }),
        ),
        ...counted({
          combination: 'default',
          contextArea: true,
          rules: RULES,
          sentences: [
            '<set_to> [all [of ]][the ]<fans>[ speed][ <here>][ to] <speed>[ <here>]',
            '<set_to> [the ]speed of [all [of ]][the ]<fans>[ <here>] to <speed>',
            '[the ]<fans>[ speed][ <here>][ to] <speed>',
          ],
        }),
      ],
    },
  },
  responses: {
    HassFanSetSpeed: { default: 'Fan speed set{% if slots.name is defined %} for {{ slots.name }}{% endif %}.' },
  },
};
