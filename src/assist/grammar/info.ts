// Questions answered without a device, and the cancel phrase: HassGetWeather, HassGetCurrentTime, HassGetCurrentDate, HassNevermind.

import { block, type GrammarPart } from './blocks.ts';
import { WEATHER } from './targets.ts';

const WHAT_IS = "(what is|what's|whats|how is|how's|hows|tell me)";

// Home Assistant's weather conditions in words.
const CONDITIONS =
  "{'clear-night': 'clear', 'cloudy': 'cloudy', 'exceptional': 'exceptional', 'fog': 'foggy', 'hail': 'hailing', " +
  "'lightning': 'thundering', 'lightning-rainy': 'stormy', 'partlycloudy': 'partly cloudy', 'pouring': 'pouring', 'rainy': 'raining', " +
  "'snowy': 'snowing', 'snowy-rainy': 'sleeting', 'sunny': 'sunny', 'windy': 'windy', 'windy-variant': 'windy and cloudy'}";

const MONTHS =
  "['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']";

/** The weather, the time, the date, and "never mind". */
export const INFO_GRAMMAR: GrammarPart = {
  intents: {
    HassGetWeather: {
      data: [
        block({
          combination: 'name_only',
          names: WEATHER,
          sentences: [
            `${WHAT_IS} the weather[ like] (in|at|for) <entity>[ (today|now|right now)]`,
            `${WHAT_IS} the weather (in|at|for) <entity> like[ (today|now|right now)]`,
            `${WHAT_IS} <entity> weather[ like][ (today|now|right now)]`,
          ],
        }),
        block({
          combination: 'default',
          sentences: [`${WHAT_IS} the weather[ like][ (today|now|right now|outside)]`, "what's it like outside"],
        }),
      ],
    },
    HassGetCurrentTime: {
      data: [
        block({
          combination: 'default',
          sentences: [
            "(what is|what's|whats|tell me) the [current ]time[ (now|right now)]",
            'what time is it[ (now|right now)]',
            'do you know what time it is',
          ],
        }),
      ],
    },
    HassGetCurrentDate: {
      data: [
        block({
          combination: 'default',
          sentences: [
            "(what is|what's|whats|tell me) [the |today's |the current ]date[ today]",
            'what day is (it|today)[ today]',
            "(what is|what's) today",
          ],
        }),
      ],
    },
    HassNevermind: {
      data: [
        block({
          combination: 'default',
          sentences: ['(never mind|nevermind|forget it|forget about it|cancel that|ignore that)'],
        }),
      ],
    },
  },
  responses: {
    HassGetWeather: {
      default: `{% if state %}{% set conditions = ${CONDITIONS} %}{{ state.attributes.get('temperature') }} {{ state.attributes.get('temperature_unit', '') }} and {{ conditions.get(state.state, state.state) }}.{% else %}No weather service found.{% endif %}`,
    },
    HassGetCurrentTime: {
      default:
        "{% set hour = slots.time.hour %}It is {{ (hour % 12) or 12 }}:{{ '{:02d}'.format(slots.time.minute) }} {{ 'AM' if hour < 12 else 'PM' }}.",
    },
    HassGetCurrentDate: {
      default: `{% set months = ${MONTHS} %}Today is {{ months[slots.date.month - 1] }} {{ slots.date.day }}, {{ slots.date.year }}.`,
    },
    // Home Assistant says nothing back to "never mind".
    HassNevermind: { default: '' },
  },
};
