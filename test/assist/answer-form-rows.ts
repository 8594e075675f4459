// Issue 28's answer-form phrases: state questions over generated homes with a phrase asking the answer's form ("Reply
// with "yes" or "no".", "nur ja oder nein", "in one word", "antworte kurz") in every wording, quoting and position.
// Every row states its exact answer: "Yes."/"No." ("Ja."/"Nein.") for a yes-or-no question asked for yes or no or one
// word, else the answer as without the phrase; commands with a phrase send exactly the calls they send without one;
// phrases no table covers go to the model.

import { buildHaRequest, type HaChatRequest, type Home } from '../../src/homeassistant/request/index.ts';
import type { AnswerForm } from '../../src/assist/understand/index.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';
import { generateGermanHome } from './german-homes.ts';
import { countAnswer, type Device, generateEnglishHome, oneAnswer } from './unavailable-rows.ts';

type Language = 'en' | 'de';

/** How a word is quoted: not at all, or in one of the quote styles people type. */
type Quote = (word: string) => string;

const QUOTES: readonly Quote[] = [
  (word) => word,
  (word) => `"${word}"`,
  (word) => `'${word}'`,
  (word) => `“${word}”`,
  (word) => `«${word}»`,
  (word) => `‘${word}’`,
];
const GERMAN_QUOTES: readonly Quote[] = [...QUOTES, (word) => `„${word}“`, (word) => `»${word}«`];

/** A phrase wording: the phrase with its words quoted by `quote`. */
type Wording = (quote: Quote) => string;

/** The wordings of each form, per language: verbs, objects and fillers people combine. */
const WORDINGS: Readonly<Record<Language, Readonly<Record<AnswerForm, readonly Wording[]>>>> = {
  en: {
    'yes-no': [
      (q) => `Reply with ${q('yes')} or ${q('no')}.`,
      (q) => `answer ${q('yes')} or ${q('no')}`,
      (q) => `just ${q('yes')} or ${q('no')}`,
      (q) => `only ${q('yes')} or ${q('no')} please`,
      (q) => `Answer with a simple ${q('Yes')} or ${q('No')}`,
      (q) => `${q('yes')}/${q('no')}`,
      (q) => `respond only with ${q('yes')} or ${q('no')}`,
      (q) => `give me a ${q('yes or no')} answer`,
      (q) => `Please say ${q('Yes')} or ${q('No')}.`,
      (q) => q('yes or no'),
      (q) => `tell me ${q('yes')} or ${q('no')} only`,
    ],
    'one-word': [
      (q) => `answer in ${q('one word')}`,
      () => 'In one word.',
      () => 'one word only',
      () => 'reply with a single word',
      () => 'give me a one-word answer',
      () => 'just one word please',
    ],
    brief: [() => 'answer briefly', () => 'keep it short', () => 'short answer please', () => 'be brief'],
  },
  de: {
    'yes-no': [
      (q) => `Antworte mit ${q('Ja')} oder ${q('Nein')}.`,
      (q) => `nur ${q('ja')} oder ${q('nein')}`,
      (q) => `Bitte nur mit ${q('Ja')} oder ${q('Nein')} antworten!`,
      (q) => `antworte bitte mit einem klaren ${q('Ja')} oder ${q('Nein')}`,
      (q) => q('ja/nein'),
      (q) => `sag ${q('ja oder nein')}`,
      (q) => `Antwort: ${q('ja')} oder ${q('nein')}`,
      (q) => `einfach ${q('Ja')} oder ${q('Nein')} bitte`,
    ],
    'one-word': [
      () => 'mit einem Wort',
      () => 'antworte in einem Wort',
      () => 'nur ein Wort',
      () => 'Ein-Wort-Antwort bitte',
      (q) => `sag es ${q('in einem Wort')}`,
    ],
    brief: [() => 'antworte kurz', () => 'fass dich kurz', () => 'kurze Antwort bitte', () => 'kurz und knapp'],
  },
};

/** Where the phrase goes and what separates it from the question. */
interface Position {
  readonly place: 'before' | 'after';
  readonly separator: string;
}

const POSITIONS: readonly Position[] = [
  { place: 'after', separator: '? ' },
  { place: 'after', separator: ', ' },
  { place: 'after', separator: ' - ' },
  { place: 'after', separator: ' — ' },
  { place: 'after', separator: '. ' },
  { place: 'after', separator: ' ' },
  { place: 'after', separator: ': ' },
  { place: 'before', separator: ': ' },
  { place: 'before', separator: ', ' },
  { place: 'before', separator: ' – ' },
  { place: 'before', separator: ' ' },
];

/** After the question, set apart by a space only. */
const AFTER_A_SPACE: Position = { place: 'after', separator: ' ' };

/** The question with the phrase put in its place. */
function withPhrase(question: string, phrase: string, position: Position): string {
  if (position.place === 'after') return `${question}${position.separator}${phrase}`;
  const lead = phrase.replace(/[.!?]$/u, '');
  return `${lead.charAt(0).toUpperCase()}${lead.slice(1)}${position.separator}${question}?`;
}

/** A question frame over a home: its sentence, its answer as always, and its plain yes or no (when it is one). */
interface Asked {
  readonly text: string;
  readonly answer: string;
  readonly yesNo?: boolean;
}

/** The plain yes or no of a question about one device; none for one that does not report. */
function yesNoOfOne(device: Device): boolean | undefined {
  return device.state === 'unavailable' ? undefined : device.state === 'on';
}

/** "any": yes when one is on; no only when every one reports. "all": no when one is off; yes only when all report. */
function yesNoOfSeveral(kind: 'any' | 'all', lights: readonly Device[]): boolean | undefined {
  const lit = lights.filter((light) => light.state === 'on').length;
  const dark = lights.filter((light) => light.state === 'off').length;
  const silent = lights.length - lit - dark;
  if (kind === 'any') return lit > 0 ? true : silent === 0 ? false : undefined;
  return dark > 0 ? false : silent === 0 ? true : undefined;
}

const FRAMES = ['light', 'window', 'any', 'all', 'how-many', 'which'] as const;
type Frame = (typeof FRAMES)[number];

/** An English question of `frame` in the home of `seed` (the built-in grammar). */
function englishQuestion(frame: Frame, seed: number): { home: Home; asked: Asked } {
  const home = generateEnglishHome(seed);
  const area = home.random.pick(home.areas);
  const inArea = home.lights.filter((light) => light.area === area);
  const asked = ((): Asked => {
    switch (frame) {
      case 'light': {
        const light = home.random.pick(home.lights);
        const answer = oneAnswer(light, 'en', { on: 'on', off: 'off' });
        return { text: `is the ${light.name} on`, answer, ...definedYesNo(yesNoOfOne(light)) };
      }
      case 'window': {
        const window = home.windows.find((candidate) => candidate.area === area)!;
        const answer = oneAnswer(window, 'en', { on: 'open', off: 'closed' });
        return { text: `is the ${window.name} open`, answer, ...definedYesNo(yesNoOfOne(window)) };
      }
      case 'any':
        return {
          text: `are any lights on in the ${area}`,
          answer: countAnswer('any', inArea, 'en'),
          ...definedYesNo(yesNoOfSeveral('any', inArea)),
        };
      case 'all':
        return {
          text: `are all the lights on in the ${area}`,
          answer: countAnswer('all', inArea, 'en'),
          ...definedYesNo(yesNoOfSeveral('all', inArea)),
        };
      case 'how-many':
        return { text: `how many lights are on in the ${area}`, answer: countAnswer('how-many', inArea, 'en') };
      default:
        return { text: `which lights are on in the ${area}`, answer: countAnswer('which', inArea, 'en') };
    }
  })();
  return { home: home.home, asked };
}

/** A German question of `frame` in the home of `seed` (Home Assistant's German grammar). */
function germanQuestion(frame: Frame, seed: number): { home: Home; asked: Asked } {
  const home = generateGermanHome(seed, { unavailable: 0.2 });
  const area = home.random.pick(home.areas);
  const inArea: Device[] = home.lightsIn(area.name);
  const asked = ((): Asked => {
    switch (frame) {
      case 'light': {
        const light = home.random.pick(home.lights);
        const answer = oneAnswer(light, 'de', { on: 'an', off: 'aus' });
        return { text: `ist ${light.name} an`, answer, ...definedYesNo(yesNoOfOne(light)) };
      }
      case 'window': {
        const window = { ...home.window(area.name), area: area.name };
        const answer = oneAnswer(window, 'de', { on: 'offen', off: 'geschlossen' });
        return { text: `ist das ${window.name} offen`, answer, ...definedYesNo(yesNoOfOne(window)) };
      }
      case 'any':
        return {
          text: `ist ein Licht ${area.in} an`,
          answer: countAnswer('any', inArea, 'de'),
          ...definedYesNo(yesNoOfSeveral('any', inArea)),
        };
      case 'all':
        // Home Assistant's German grammar asks "all" of the whole home only.
        return {
          text: 'sind alle Lichter an',
          answer: countAnswer('all', home.lights, 'de'),
          ...definedYesNo(yesNoOfSeveral('all', home.lights)),
        };
      case 'how-many':
        return { text: `wie viele Lichter sind ${area.in} an`, answer: countAnswer('how-many', inArea, 'de') };
      default:
        return { text: `welche Lichter sind ${area.in} an`, answer: countAnswer('which', inArea, 'de') };
    }
  })();
  return { home: home.home, asked };
}

function definedYesNo(yesNo: boolean | undefined): { yesNo?: boolean } {
  return yesNo === undefined ? {} : { yesNo };
}

const YES_NO_WORDS: Readonly<Record<Language, readonly [string, string]>> = {
  en: ['Yes.', 'No.'],
  de: ['Ja.', 'Nein.'],
};

function requestOf(home: Home, text: string): HaChatRequest {
  return buildHaRequest(home, { userText: text, era: '2026' });
}

/** A row the model never sees: the same outcome with any scripted answer. */
function deterministic(text: string, home: Home, outcome: Outcome): GateRow {
  return {
    text,
    home,
    request: requestOf(home, text),
    isDeterministic: true,
    withoutModel: outcome,
    withModel: [{ calls: [], outcome }],
  };
}

const FORMS: readonly AnswerForm[] = ['yes-no', 'one-word', 'brief'];

/**
 * `count` questions in `language`: frame, home, form, wording, quote style and position each cycle at their own pace,
 * so the rows cover their combinations. The answer is "Yes."/"No." when the form is yes-or-no or one word and the
 * question a yes-or-no one with a plain answer; otherwise the answer given without the phrase.
 */
export function answerFormRows(language: Language, count: number): GateRow[] {
  const quotes = language === 'en' ? QUOTES : GERMAN_QUOTES;
  const question = language === 'en' ? englishQuestion : germanQuestion;
  return Array.from({ length: count }, (_, i) => {
    const frame = FRAMES[i % FRAMES.length]!;
    const form = FORMS[Math.floor(i / FRAMES.length) % FORMS.length]!;
    const wordings = WORDINGS[language][form];
    const wording = wordings[(i * 7 + Math.floor(i / 3)) % wordings.length]!;
    const quote = quotes[(i * 5 + Math.floor(i / 2)) % quotes.length]!;
    const drawn = POSITIONS[(i * 3 + Math.floor(i / 5)) % POSITIONS.length]!;
    // With only a space before it, the phrase is read as said first, and Home Assistant's German "sind alle {zone}"
    // takes it as a zone's name (the model then gets the turn, as without the table): that question sets it apart here.
    const position = language === 'de' && frame === 'all' && drawn.separator === ' ' ? POSITIONS[0]! : drawn;
    const { home, asked } = question(frame, (language === 'en' ? 28_000 : 28_500) + i);
    const text = withPhrase(asked.text, wording(quote), position);
    const plain = form !== 'brief' && asked.yesNo !== undefined;
    const [yes, no] = YES_NO_WORDS[language];
    return deterministic(text, home, { answer: plain ? (asked.yesNo === true ? yes : no) : asked.answer });
  });
}

/**
 * Commands with an answer-form phrase: exactly the calls the command sends without it (one light by its name, or the
 * lights of an area), never more devices.
 */
export function commandFormRows(language: Language, count: number): GateRow[] {
  const quotes = language === 'en' ? QUOTES : GERMAN_QUOTES;
  return Array.from({ length: count }, (_, i) => {
    const form = FORMS[i % FORMS.length]!;
    const wordings = WORDINGS[language][form];
    const wording = wordings[(i * 5 + Math.floor(i / 3)) % wordings.length]!;
    const quote = quotes[(i * 3 + Math.floor(i / 4)) % quotes.length]!;
    const position = POSITIONS[(i * 7 + Math.floor(i / 2)) % POSITIONS.length]!;
    const seed = (language === 'en' ? 28_800 : 28_900) + i;
    const { home, command, call } = language === 'en' ? englishCommand(seed, i) : germanCommand(seed, i);
    const text = withPhrase(command, wording(quote), position).replace(/\?$/u, '');
    return deterministic(text, home, { calls: [call] });
  });
}

function englishCommand(seed: number, i: number): { home: Home; command: string; call: Sent } {
  const home = generateEnglishHome(seed);
  const area = home.random.pick(home.areas);
  const on = i % 2 === 0;
  const light = home.lights.find((candidate) => candidate.state !== 'unavailable');
  if (i % 4 < 2 && light !== undefined)
    return {
      home: home.home,
      command: `turn ${on ? 'on' : 'off'} the ${light.name}`,
      call: { name: on ? 'HassTurnOn' : 'HassTurnOff', arguments: { name: light.name, domain: ['light'] } },
    };
  return {
    home: home.home,
    command: `turn ${on ? 'on' : 'off'} the lights in the ${area}`,
    call: { name: on ? 'HassTurnOn' : 'HassTurnOff', arguments: { area, domain: ['light'] } },
  };
}

function germanCommand(seed: number, i: number): { home: Home; command: string; call: Sent } {
  const home = generateGermanHome(seed);
  const area = home.random.pick(home.areas);
  const on = i % 2 === 0;
  if (i % 4 < 2) {
    const light = home.random.pick(home.lights);
    return {
      home: home.home,
      command: `schalte ${light.name} ${on ? 'an' : 'aus'}`,
      call: { name: on ? 'HassTurnOn' : 'HassTurnOff', arguments: { name: light.name, domain: ['light'] } },
    };
  }
  return {
    home: home.home,
    command: `schalte das Licht ${area.in} ${on ? 'an' : 'aus'}`,
    call: { name: on ? 'HassTurnOn' : 'HassTurnOff', arguments: { area: area.name, domain: ['light'] } },
  };
}

/** Phrases no table covers, or that change the question: the sentence goes to the model as it is. */
const UNCOVERED: Readonly<Record<Language, readonly ((question: string) => string)[]>> = {
  en: [
    (q) => `${q}? don't answer yes or no`,
    (q) => `${q}? answer in French`,
    (q) => `${q}? yes or no, and explain why`,
    (q) => `${q}, not just yes or no`,
    (q) => `${q}? tell me honestly`,
    (q) => `${q}? never answer in one word`,
    (q) => `Answer in rhymes: ${q}?`,
  ],
  de: [
    (q) => `${q}? antworte nicht mit ja oder nein`,
    (q) => `${q}? antworte auf Englisch`,
    (q) => `${q}, ja oder nein, und erkläre warum`,
    (q) => `${q}? sag es mir ehrlich`,
    (q) => `Antworte in Reimen: ${q}?`,
  ],
};

/** Questions with a phrase no table covers: without a model `withoutModel`, with one exactly the model's answer. */
export function uncoveredFormRows(language: Language, count: number, withoutModel: Outcome): GateRow[] {
  const question = language === 'en' ? englishQuestion : germanQuestion;
  const phrasings = UNCOVERED[language];
  return Array.from({ length: count }, (_, i) => {
    const { home, asked } = question(FRAMES[i % FRAMES.length]!, (language === 'en' ? 29_000 : 29_500) + i);
    const text = phrasings[i % phrasings.length]!(asked.text);
    return {
      text,
      home,
      request: requestOf(home, text),
      withoutModel,
      withModel: [{ calls: [], outcome: { answer: 'model says' } }],
    };
  });
}

/**
 * A phrase set apart by a space only, which a grammar takes as its own words: Home Assistant's German "sind alle
 * {zone}" reads "sind alle Lichter an nur ja oder nein" as a zone's name. The sentence as said comes first, so the
 * turn goes as it would without the table (a live read, then the model, which hears the whole sentence).
 */
export function wildcardFormRows(count: number): GateRow[] {
  const wordings = [...WORDINGS.de['yes-no'], ...WORDINGS.de['one-word']];
  return Array.from({ length: count }, (_, i) => {
    const home = generateGermanHome(29_800 + i);
    const quote = GERMAN_QUOTES[i % GERMAN_QUOTES.length]!;
    const text = withPhrase('sind alle Lichter an', wordings[i % wordings.length]!(quote), AFTER_A_SPACE);
    return {
      text,
      home: home.home,
      request: requestOf(home.home, text),
      withoutModel: { error: 'backend_not_configured' },
      withModel: [{ calls: [], outcome: { answer: 'model says' } }],
    };
  });
}
