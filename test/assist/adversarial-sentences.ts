// Generated adversarial sentences over the demo, fixture and synthetic homes: none may lead to a deterministic action.

import { DEMO_HOME } from '../../src/demo-home/index.ts';
import type { Home } from '../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME, generateHome } from '../fixtures/homes/index.ts';

/** What makes a sentence adversarial. */
export type AdversarialCategory =
  | 'negation'
  | 'unknown-verb'
  | 'measurement-word'
  | 'wrong-unit'
  | 'conditional-or-later'
  | 'except';

/** One sentence of the suite and the home it is asked in. */
export interface AdversarialRow {
  readonly home: string;
  readonly category: AdversarialCategory;
  readonly text: string;
}

/** The devices and areas of a home the templates are filled with. */
interface Targets {
  /** Two lights (names as the home spells them, lower case as a user would say them). */
  readonly lights: readonly [string, string];
  readonly thermostat: string;
  readonly cover: string;
  readonly fan: string;
  readonly media: string;
  /** Two areas with devices in them. */
  readonly areas: readonly [string, string];
}

/** The homes of the suite, by the name rows use. */
export const ADVERSARIAL_HOMES: Readonly<Record<string, Home>> = {
  demo: DEMO_HOME,
  fixture: FIXTURE_HOME,
  'synthetic-500': generateHome({ entities: 500, areas: 30, seed: 7 }),
};

const TARGETS: Readonly<Record<string, Targets>> = {
  demo: {
    lights: ['kitchen light', 'desk lamp'],
    thermostat: 'thermostat',
    cover: 'bedroom blinds',
    fan: 'bedroom fan',
    media: 'living room tv',
    areas: ['bedroom', 'kitchen'],
  },
  fixture: {
    lights: ['kitchen light', 'living room light'],
    thermostat: 'thermostat',
    cover: 'living room blinds',
    fan: 'bedroom fan',
    media: 'coffee maker',
    areas: ['living room', 'kitchen'],
  },
  'synthetic-500': {
    lights: ['sunroom ceiling light', 'master bathroom lamp'],
    thermostat: 'basement thermostat',
    cover: 'hallway blinds',
    fan: 'wine cellar fan',
    media: 'study tv',
    areas: ['patio', 'pantry'],
  },
};

/** Negated commands and questions: never answered or acted on without a model. */
const NEGATIONS: readonly string[] = [
  'do not turn off the {light}',
  "don't turn on the {light}",
  'dont switch off the {light}',
  'never turn on the {light}',
  "please don't turn off the {light}",
  'don’t turn on the {light}',
  'do not set the {light} to 50%',
  "i don't want the {light} on",
  'no, turn off the {light}',
  "you shouldn't turn on the {light}",
  "isn't the {light} on",
  'is the {light} not on',
];

const NEGATIONS_ONCE: readonly string[] = [
  "don't open the {cover}",
  'do not close the {cover}',
  "don't turn off the lights in the {area}",
  'do not turn on the lights in the {area}',
  "don't set the {thermostat} to 21 degrees",
  'never turn on the {fan}',
  "don't pause the {media}",
  'do not turn on anything',
  'nothing should be turned on in the {area}',
  "aren't the lights in the {area} on",
];

/** Verbs that are not the grammar's, or not for this kind of device: the model decides what they mean. */
const UNKNOWN_VERBS: readonly string[] = [
  'kill',
  'toggle',
  'nuke',
  'start',
  'stop',
  'flip',
  'cut',
  'kick',
  'zap',
  'blast',
  'hit',
  'wake',
  'boost',
  'open',
];

const UNKNOWN_VERBS_ONCE: readonly string[] = [
  'kill the {fan}',
  'toggle the {cover}',
  'nuke the {media}',
  'flip the {thermostat}',
  'toggle the lights in the {area}',
  'kill all the lights',
];

/** Questions about a quantity the grammar has no answer for: never answered with another (a temperature). */
const MEASUREMENT_QUESTIONS: readonly string[] = [
  'how humid is it in the {area}',
  'how bright is it in the {area}',
  'how loud is it in the {area}',
  'how windy is it in the {area}',
  'how dark is it in the {area}',
  'how noisy is it in the {area}',
  'how damp is it in the {area}',
  'how dry is it in the {area}',
  'how sunny is it in the {area}',
  'how humid is the {area}',
];

/** A number with a unit of another quantity than the device's. */
const WRONG_UNITS: readonly string[] = [
  'set the {thermostat} to 70 percent',
  'set the {thermostat} to 70%',
  'set the {thermostat} to 50 percent',
  'set the {thermostat} to 21 kelvin',
  'set the {light} to 21 degrees',
  'set the {light} to 21 °C',
  'set the {light} brightness to 30 degrees',
  'set the {light} to 50 minutes',
  'set the {fan} to 20 degrees',
  'set the {cover} to 21 degrees',
  'set the {light2} to 20 degrees celsius',
  'set the {light2} to 70 fahrenheit',
];

/** Conditional and time-shifted requests: HA-Assist acts now or not at all. */
const CONDITIONAL_OR_LATER: readonly string[] = [
  'turn off the {light} in 5 minutes',
  'turn on the {light} tomorrow',
  'turn off the {light} at 7 pm',
  'turn on the {light} at sunset',
  'if it gets dark turn on the {light}',
  'when i leave turn off the {light}',
  'turn off the {light} if nobody is home',
  'turn on the {light} for 10 minutes',
  'turn off the {light} after 10 minutes',
  'turn off the {light} tonight',
  'turn on the {light} later',
  'turn on the {light} every morning',
  'in an hour turn off the {light}',
  'turn off the {light} unless it is dark',
  'turn on the {light} until 10 pm',
  'set the {light} to 50% in 10 minutes',
  'turn on the {light2} at 7',
  'turn off the {light2} in an hour',
];

/** "Everything except …": composite, never half done. */
const EXCEPT: readonly string[] = [
  'turn off everything except the {light}',
  'turn off all lights except the {light}',
  'turn off all the lights but the {light}',
  'turn off the lights in the {area} except the {light}',
  'turn everything off except the {light}',
  'turn off everything but the {light}',
  'turn off all lights apart from the {light}',
  'turn on all lights other than the {light}',
  'switch off everything except the {light}',
  'turn off all the lights except for the {light}',
  'turn off every light except the {light}',
  'turn off all lights except in the {area}',
];

/** Every row: each category's templates filled with each home's targets. */
export function adversarialRows(): AdversarialRow[] {
  const rows: AdversarialRow[] = [];
  for (const [home, targets] of Object.entries(TARGETS)) {
    const add = (category: AdversarialCategory, templates: readonly string[], fills: readonly Fill[]) => {
      for (const template of templates)
        for (const fill of fills) rows.push({ home, category, text: fillTemplate(template, targets, fill) });
    };
    const [first, second] = targets.lights;
    const [area, otherArea] = targets.areas;
    add('negation', NEGATIONS, [
      { light: first, area },
      { light: second, area: otherArea },
    ]);
    add('negation', NEGATIONS_ONCE, [{ light: first, area }]);
    add(
      'unknown-verb',
      UNKNOWN_VERBS.map((verb) => `${verb} the {light}`),
      [
        { light: first, area },
        { light: second, area: otherArea },
      ],
    );
    add('unknown-verb', UNKNOWN_VERBS_ONCE, [{ light: first, area }]);
    add('measurement-word', MEASUREMENT_QUESTIONS, [
      { light: first, area },
      { light: second, area: otherArea },
    ]);
    add('wrong-unit', WRONG_UNITS, [{ light: first, area }]);
    add('conditional-or-later', CONDITIONAL_OR_LATER, [{ light: first, area }]);
    add('except', EXCEPT, [{ light: second, area: otherArea }]);
  }
  return rows;
}

/** The light and area a template is filled with (the home's other targets are fixed). */
interface Fill {
  readonly light: string;
  readonly area: string;
}

function fillTemplate(template: string, targets: Targets, fill: Fill): string {
  const values: Record<string, string> = {
    light: fill.light,
    light2: targets.lights[1],
    area: fill.area,
    thermostat: targets.thermostat,
    cover: targets.cover,
    fan: targets.fan,
    media: targets.media,
  };
  return template.replace(/\{(\w+)\}/gu, (_, key: string) => values[key] ?? `{${key}}`);
}
