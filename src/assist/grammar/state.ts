// HassGetState: questions about states. One entity ("is the kitchen light on", "what is the outside temperature",
// "where is Jane"), or a kind of thing, anywhere or at a place ("are any lights on", "which windows are open in the bedroom",
// "how many doors are locked", "is anyone home"). A declarative table of templates (it may be long).

import { block, type GrammarPart, type IntentBlock, type NameFamily, type Place } from './blocks.ts';
import { namesOf, thingsNoun } from './response-snippets.ts';
import { AREA, BINARY_SENSORS, FLOOR, LOCKS, ON_OFF_THINGS, OPENABLES, PEOPLE, READABLES, TRACKED } from './targets.ts';

/** A family of named entities and the state words that fit them. */
interface NamedStates {
  readonly names: NameFamily;
  readonly state: string;
}

const NAMED_STATES: readonly NamedStates[] = [
  { names: ON_OFF_THINGS, state: '[turned |switched ]{on_off_states:state}' },
  { names: OPENABLES, state: '{cover_states:state}' },
  { names: LOCKS, state: '{lock_states:state}' },
  { names: BINARY_SENSORS, state: '{binary_states:state}' },
];

const IS_ENTITY = 'is <entity>[ (currently|still|now)] <state>';

function namedBlocks({ names, state }: NamedStates): IntentBlock[] {
  const rules = { state };
  return [
    block({ combination: 'name_state', names, rules, response: 'one', sentences: [IS_ENTITY] }),
    ...[AREA, FLOOR].map((place) =>
      block({
        combination: `name_state_${place.slot}`,
        names,
        place,
        rules,
        response: 'one',
        sentences: [`${IS_ENTITY} <in_loc>`],
      }),
    ),
  ];
}

/** A kind of thing asked about without names: the fixed slots, its nouns and its state words. */
interface Kind {
  readonly combination: string;
  readonly slots: Readonly<Record<string, string>>;
  readonly things: string;
  readonly state: string;
}

const KINDS: readonly Kind[] = [
  { combination: 'domain_state', slots: { domain: 'light' }, things: '(light|lights)', state: '{on_off_states:state}' },
  { combination: 'domain_state', slots: { domain: 'fan' }, things: '(fan|fans)', state: '{on_off_states:state}' },
  {
    combination: 'domain_state',
    slots: { domain: 'switch' },
    things: '(switch|switches)',
    state: '{on_off_states:state}',
  },
  // "doors" with "locked" are locks; with "open" they are covers (below).
  {
    combination: 'domain_state',
    slots: { domain: 'lock' },
    things: '(lock|locks|door|doors)',
    state: '{lock_states:state}',
  },
  {
    combination: 'device_class_state',
    slots: { domain: 'cover' },
    things: '{cover_classes:device_class}',
    state: '{cover_states:state}',
  },
];

/** The four questions about a kind, each with its response key. */
function questions(place: Place | undefined): Record<string, string[]> {
  const forms =
    place === undefined
      ? [['<things>', '']]
      : [
          ['<loc> <things>', ''],
          ['<things>', ' <in_loc>'],
          ['<things> <in_loc>', ''],
        ];
  return {
    any: forms.map(([t, s]) => `(are|is) [there ]any ${t} <state>${s}`),
    all: forms.map(([t, s]) => `(are all [of ][the ]|is every )${t} <state>${s}`),
    which: forms.map(([t, s]) => `(which|what) ${t} (are|is) <state>${s}`),
    how_many: forms.map(([t, s]) => `how many ${t} (are|is) <state>${s}`),
  };
}

function kindBlocks(kind: Kind): IntentBlock[] {
  const rules = { things: kind.things, state: kind.state };
  return [undefined, AREA, FLOOR].flatMap((place) =>
    Object.entries(questions(place)).map(([response, sentences]) =>
      block({
        combination: place === undefined ? kind.combination : `${kind.combination}_${place.slot}`,
        slots: kind.slots,
        rules,
        response,
        sentences,
        ...(place === undefined ? {} : { place }),
      }),
    ),
  );
}

const PEOPLE_QUESTIONS: Record<string, string[]> = {
  any: ['(is|are) [there ](anyone|anybody|someone|somebody|any people) <state>'],
  all: ['(is (everyone|everybody)|are all [of ][the ](people|persons)) <state>'],
  which: ['(who|which people) (is|are) <state>'],
  how_many: ['how many (people|persons) (are|is) <state>'],
};

const peopleBlocks: IntentBlock[] = [
  block({
    combination: 'name_zone',
    names: PEOPLE,
    rules: { state: '{person_states:state}' },
    response: 'one',
    sentences: [IS_ENTITY],
  }),
  block({
    combination: 'name_where',
    names: TRACKED,
    response: 'where',
    sentences: ["(where is|where's|wheres) <entity>[ (now|right now)]", 'where can i find <entity>'],
  }),
  ...Object.entries(PEOPLE_QUESTIONS).map(([response, sentences]) =>
    block({
      combination: 'domain_state',
      slots: { domain: 'person' },
      rules: { state: '{person_states:state}' },
      response,
      sentences,
    }),
  ),
];

const readBlock = block({
  combination: 'name_only',
  names: READABLES,
  response: 'default',
  sentences: [
    '<what_is> <entity>',
    '<what_is> the [current ](value|state|status|reading) of <entity>',
    'what does <entity> (say|read|show)',
  ],
});

const STATE_WORD = "{{ {'not_home': 'away'}.get(slots.state, slots.state) }}";
const IS_ARE = (list: string) => `{% if ${list} | length == 1 %}is{% else %}are{% endif %}`;

/** HassGetState. */
export const STATE_GRAMMAR: GrammarPart = {
  intents: {
    HassGetState: {
      data: [readBlock, ...NAMED_STATES.flatMap(namedBlocks), ...peopleBlocks, ...KINDS.flatMap(kindBlocks)],
    },
  },
  responses: {
    HassGetState: {
      default:
        '{% if state %}{{ state.name }} is {{ state.state_with_unit }}.{% else %}I could not find it.{% endif %}',
      one: "{% if query.matched %}Yes{% else %}No{% endif %}{% if state %}, {{ state.name }} is {{ {'not_home': 'away'}.get(state.state, state.state) }}{% endif %}.",
      where:
        "{% if state %}{{ state.name }} is {% if state.state == 'home' %}at home{% elif state.state == 'not_home' %}away{% else %}at {{ state.state }}{% endif %}.{% endif %}",
      any: `{% if query.matched %}Yes, ${namesOf('query.matched')} ${IS_ARE('query.matched')} ${STATE_WORD}.{% else %}No, none ${IS_ARE('query.matched')} ${STATE_WORD}.{% endif %}`,
      all: `{% if not query.unmatched %}Yes, all of them are ${STATE_WORD}.{% else %}No, ${namesOf('query.unmatched')} ${IS_ARE('query.unmatched')} not ${STATE_WORD}.{% endif %}`,
      which: `{% if query.matched %}${namesOf('query.matched')} ${IS_ARE('query.matched')} ${STATE_WORD}.{% else %}No ${thingsNoun(true)} are ${STATE_WORD}.{% endif %}`,
      how_many: `{% set n = query.matched | length %}{{ n }} {% if n == 1 %}${thingsNoun(false)} is{% else %}${thingsNoun(true)} are{% endif %} ${STATE_WORD}{% if n %}: ${namesOf('query.matched')}{% endif %}.`,
    },
  },
};
