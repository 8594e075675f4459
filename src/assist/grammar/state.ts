// HassGetState: questions about states. One entity ("is the kitchen light on", "what is the outside temperature",
// "where is Jane"), or a kind of thing, anywhere or at a place ("are any lights on", "which windows are open in the bedroom",
// "how many doors are locked", "is anyone home"); and the questions HA-Assist answers from live state beyond Home
// Assistant's own sentences (a battery level, the temperature outside, the weather now, a list's length), each with
// a response key of its own. A declarative table of templates (it may be long).

import { block, type GrammarPart, type IntentBlock, type NameFamily, type Place } from './blocks.ts';
import { namesOf, thingsNoun } from './response-snippets.ts';
import {
  AREA,
  BINARY_SENSORS,
  FLOOR,
  LOCKS,
  MEDIA_PLAYERS,
  ON_OFF_THINGS,
  OPENABLES,
  PEOPLE,
  READABLES,
  TODO_LISTS,
  TRACKED,
} from './targets.ts';

/** Value lists only state questions use, bound in every HassGetState block. */
const STATE_LISTS: NonNullable<IntentBlock['lists']> = {
  media_states: { values: ['playing', 'paused', { in: '(idle|stopped)', out: 'idle' }, 'off'] },
  // A battery binary sensor is `on` when its battery is low.
  battery_states: {
    values: [
      { in: '(low|running low|empty|flat)', out: 'on' },
      { in: '(ok|okay|fine|normal|good|charged|full)', out: 'off' },
    ],
  },
  // Weather conditions as asked ("is it raining"), by the condition the answerer knows (answer-weather-condition.ts).
  weather_conditions: {
    values: [
      { in: '(sunny|sun)', out: 'sunny' },
      { in: 'clear', out: 'clear' },
      { in: '(cloudy|overcast)', out: 'cloudy' },
      { in: '(rainy|raining|rain|pouring)', out: 'rainy' },
      { in: '(snowy|snowing|snow)', out: 'snowy' },
      { in: '(windy|wind)', out: 'windy' },
      { in: '(foggy|fog|misty)', out: 'fog' },
      { in: '(stormy|thundering|thunder|a storm|a thunderstorm)', out: 'lightning' },
      { in: '(hailing|hail)', out: 'hail' },
    ],
  },
};

/**
 * Words about the form of the answer a question may start or end with ("is the hall light on? answer yes or no",
 * "tell me briefly, is …"): the question stays a state question, answered as always.
 */
const ANSWER_FORM_RULES = {
  answer_lead: '(tell me briefly|briefly|quickly|in (one|a) word|(just|only) tell me|yes or no)',
  answer_form:
    '([please ](answer|reply|respond|say)[ (with|in)][ (just|only)] [a ]yes or [a ]no|[(just|only) ]yes or no|' +
    '[(answer|tell me) ](briefly|in (one|a) word|in short)|(keep it|be) (short|brief))',
};

/** A block as a state question: an answer-form phrase may lead or follow each template, and the state lists are bound. */
function asStateQuestion(data: IntentBlock): IntentBlock {
  return {
    ...data,
    sentences: data.sentences.map((sentence) => `[<answer_lead> ]${sentence}[ <answer_form>]`),
    expansion_rules: { ...ANSWER_FORM_RULES, ...data.expansion_rules },
    lists: { ...STATE_LISTS, ...data.lists },
  };
}

/** A family of named entities and the state words that fit them (and the fixed slots those words imply). */
interface NamedStates {
  readonly names: NameFamily;
  readonly state: string;
  readonly slots?: Readonly<Record<string, string>>;
}

const NAMED_STATES: readonly NamedStates[] = [
  { names: ON_OFF_THINGS, state: '[turned |switched ]{on_off_states:state}' },
  { names: OPENABLES, state: '{cover_states:state}' },
  { names: LOCKS, state: '{lock_states:state}' },
  { names: BINARY_SENSORS, state: '{binary_states:state}' },
  { names: BINARY_SENSORS, state: '{battery_states:state}', slots: { device_class: 'battery' } },
  { names: MEDIA_PLAYERS, state: '{media_states:state}' },
];

// "are the sprinklers on": a name may be plural.
const IS_ENTITY = '(is|are) <entity>[ (currently|still|now)] <state>';

function namedBlocks({ names, state, slots }: NamedStates): IntentBlock[] {
  const rules = { state };
  const fixed = slots === undefined ? {} : { slots };
  return [
    block({ combination: 'name_state', names, rules, response: 'one', sentences: [IS_ENTITY], ...fixed }),
    ...[AREA, FLOOR].map((place) =>
      block({
        combination: `name_state_${place.slot}`,
        names,
        place,
        rules,
        response: 'one',
        sentences: [`${IS_ENTITY} <in_loc>`],
        ...fixed,
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

/** Media players asked about without a name: the only one there is ("the media player"), or any at all. */
const mediaBlocks: IntentBlock[] = [
  block({
    combination: 'domain_state',
    slots: { domain: 'media_player' },
    rules: { state: '{media_states:state}' },
    response: 'the_one',
    sentences: ['(is|are) the (media player|music player|player) <state>'],
  }),
  ...[undefined, AREA].map((place) =>
    block({
      combination: place === undefined ? 'domain_state' : 'domain_state_area',
      slots: { domain: 'media_player', state: 'playing' },
      response: 'any',
      sentences: [`(is|are) [there ](anything|something|any music|music|any media) playing${place ? ' <in_loc>' : ''}`],
      ...(place === undefined ? {} : { place }),
    }),
  ),
];

const WEATHER_RULES = {
  condition: '{weather_conditions:condition}',
  right_now: '(now|right now|at the moment|outside|out there)',
  later:
    '(today|tomorrow|tonight|later[ today]|this (morning|afternoon|evening|week|weekend)|in the (morning|afternoon|evening))',
};

/** Questions answered by an answerer of their own (answer-query.ts dispatches on the response key). */
const otherBlocks: IntentBlock[] = [
  block({
    combination: 'battery_level',
    response: 'battery_level',
    sentences: [
      '<what_is> the battery[ (level|charge|percentage)] (of|on|in|for) [the |my ]{item:device}',
      'how much battery (does [the |my ]{item:device} have|has [the |my ]{item:device} got)[ left]',
    ],
  }),
  block({
    combination: 'outdoor_temperature',
    response: 'outdoor_temperature',
    rules: { outside: '(outside|outdoors|out there)' },
    sentences: [
      '<what_is> the [current ]<temp>[ like] <outside>',
      '<what_is> the [current ](outside|outdoor) <temp>',
      '(how (warm|hot|cold|cool|chilly)|what temperature) is it <outside>',
    ],
  }),
  block({
    combination: 'weather_now',
    response: 'weather_now',
    rules: WEATHER_RULES,
    sentences: ['is it [(currently|still) ]<condition>[ <right_now>]', 'is the weather <condition>[ <right_now>]'],
  }),
  // A forecast is never in live state; the answerer hands these to the model, which may have a forecast tool.
  block({
    combination: 'forecast',
    response: 'forecast',
    rules: WEATHER_RULES,
    sentences: [
      '(will it|is it going to|is it gonna) [be ]<condition>[ <later>]',
      '<what_is> the [weather ]forecast[ [for ]<later>]',
      'what will the weather be[ like][ <later>]',
    ],
  }),
  block({
    combination: 'name_list_count',
    names: TODO_LISTS,
    response: 'list_count',
    sentences: [
      'how many (items|things|tasks|entries|to dos|todos) (are|are there|is there|do i have|do we have|have i got|have we got) (on|in) <entity>',
      'how long is <entity>',
    ],
  }),
];

const STATE_WORD = "{{ {'not_home': 'away'}.get(slots.state, slots.state) }}";
const IS_ARE = (list: string) => `{% if ${list} | length == 1 %}is{% else %}are{% endif %}`;

/** HassGetState. */
export const STATE_GRAMMAR: GrammarPart = {
  intents: {
    HassGetState: {
      data: [
        readBlock,
        ...NAMED_STATES.flatMap(namedBlocks),
        ...peopleBlocks,
        ...KINDS.flatMap(kindBlocks),
        ...mediaBlocks,
        ...otherBlocks,
      ].map(asStateQuestion),
    },
  },
  responses: {
    HassGetState: {
      default:
        '{% if state %}{{ state.name }} is {{ state.state_with_unit }}.{% else %}I could not find it.{% endif %}',
      one: "{% if query.matched %}Yes{% else %}No{% endif %}{% if state %}, {{ state.name }} is {{ {'not_home': 'away'}.get(state.state, state.state) }}{% endif %}.",
      the_one:
        '{% if query.matched %}Yes{% else %}No{% endif %}{% if state %}, {{ state.name }} is {{ state.state }}{% endif %}.',
      battery_level:
        '{% if state %}{{ state.name }} is {{ state.state_with_unit }}.{% else %}I could not find it.{% endif %}',
      outdoor_temperature:
        '{% if state %}It is {{ state.state_with_unit }} outside.{% else %}I could not find it.{% endif %}',
      weather_now: '{% if query.matched %}Yes{% else %}No{% endif %}.',
      forecast: 'I have no forecast.',
      list_count:
        "{% if state %}{% set n = state.state | int %}There {% if n == 1 %}is 1 item{% else %}are {{ n or 'no' }} items{% endif %} on {{ state.name }}.{% else %}I could not find it.{% endif %}",
      where:
        "{% if state %}{{ state.name }} is {% if state.state == 'home' %}at home{% elif state.state == 'not_home' %}away{% else %}at {{ state.state }}{% endif %}.{% endif %}",
      any: `{% if query.matched %}Yes, ${namesOf('query.matched')} ${IS_ARE('query.matched')} ${STATE_WORD}.{% else %}No, none ${IS_ARE('query.matched')} ${STATE_WORD}.{% endif %}`,
      all: `{% if not query.unmatched %}Yes, all of them are ${STATE_WORD}.{% else %}No, ${namesOf('query.unmatched')} ${IS_ARE('query.unmatched')} not ${STATE_WORD}.{% endif %}`,
      which: `{% if query.matched %}${namesOf('query.matched')} ${IS_ARE('query.matched')} ${STATE_WORD}.{% else %}No ${thingsNoun(true)} are ${STATE_WORD}.{% endif %}`,
      how_many: `{% set n = query.matched | length %}{{ n }} {% if n == 1 %}${thingsNoun(false)} is{% else %}${thingsNoun(true)} are{% endif %} ${STATE_WORD}{% if n %}: ${namesOf('query.matched')}{% endif %}.`,
    },
  },
};
