// HassTurnOn and HassTurnOff: switching, opening and locking things by name, by area or floor, or by kind.
// A declarative table of templates (it may be long). Both intents share their templates; only the words differ
// ("turn on"/"open"/"lock" against "turn off"/"close"/"unlock").

import {
  block,
  type BlockSpec,
  countedBlocks,
  type KindNouns,
  placed,
  type GrammarPart,
  type IntentBlock,
  type IntentResponses,
  type NameFamily,
  type Place,
} from './blocks.ts';
import { thingsNoun, WHERE } from './response-snippets.ts';
import { AREA, FANS, FLOOR, LIGHTS, LOCKS, OPENABLES, SCENES, SCRIPTS, SWITCHABLES } from './targets.ts';

/** The words of one direction. */
interface Direction {
  readonly word: 'on' | 'off';
  /** The verb when the particle comes first: "turn on X". */
  readonly turn: string;
  /** The verb when the particle follows the object: "turn X on". */
  readonly split: string;
  readonly activate: string;
  readonly open: string;
  readonly lock: string;
}

const ON: Direction = {
  word: 'on',
  turn: '(turn|switch|power) on',
  split: '(turn|switch|power)',
  activate: '(activate|enable)',
  open: '(open|raise)',
  lock: 'lock',
};
const OFF: Direction = {
  word: 'off',
  turn: '(turn|switch|power|shut) off',
  split: '(turn|switch|power|shut)',
  activate: '(deactivate|disable)',
  open: '(close|shut|lower)',
  lock: 'unlock',
};

/** A kind of thing addressed without a name: its domain slot and its nouns. */
interface DomainKind {
  readonly domain: string;
  readonly nouns: KindNouns;
  /**
   * The things of the satellite's area. "All the lights" with no place is the satellite's area too: the whole home
   * must be said ("every light in the house"), unlike in Home Assistant, where "turn off every light" is the home.
   */
  readonly here: string;
}

const LIGHT_NOUNS: KindNouns = { one: '(light|lamp)', many: '(lights|lamps|lighting)' };
const LIGHT_KIND: DomainKind = {
  domain: 'light',
  nouns: LIGHT_NOUNS,
  here: `([all [of ]][the ]<things>|every [single ]${LIGHT_NOUNS.one})[ <here>]`,
};
const FAN_KIND: DomainKind = {
  domain: 'fan',
  nouns: { one: 'fan', many: 'fans' },
  here: '[all [of ]][the ]<things>[ <here>]',
};

/** The rules of a kind's single form: no "all" ("the kitchen lamp", "the lamp in here"). */
const ONE_THING = { place_things: '(<loc> <things>|[the ]<things> <in_loc>)', here_things: '[the ]<things>[ <here>]' };

/** Kinds that are started and stopped as well as switched ("start the fan"). */
const MOTOR_KINDS: ReadonlySet<DomainKind> = new Set([FAN_KIND]);

/** The four ways to switch a target: "turn on X", "turn X on", "X on", "activate X". */
function switched(d: Direction, target: string): string[] {
  return [`${d.turn} ${target}`, `${d.split} ${target} ${d.word}`, `${target} ${d.word}`, `${d.activate} ${target}`];
}

function namedBlock(d: Direction, names: NameFamily, place: Place | undefined): IntentBlock {
  const target = place === undefined ? '<entity>' : '<place_entity>';
  const combination = place === undefined ? 'name_only' : `name_${place.slot}`;
  const isLightOn = names === LIGHTS && d === ON;
  const sentences = [
    ...switched(d, target),
    ...(place === undefined ? [] : [`${d.split} <entity> ${d.word} <in_loc>`]),
    ...(isLightOn ? [`light up ${target}`] : []),
  ];
  return block({ combination, sentences, names, ...(place === undefined ? {} : { place }) });
}

/** A light's name alone turns it on ("overhead light"), as the whole sentence only. */
const LIGHT_NAME_ALONE = block({ combination: 'name_only', sentences: ['<entity>'], names: LIGHTS, nameAlone: true });

function actedBlocks(verb: string, names: NameFamily, response: string): IntentBlock[] {
  return [
    block({ combination: 'name_only', sentences: [`${verb} <entity>`], names, response }),
    ...[AREA, FLOOR].map((place) =>
      block({ combination: `name_${place.slot}`, sentences: [`${verb} <place_entity>`], names, place, response }),
    ),
  ];
}

function kindBlocks(d: Direction, kind: DomainKind): IntentBlock[] {
  const slots = { domain: kind.domain };
  const rules = { here_things: kind.here };
  const isLightOn = kind === LIGHT_KIND && d === ON;
  const counted = (spec: BlockSpec) => countedBlocks(spec, 'things', kind.nouns, ONE_THING);
  const placedBlocks = [AREA, FLOOR].flatMap((place) =>
    counted({
      combination: placed(place, 'domain'),
      slots,
      rules,
      place,
      response: 'domain',
      sentences: [
        ...switched(d, '<place_things>'),
        `${d.split} [all [of ]][the ]<things> ${d.word} <in_loc>`,
        `[all [of ]][the ]<things> ${d.word} <in_loc>`,
        ...(isLightOn ? ['(light up|illuminate) <loc>'] : []),
        ...(d === OFF ? ['<place_things> out'] : []),
      ],
    }),
  );
  const here = counted({
    combination: 'domain_only',
    slots,
    rules,
    contextArea: true,
    response: 'domain',
    sentences: [
      ...switched(d, '<here_things>'),
      `${d.split} [all [of ]][the ]<things> ${d.word} <here>`,
      `[all [of ]][the ]<things> ${d.word} <here>`,
      ...(isLightOn ? ['light [it ]up[ <here>]'] : []),
      ...(d === OFF ? ['[the ]<things> out[ <here>]'] : []),
      ...(MOTOR_KINDS.has(kind) ? [`${d === ON ? 'start' : 'stop'} <here_things>`] : []),
    ],
  });
  return [...placedBlocks, ...here];
}

/**
 * Devices of a class, without a name: "close the water" (a valve), "turn off the TV" (a media player). Said with
 * no place, the satellite's area is meant (or, with no satellite, the one such device in the home).
 */
function classBlocks(domain: string, list: string, verbs: (target: string) => string[]): IntentBlock[] {
  const slots = { domain };
  const things = `[all [of ]][the ]{${list}:device_class}`;
  return [
    block({
      combination: `device_class_${domain}`,
      slots,
      contextArea: true,
      response: 'device_class',
      sentences: verbs(`${things}[ <here>]`),
    }),
    ...[AREA, FLOOR].map((place) =>
      block({
        combination: placed(place, `device_class_${domain}`),
        slots,
        place,
        response: 'device_class',
        sentences: [...verbs(`${things} <in_loc>`), ...verbs(`<loc> {${list}:device_class}`)],
      }),
    ),
  ];
}

/**
 * Locks without a name: "lock the doors" and "lock all the doors" (the satellite's area: "all" with no place is the
 * satellite's area, as for every kind), "lock all the doors in the house" (the whole home, said).
 */
function lockKindBlocks(d: Direction): IntentBlock[] {
  const slots = { domain: 'lock' };
  const rules = { things: '(lock|locks|door|doors)' };
  // Unlocking "all" of them is left to the model (and a person's yes), even in one area.
  const quantifier = d === ON ? '[(all [of ]|every [single ])]' : '';
  const blocks = [
    block({
      combination: 'domain_only',
      slots,
      rules,
      contextArea: true,
      response: 'domain',
      sentences: [`${d.lock} ${quantifier}[the ]<things>[ <here>]`],
    }),
    ...[AREA, FLOOR].map((place) =>
      block({
        combination: placed(place, 'domain'),
        slots,
        rules,
        place,
        response: 'domain',
        sentences: [`${d.lock} <place_things>`],
      }),
    ),
  ];
  // Only locking has a whole-home form; unlocking everything is left to the model (and a person's yes).
  if (d !== ON) return blocks;
  const all = block({
    combination: 'domain_all',
    slots,
    rules,
    response: 'domain_all',
    // "Lock all the doors" with no satellite matches here too: the gate asks which area (the home is not said).
    sentences: [
      'lock ((all [of ]|every [single ])[the ]<things>[ <home>]|[the ]<things> <home>)',
      'lock up[ the (house|home)]',
    ],
  });
  return [...blocks, all];
}

// Only switching off has a whole-home form ("turn on all the lights" is left to the model), and only when the
// sentence says the home: "turn off every light in the house", "turn off the house lights".
const ALL_LIGHTS_OFF = block({
  combination: 'domain_all',
  slots: { domain: 'light' },
  response: 'domain_all',
  rules: {
    things: '<lights>',
    all_things: '([(all [of ]|every [single ])][the ]<things> <home>|[the ](house|home) <things>[ <home>])',
  },
  sentences: [
    ...switched(OFF, '<all_things>'),
    `${OFF.split} [all [of ]][the ]<things> off <home>`,
    'make sure <all_things> (is|are) off',
    'get <all_things> off',
    '<all_things> out',
  ],
});

function coverClassBlocks(d: Direction): IntentBlock[] {
  const slots = { domain: 'cover' };
  const covers = '[all [of ]][the ]{cover_classes:device_class}';
  return [
    block({
      combination: 'device_class_cover',
      slots,
      contextArea: true,
      response: 'cover_class',
      sentences: [`${d.open} ${covers}[ <here>]`],
    }),
    ...[AREA, FLOOR].map((place) =>
      block({
        combination: placed(place, 'device_class_cover'),
        slots,
        place,
        response: 'cover_class',
        sentences: [`${d.open} ${covers} <in_loc>`, `${d.open} [all [of ]]<loc> {cover_classes:device_class}`],
      }),
    ),
  ];
}

function turnIntent(d: Direction): IntentBlock[] {
  return [
    ...[LIGHTS, FANS, SWITCHABLES].flatMap((names) =>
      [undefined, AREA, FLOOR].map((place) => namedBlock(d, names, place)),
    ),
    ...(d === ON ? [LIGHT_NAME_ALONE] : []),
    ...actedBlocks(d.open, OPENABLES, 'cover'),
    ...actedBlocks(d.lock, LOCKS, 'lock'),
    ...kindBlocks(d, LIGHT_KIND),
    ...kindBlocks(d, FAN_KIND),
    ...coverClassBlocks(d),
    ...classBlocks('valve', 'valve_classes', (target) => [
      ...switched(d, target),
      `${d.open} ${target}`,
      `${d === ON ? 'turn' : 'shut'} ${target} ${d === ON ? 'on' : 'off'}`,
    ]),
    ...classBlocks('media_player', 'media_classes', (target) => switched(d, target)),
    ...lockKindBlocks(d),
  ];
}

const SCENE_BLOCK = block({
  combination: 'name_scene',
  names: SCENES,
  response: 'scene',
  sentences: [
    '(activate|enable|start|run|apply|load|(switch|change|transition|go) to) <entity>',
    ...switched(ON, '<entity>'),
  ],
});

const SCRIPT_BLOCK = block({
  combination: 'name_script',
  names: SCRIPTS,
  response: 'script',
  sentences: ['(run|start|execute|launch|trigger) <entity>', ...switched(ON, '<entity>')],
});

function responses(d: Direction, words: { opened: string; locked: string }): IntentResponses {
  return {
    default: `Turned ${d.word} {{ slots.name }}.`,
    domain: `Turned ${d.word} the {{ slots.domain }}s${WHERE}.`,
    cover: `${words.opened} {{ slots.name }}.`,
    cover_class: `${words.opened} the ${thingsNoun(true)}${WHERE}.`,
    device_class: `Turned ${d.word} the ${thingsNoun(true)}${WHERE}.`,
    lock: `${words.locked} {{ slots.name }}.`,
  };
}

/** HassTurnOn and HassTurnOff. */
export const ON_OFF_GRAMMAR: GrammarPart = {
  intents: {
    HassTurnOn: { data: [...turnIntent(ON), SCENE_BLOCK, SCRIPT_BLOCK] },
    HassTurnOff: { data: [...turnIntent(OFF), ALL_LIGHTS_OFF] },
  },
  responses: {
    HassTurnOn: {
      ...responses(ON, { opened: 'Opening', locked: 'Locked' }),
      scene: 'Activated {{ slots.name }}.',
      script: 'Started {{ slots.name }}.',
      domain_all: 'Locked all the locks.',
    },
    HassTurnOff: {
      ...responses(OFF, { opened: 'Closing', locked: 'Unlocked' }),
      domain_all: 'Turned off all the {{ slots.domain }}s.',
    },
  },
};
