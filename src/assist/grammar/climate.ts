// HassClimateSetTemperature and HassClimateGetTemperature: a thermostat's target temperature, and the temperature it reads.

import { block, placed, type GrammarPart, type IntentBlock, type Place } from './blocks.ts';
import { AREA, DEVICE, FLOOR, THERMOSTATS } from './targets.ts';

const RULES = {
  set_to: '(set|change|adjust|put|turn|make)',
  degrees_value: '{temperature}[<degrees>]',
  how_warm: 'how (warm|hot|cold|cool|chilly)',
};

// A thermostat as a place: "the temperature of the office thermostat".
const THERMOSTAT: Place = { slot: 'name', rules: { ...DEVICE.rules, in_loc: '(on|at|of|from|for) <entity>' } };

const SET_PLACED = [
  '<set_to> [the ]<temp> <in_loc> to <degrees_value>',
  '<set_to> [the ]<temp> (of|for) <loc> to <degrees_value>',
  '<set_to> <loc> <temp> to <degrees_value>',
  '<set_to> [the ]<temp> to <degrees_value> <in_loc>',
  // Without "temperature", only degrees make a number a temperature ("set the bedroom to 50%" is brightness).
  '<set_to> <loc> to {temperature}<degrees>',
];

const setBlocks: IntentBlock[] = [
  block({
    combination: 'name_temperature',
    names: THERMOSTATS,
    place: THERMOSTAT,
    rules: RULES,
    sentences: [...SET_PLACED, '<set_to> <entity> to {temperature}'],
  }),
  ...[AREA, FLOOR].map((place) =>
    block({ combination: placed(place, 'temperature'), place, rules: RULES, sentences: SET_PLACED }),
  ),
  block({
    combination: 'temperature_only',
    contextArea: true,
    rules: RULES,
    sentences: [
      '<set_to> [the ](<temp>|thermostat|heat|heating)[ <here>] to <degrees_value>[ <here>]',
      '(make|set) it {temperature}<degrees>[ <here>]',
    ],
  }),
];

const GET_PLACED = [
  '<what_is> the [current ]<temp>[ like] <in_loc>',
  '<what_is> the [current ]<temp> (of|for) <loc>',
  '<what_is> <loc> [current ]<temp>',
  '<how_warm> is it <in_loc>',
  '<how_warm> is <loc>',
];

const getBlocks: IntentBlock[] = [
  block({ combination: 'name_only', names: THERMOSTATS, place: THERMOSTAT, rules: RULES, sentences: GET_PLACED }),
  ...[AREA, FLOOR].map((place) =>
    block({ combination: placed(place, 'only'), place, rules: RULES, sentences: GET_PLACED }),
  ),
  block({
    combination: 'default',
    contextArea: true,
    rules: RULES,
    sentences: ['<what_is> the [current |inside |indoor ]<temp>[ like][ <here>]', '<how_warm> is it[ <here>]'],
  }),
];

/** "degree" or "degrees" after a number (a slot may hold the words the user said, so it is compared as text). */
function degrees(value: string): string {
  return `degree{{ '' if ${value} | string == '1' else 's' }}`;
}

/** HassClimateSetTemperature and HassClimateGetTemperature. */
export const CLIMATE_GRAMMAR: GrammarPart = {
  intents: {
    HassClimateSetTemperature: { data: setBlocks },
    HassClimateGetTemperature: { data: getBlocks },
  },
  responses: {
    HassClimateSetTemperature: {
      default: `Temperature set to {{ slots.temperature }} ${degrees('slots.temperature')}.`,
    },
    HassClimateGetTemperature: {
      default:
        "{% if state %}{% set reading = state.attributes.get('current_temperature', state.state) %}" +
        `It is {{ reading }} ${degrees('reading')}{% if query.matched | length > 1 %} at {{ state.name }}{% endif %}.{% else %}No thermostat found.{% endif %}`,
    },
  },
};
