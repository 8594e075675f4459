// HassLightSet: a light's absolute brightness (0–100 %, or max/min), colour name, or colour temperature (kelvin or a named white).
// A declarative table of templates (it may be long). Relative requests ("brighter") are not here on purpose:
// Home Assistant has no intent for them.

import { block, type BlockSpec, countedBlocks, placed, type GrammarPart, type IntentBlock } from './blocks.ts';
import { AREA, FLOOR, LIGHTS } from './targets.ts';

const RULES = {
  set: '(set|change|turn|make|put|adjust)',
  bright: '({brightness}[<percent>]|[the ]{brightness_level:brightness})',
  kelvin: '({color_temperature:temperature}[[ ](k|kelvin)]|{color_temperature_names:temperature})',
  // The lights of a place: "the bedroom", "the bedroom lights", "all the lights in the bedroom".
  lights_at: '([all [of ]]<loc>[ <lights>]|[all [of ]][the ]<lights> (<in_loc>|of <loc>))',
  // The lights of the satellite's area.
  lights_here: '[all [of ]][the ]<lights>[ <here>]',
};

/** The templates of one setting, for a named light, for a place, and for the satellite's area. */
interface Setting {
  readonly suffix: string;
  readonly response: string;
  readonly named: readonly string[];
  readonly placed: readonly string[];
  readonly here: readonly string[];
}

const BRIGHTNESS: Setting = {
  suffix: 'brightness',
  response: 'brightness',
  named: [
    '<set> <entity>[ brightness] to <bright>[ brightness]',
    '<set> [the ]brightness (of|for) <entity> to <bright>',
    '<entity>[ brightness][ to] <bright>[ brightness]',
    'brightness [of ]<entity>[ to] <bright>',
    '(dim|brighten) <entity> to <bright>',
  ],
  placed: [
    '<set> [the ]brightness <in_loc> to <bright>',
    '<set> [the ]brightness (of|for) <lights_at> to <bright>',
    '<set> <lights_at>[ brightness] to <bright>[ brightness]',
    '<lights_at>[ brightness][ to] <bright>[ brightness]',
    '(dim|brighten) <lights_at> to <bright>',
  ],
  here: [
    '<set> [the ]brightness[ <here>] to <bright>[ <here>]',
    '<set> <lights_here> to <bright>[ brightness][ <here>]',
    '(dim|brighten) <lights_here> to <bright>[ <here>]',
  ],
};

const COLOR: Setting = {
  suffix: 'color',
  response: 'color',
  named: [
    '<set> <entity>[ <colour>] to {color}',
    '<set> [the ]<colour> (of|for) <entity> to {color}',
    '<entity>[ <colour>] {color}',
    '(turn|make) <entity> {color}',
  ],
  placed: [
    '<set> <lights_at>[ <colour>] to {color}',
    '<set> [the ]<colour> (of|for) <lights_at> to {color}',
    '<set> [the ]<colour> <in_loc> to {color}',
    '<lights_at>[ <colour>] {color}',
    '(turn|make) <lights_at> {color}',
  ],
  here: [
    '<set> [the ]<colour> (of|for) <lights_here> to {color}[ <here>]',
    '<set> [the ]<colour>[ <here>] to {color}[ <here>]',
    '<set> <lights_here>[ to] {color}[ <here>]',
  ],
};

// "temperature" alone is a light's only for a named light; for a place it needs "color" or "lights",
// so "set the bedroom temperature to 21" stays the thermostat's.
const TEMPERATURE: Setting = {
  suffix: 'temperature',
  response: 'temperature',
  named: [
    '<set> <entity>[ <colour>] temperature to <kelvin>',
    '<set> [the ][<colour> ]temperature (of|for) <entity> to <kelvin>',
    '<entity>[ <colour>] temperature[ to] <kelvin>',
    '[<colour> ]temperature [of ]<entity>[ to] <kelvin>',
    '<set> <entity> to {color_temperature_names:temperature}',
  ],
  placed: [
    '<set> [the ]<colour> temperature <in_loc> to <kelvin>',
    '<set> [the ]<colour> temperature (of|for) <lights_at> to <kelvin>',
    '<set> [the ][<colour> ]temperature (of|for) [all [of ]][the ]<lights> (<in_loc>|of <loc>) to <kelvin>',
    '<set> <lights_at> <colour> temperature to <kelvin>',
    '<lights_at> <colour> temperature[ to] <kelvin>',
    '<set> <lights_at> to {color_temperature_names:temperature}',
  ],
  here: [
    '<set> [the ]<colour> temperature[ <here>] to <kelvin>[ <here>]',
    '<set> [the ][<colour> ]temperature (of|for) <lights_here> to <kelvin>',
    '<set> <lights_here> to {color_temperature_names:temperature}[ <here>]',
  ],
};

/** "Lamp" is one light, "lamps" several; the single form has no "all". */
const LIGHT_NOUNS = { one: '(light|lamp)', many: '(lights|lamps|lighting)' };
const ONE_LIGHT = {
  lights_at: '(<loc> <lights>|[the ]<lights> (<in_loc>|of <loc>))',
  lights_here: '[the ]<lights>[ <here>]',
};

function settingBlocks(setting: Setting): IntentBlock[] {
  const slots = { domain: 'light' };
  const { response } = setting;
  const counted = (spec: BlockSpec) => countedBlocks(spec, 'lights', LIGHT_NOUNS, ONE_LIGHT);
  return [
    block({ combination: `name_${setting.suffix}`, sentences: setting.named, names: LIGHTS, rules: RULES, response }),
    ...[AREA, FLOOR].flatMap((place) =>
      counted({
        combination: placed(place, setting.suffix),
        sentences: setting.placed,
        slots,
        place,
        rules: RULES,
        response,
      }),
    ),
    ...counted({
      combination: `${setting.suffix}_only`,
      sentences: setting.here,
      slots,
      contextArea: true,
      rules: RULES,
      response,
    }),
  ];
}

/** HassLightSet. */
export const LIGHT_GRAMMAR: GrammarPart = {
  intents: {
    HassLightSet: { data: [BRIGHTNESS, COLOR, TEMPERATURE].flatMap(settingBlocks) },
  },
  responses: {
    HassLightSet: {
      brightness: 'Brightness set.',
      color: 'Color set to {{ slots.color }}.',
      temperature: 'Color temperature set.',
    },
  },
};
