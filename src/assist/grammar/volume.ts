// HassSetVolume and HassSetVolumeRelative: a media player's volume set to a level, or turned up or down (by a step).

import { block, type GrammarPart, type IntentBlock, type Place } from './blocks.ts';
import { DEVICE, FLOOR, MEDIA_AREA, MEDIA_PLAYERS } from './targets.ts';

const LEVEL_RULES = {
  vol_verb: '(set|change|adjust|put|turn|turn up|turn down|increase|decrease|raise|lower)',
  vol: '[the ]volume[ (up|down)]',
  level: '{volume:volume_level}[<percent>]',
};

/** The templates of a request with a target place, and without one (the satellite's area). */
interface Templates {
  readonly placed: readonly string[];
  readonly here: readonly string[];
}

const LEVEL: Templates = {
  placed: [
    '<vol_verb> <loc> volume[ (up|down)] to <level>',
    '<vol_verb> <vol> to <level> <in_loc>',
    '<vol_verb> <vol> <in_loc> to <level>',
    '<in_loc> <vol_verb> <vol> to <level>',
  ],
  here: ['<vol_verb> <vol>[ <here>] to <level>[ <here>]'],
};

// A step is "up"/"down" unless a number says by how much; a number down is negative (the list's multiplier).
const STEP: Templates = {
  placed: ['<change>[<step>] <in_loc>', '<change> <in_loc><step>', '<change_at>[<step>]', '<in_loc> <change>[<step>]'],
  here: ['<change>[<step>][ <here>]'],
};

const UP = {
  dir: 'up',
  louder: '(increase|raise|turn up|boost)',
  step: '[ by] {volume_step_up:volume_step}[<percent>]',
};
const DOWN = {
  dir: 'down',
  louder: '(decrease|lower|turn down|reduce)',
  step: '[ by] {volume_step_down:volume_step}[<percent>]',
};

const CHANGE_RULES = {
  change: '([the ]volume <dir>|turn [the ]volume <dir>|<louder> [the ]volume)',
  change_at: '(<loc> volume <dir>|turn <loc> volume <dir>|<louder> <loc> volume|[the ]volume <dir> <loc>)',
};

interface VolumeSpec {
  readonly templates: Templates;
  readonly rules: Record<string, string>;
  readonly places: readonly Place[];
  readonly slots?: Record<string, string>;
  readonly response?: string;
}

function volumeBlocks(spec: VolumeSpec): IntentBlock[] {
  const { rules, slots, response } = spec;
  const common = { rules, ...(slots === undefined ? {} : { slots }), ...(response === undefined ? {} : { response }) };
  return [
    block({
      combination: 'name_only',
      names: MEDIA_PLAYERS,
      place: DEVICE,
      sentences: spec.templates.placed,
      ...common,
    }),
    ...spec.places.map((place) =>
      block({ combination: `${place.slot}_only`, place, sentences: spec.templates.placed, ...common }),
    ),
    block({ combination: 'default', contextArea: true, sentences: spec.templates.here, ...common }),
  ];
}

/** HassSetVolume and HassSetVolumeRelative. */
export const VOLUME_GRAMMAR: GrammarPart = {
  intents: {
    HassSetVolume: { data: volumeBlocks({ templates: LEVEL, rules: LEVEL_RULES, places: [MEDIA_AREA] }) },
    HassSetVolumeRelative: {
      data: [UP, DOWN].flatMap((direction) =>
        volumeBlocks({
          templates: STEP,
          rules: { ...CHANGE_RULES, ...direction },
          places: [MEDIA_AREA, FLOOR],
          slots: { volume_step: direction.dir },
          response: direction.dir,
        }),
      ),
    },
  },
  responses: {
    HassSetVolume: { default: 'Volume set.' },
    HassSetVolumeRelative: { up: 'Turned the volume up.', down: 'Turned the volume down.' },
  },
};
