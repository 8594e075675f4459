// The media-kind families: a kind of media named ("stop the music in the kitchen", "pause the TV") selects the players
// of that kind from live state, and a play request naming no title ("play some music") resumes the paused player.
// Generated sentences over generated homes, each with the exact calls or the exact answer without a model and with
// each scripted answer of the model.

import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';
import {
  generateMediaHome,
  type MediaHome,
  type MediaPlayer,
  type Others,
  type PlayerClass,
  type PlayerSpec,
  type PlayerState,
} from './media-homes.ts';

/** A row, in English (the built-in grammar) or German (Home Assistant's grammar). */
export interface MediaRow extends GateRow {
  language: 'en' | 'de';
}

const SORRY = 'Sorry, I could not carry that out:';

/** A kind as the rows name it: the classes of its players, a class that is not of it, and its sentences. */
interface KindCase {
  kind: 'music' | 'tv' | 'radio' | 'speaker';
  fits: readonly PlayerClass[];
  other: PlayerClass;
  /** The `device_class` the grammar reads from the kind word, sent with the player's name. */
  classes?: string[];
  /** "There is no TV in the Kitchen." for a device kind; undefined for music. */
  missing?: (area: string) => string;
  placed: readonly Sentence[];
  here: readonly Sentence[];
}

/** A sentence, its tool, and the state of the player it means. */
interface Sentence {
  text: (area: string) => string;
  tool: string;
  state: PlayerState;
}

const pause = (text: Sentence['text']): Sentence => ({ text, tool: 'HassMediaPause', state: 'playing' });
const resume = (text: Sentence['text']): Sentence => ({ text, tool: 'HassMediaUnpause', state: 'paused' });
const mute = (text: Sentence['text']): Sentence => ({ text, tool: 'HassMediaPlayerMute', state: 'playing' });
const unmute = (text: Sentence['text']): Sentence => ({ text, tool: 'HassMediaPlayerUnmute', state: 'playing' });

const KINDS: readonly KindCase[] = [
  {
    kind: 'music',
    fits: ['speaker', 'receiver'],
    other: 'tv',
    placed: [
      pause((a) => `stop the music in the ${a}`),
      pause((a) => `pause the music in the ${a}`),
      resume((a) => `resume the music in the ${a}`),
    ],
    here: [pause(() => 'stop the music'), resume(() => 'continue the music')],
  },
  {
    kind: 'tv',
    fits: ['tv'],
    other: 'speaker',
    classes: ['tv'],
    missing: (a) => `There is no TV in the ${a}.`,
    placed: [
      pause((a) => `pause the TV in the ${a}`),
      mute((a) => `mute the television in the ${a}`),
      pause((a) => `pause the ${a} TV`),
    ],
    here: [pause(() => 'pause the TV'), unmute(() => 'unmute the TV')],
  },
  {
    kind: 'radio',
    fits: ['speaker', 'receiver'],
    other: 'tv',
    classes: ['speaker', 'receiver'],
    missing: (a) => `There is no radio in the ${a}.`,
    placed: [pause((a) => `pause the radio in the ${a}`), mute((a) => `mute the radio in the ${a}`)],
    here: [mute(() => 'mute the radio'), pause(() => 'pause the radio')],
  },
  {
    kind: 'speaker',
    fits: ['speaker'],
    other: 'receiver',
    classes: ['speaker'],
    missing: (a) => `There is no speaker in the ${a}.`,
    placed: [mute((a) => `mute the speaker in the ${a}`), resume((a) => `resume the speaker in the ${a}`)],
    here: [pause(() => 'pause the speaker')],
  },
];

/** A state no command of the rows prefers. */
const RESTING: PlayerState = 'idle';

/** The request of `text` in `home` (from a satellite in `satelliteArea`, when given). */
function requestOf(home: MediaHome, text: string, satelliteArea?: string) {
  return buildHaRequest(home.home, {
    userText: text,
    era: '2026',
    ...(satelliteArea === undefined ? {} : { satelliteArea }),
  });
}

/** "Which one do you mean: …?" in the catalogue's order (by name). */
function whichOf(players: readonly MediaPlayer[], language: 'en' | 'de'): string {
  const sorted = [...players].sort((a, b) => (a.name < b.name ? -1 : 1));
  const said = sorted.map((p) => (language === 'en' ? `the ${p.name} in the ${p.area}` : `${p.name} (${p.area})`));
  const list = `${said.slice(0, -1).join(', ')} ${language === 'en' ? 'or' : 'oder'} ${said.at(-1)}`;
  return language === 'en' ? `Which one do you mean: ${list}?` : `Welches meinst du: ${list}?`;
}

/** The gate's answer when the model acts on more than one of `players`. */
function moreThanOne(players: readonly MediaPlayer[], language: 'en' | 'de'): Outcome {
  const sorted = [...players].sort((a, b) => (a.name < b.name ? -1 : 1));
  const which = sorted.map((p) => `${p.name} (${p.area})`);
  const or = language === 'en' ? 'or' : 'oder';
  const list = `${which.slice(0, -1).join(', ')} ${or} ${which.at(-1)}`;
  return language === 'en'
    ? { answer: `${SORRY} you asked for one of ${list}, and more than one was chosen, so nothing was done.` }
    : {
        answer: `Entschuldigung, das konnte ich nicht ausführen: Gefragt war eines von ${list}, gewählt wurde mehr als eines. Es wurde nichts getan.`,
      };
}

/** One scenario of a kind row: the focus area's players and what must come of them. */
type Scenario = 'one' | 'two' | 'unknown' | 'none' | 'elsewhere';
const SCENARIOS: readonly Scenario[] = ['one', 'two', 'unknown', 'none', 'one', 'elsewhere'];

/** The focus players of `scenario`: the first one (or two) are the ones the sentence means. */
function kindLayout(scenario: Scenario, kind: KindCase, state: PlayerState): PlayerSpec[] {
  const [first, last] = [kind.fits[0]!, kind.fits.at(-1)!];
  switch (scenario) {
    case 'one':
    case 'elsewhere':
      // Another kind in the same state, and one of the kind that is not in it.
      return [
        { deviceClass: first, state },
        { deviceClass: kind.other, state },
        { deviceClass: last, state: RESTING },
      ];
    case 'two':
      return [
        { deviceClass: first, state },
        { deviceClass: last, state },
        { deviceClass: kind.other, state },
      ];
    case 'unknown':
      return [
        { deviceClass: first, state },
        { deviceClass: 'none', state },
      ];
    case 'none':
      return [{ deviceClass: kind.other, state }];
  }
}

/** Family 1: the kind named selects the players of that kind; unsure → the question names them. */
export function kindRows(): MediaRow[] {
  return Array.from({ length: 36 }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    const scenario = SCENARIOS[Math.floor(i / KINDS.length) % SCENARIOS.length]!;
    // A device kind missing from a satellite's area is looked for in the home: those rows name the area.
    const isHere = scenario === 'elsewhere' || (scenario !== 'none' && i % 3 === 2);
    const sentences = isHere ? kind.here : kind.placed;
    const sentence = sentences[Math.floor(i / 2) % sentences.length]!;
    const others: Others = scenario === 'elsewhere' ? 'quiet' : 'any';
    const home = generateMediaHome(2000 + i, kindLayout(scenario, kind, sentence.state), others);
    const satellite = scenario === 'elsewhere' ? home.empty : isHere ? home.focus : undefined;
    const text = sentence.text(home.focus);
    const label = satellite === undefined ? text : `${text} [said in the ${satellite}]`;
    return {
      language: 'en',
      ...kindOutcome({ kind, scenario, sentence, home, text: label }),
      request: requestOf(home, text, satellite),
    };
  });
}

function kindOutcome(input: {
  kind: KindCase;
  scenario: Scenario;
  sentence: Sentence;
  home: MediaHome;
  text: string;
}): Omit<GateRow, 'request'> {
  const { kind, scenario, sentence, home, text } = input;
  const [first, second] = home.focused as [MediaPlayer, MediaPlayer | undefined];
  const byName = (player: MediaPlayer): Sent => ({
    name: sentence.tool,
    arguments: {
      name: player.name,
      domain: ['media_player'],
      ...(kind.classes === undefined ? {} : { device_class: kind.classes }),
    },
  });
  const modelOn = (player: MediaPlayer): Sent => ({ name: sentence.tool, arguments: { name: player.name } });
  const base = { text, home: home.home };
  if (scenario === 'one' || scenario === 'elsewhere')
    return {
      ...base,
      isDeterministic: true,
      withoutModel: { calls: [byName(first)] },
      withModel: [{ calls: [modelOn(second!)], outcome: { calls: [byName(first)] } }],
    };
  if (scenario === 'none' && kind.missing !== undefined)
    return {
      ...base,
      withoutModel: { answer: kind.missing(home.focus) },
      withModel: [{ calls: [], outcome: { answer: 'model says' } }],
    };
  if (scenario === 'none')
    // Music may play on the TV: the one playing is asked about, never paused unasked.
    return {
      ...base,
      withoutModel: { answer: `Do you mean the ${first.name} in the ${first.area}?` },
      withModel: [{ calls: [modelOn(first)], outcome: { calls: [modelOn(first)] } }],
    };
  const meant = [first, second!];
  return {
    ...base,
    withoutModel: { answer: whichOf(meant, 'en') },
    withModel: [
      { calls: [modelOn(second!)], outcome: { calls: [modelOn(second!)] } },
      { calls: [modelOn(first), modelOn(second!)], outcome: moreThanOne(meant, 'en') },
    ],
  };
}

/** What a play request naming no title says, in a language, and the kind of player it means. */
interface Untitled {
  language: 'en' | 'de';
  /** The sentence with a place (`in` is "in the Kitchen" / "in der Küche"), or with none. */
  text: (place?: string) => string;
  /** The classes that fit: music and radio are speakers and receivers; "something" is any player. */
  fits: readonly PlayerClass[];
}

const music = { fits: ['speaker', 'receiver'] as const };
const anything = { fits: ['tv', 'speaker', 'receiver', 'none'] as const };
const UNTITLED: readonly Untitled[] = [
  { language: 'en', text: (p) => `play some music${p === undefined ? '' : ` ${p}`}`, ...music },
  { language: 'en', text: (p) => `put some music on${p === undefined ? '' : ` ${p}`}`, ...music },
  { language: 'en', text: (p) => `play something${p === undefined ? '' : ` ${p}`}`, ...anything },
  { language: 'de', text: (p) => `spiel Musik${p === undefined ? '' : ` ${p}`}`, ...music },
  { language: 'en', text: (p) => `play music${p === undefined ? '' : ` ${p}`}`, ...music },
  { language: 'en', text: (p) => `play the radio${p === undefined ? '' : ` ${p}`}`, ...music },
  { language: 'de', text: (p) => `spiele etwas Musik${p === undefined ? '' : ` ${p}`}`, ...music },
  { language: 'en', text: (p) => `put on some music${p === undefined ? '' : ` ${p}`}`, ...music },
];

/** Where a play request is said: in a named area, at a satellite there, at a satellite in a room with no player, or with no place. */
type Where = 'area' | 'satellite' | 'empty-satellite' | 'home';
const WHERES: readonly Where[] = ['area', 'satellite', 'home', 'area', 'empty-satellite'];

/** One scenario of a play row: one paused player of the kind, two, none paused, or only another kind paused. */
type PlayScenario = 'one' | 'two' | 'none' | 'other';
const PLAY_SCENARIOS: readonly PlayScenario[] = ['one', 'two', 'one', 'none', 'other'];

function playLayout(scenario: PlayScenario, untitled: Untitled): PlayerSpec[] {
  const [first, last] = [untitled.fits[0]!, untitled.fits.at(-1)!];
  switch (scenario) {
    case 'one':
      return [
        { deviceClass: first, state: 'paused' },
        { deviceClass: 'tv', state: 'playing' },
        { deviceClass: last === first ? 'receiver' : last, state: RESTING },
      ];
    case 'two':
      return [
        { deviceClass: first, state: 'paused' },
        { deviceClass: last, state: 'paused' },
      ];
    case 'none':
      return [
        { deviceClass: first, state: 'playing' },
        { deviceClass: 'tv', state: RESTING },
      ];
    case 'other':
      return [
        { deviceClass: 'tv', state: 'paused' },
        { deviceClass: 'speaker', state: RESTING },
      ];
  }
}

/** Family 2: a play request naming no title resumes the paused player, never searches for "some music". */
export function untitledPlayRows(): MediaRow[] {
  return Array.from({ length: 40 }, (_, i) => {
    const untitled = UNTITLED[i % UNTITLED.length]!;
    let scenario = PLAY_SCENARIOS[Math.floor(i / UNTITLED.length) % PLAY_SCENARIOS.length]!;
    // Any player fits "something": a paused TV is one of it.
    if (scenario === 'other' && untitled.fits.includes('tv')) scenario = 'one';
    const where = WHERES[i % WHERES.length]!;
    const others: Others = where === 'home' || where === 'empty-satellite' ? 'quiet' : 'any';
    const home = generateMediaHome(3000 + i, playLayout(scenario, untitled), others);
    const placeWords =
      where !== 'area' ? undefined : untitled.language === 'en' ? `in the ${home.focus}` : home.germanIn(home.focus);
    const text = untitled.text(placeWords);
    const satellite = where === 'satellite' ? home.focus : where === 'empty-satellite' ? home.empty : undefined;
    const label = satellite === undefined ? text : `${text} [said in the ${satellite}]`;
    return {
      language: untitled.language,
      ...playOutcome(scenario, home, untitled.language, label),
      request: requestOf(home, text, satellite),
    };
  });
}

function playOutcome(
  scenario: PlayScenario,
  home: MediaHome,
  language: 'en' | 'de',
  text: string,
): Omit<GateRow, 'request'> {
  const [first, second] = home.focused as [MediaPlayer, MediaPlayer];
  const resumed = (player: MediaPlayer): Sent => ({
    name: 'HassMediaUnpause',
    arguments: { name: player.name, domain: ['media_player'] },
  });
  const modelOn = (player: MediaPlayer): Sent => ({ name: 'HassMediaUnpause', arguments: { name: player.name } });
  const base = { text, home: home.home };
  switch (scenario) {
    case 'one':
      return {
        ...base,
        isDeterministic: true,
        withoutModel: { calls: [resumed(first)] },
        withModel: [
          {
            calls: [{ name: 'HassMediaSearchAndPlay', arguments: { search_query: 'some music' } }],
            outcome: { calls: [resumed(first)] },
          },
        ],
      };
    case 'two':
      return {
        ...base,
        withoutModel: { answer: whichOf([first, second], language) },
        withModel: [
          { calls: [modelOn(first)], outcome: { calls: [modelOn(first)] } },
          { calls: [modelOn(first), modelOn(second)], outcome: moreThanOne([first, second], language) },
        ],
      };
    case 'none':
      return {
        ...base,
        withoutModel: {
          answer:
            language === 'en'
              ? 'Nothing is paused. What would you like to hear?'
              : 'Es ist nichts pausiert. Was möchtest du hören?',
        },
        withModel: [{ calls: [], outcome: { answer: 'model says' } }],
      };
    case 'other':
      return {
        ...base,
        withoutModel: {
          answer:
            language === 'en'
              ? `Do you mean the ${first.name} in the ${first.area}?`
              : `Meinst du ${first.name} (${first.area})?`,
        },
        withModel: [{ calls: [modelOn(first)], outcome: { calls: [modelOn(first)] } }],
      };
  }
}
