// The kinds of media player a sentence names ("the music", "the TV", "the radio"), per language: the words that say
// a kind, the device classes and content types that make a player one of that kind, and the words of a play request
// that names no title ("play some music"). A declarative table per language.

import type { RecognizeResult } from '../../../hassil/index.ts';
import { splitWords } from '../repair/words.ts';
import type { Place } from './answer-words.ts';

/** A kind of player or of what it plays, as a sentence names it. */
export type MediaKind = 'music' | 'tv' | 'radio' | 'speaker' | 'receiver';

/** The metadata key of a match that holds the kind its sentence names. */
export const MEDIA_KIND = 'media_kind';

/** The kind a match's sentence names (`metadata.media_kind`), or undefined. */
export function mediaKindOf(result: RecognizeResult): MediaKind | undefined {
  const kind = result.intentMetadata?.[MEDIA_KIND];
  return typeof kind === 'string' && Object.hasOwn(MEDIA_KINDS, kind) ? (kind as MediaKind) : undefined;
}

/** What makes a player one of a kind. */
export interface MediaKindRow {
  /** Device classes of players of the kind (Home Assistant's media player classes: tv, speaker, receiver). */
  readonly classes: readonly string[];
  /**
   * `media_content_type` values that make any player one of the kind while it plays them (a TV playing music).
   * Home Assistant's live context does not carry the attribute; an older prompt with attributes may.
   */
  readonly contentTypes: readonly string[];
  /** Whether the kind is a device ("the TV"): a place without one has none to act on. Music is what is played. */
  readonly isDevice: boolean;
}

/** The kinds: music plays on speakers and receivers, or on any player whose content says it is music. */
export const MEDIA_KINDS: Readonly<Record<MediaKind, MediaKindRow>> = {
  music: {
    classes: ['speaker', 'receiver'],
    contentTypes: ['music', 'album', 'artist', 'track', 'playlist'],
    isDevice: false,
  },
  tv: { classes: ['tv'], contentTypes: [], isDevice: true },
  radio: { classes: ['speaker', 'receiver'], contentTypes: [], isDevice: true },
  speaker: { classes: ['speaker'], contentTypes: [], isDevice: true },
  receiver: { classes: ['receiver'], contentTypes: [], isDevice: true },
};

/** One language's media words. */
interface MediaWords {
  /** Folded words that name a kind. */
  readonly kinds: Readonly<Record<MediaKind, readonly string[]>>;
  /** Folded words that may make up a play request naming no title ("some", "something"), besides kind words. */
  readonly untitled: readonly string[];
  /** The question about the one player that might be meant. */
  doYouMean(candidate: { name: string; area?: string }): string;
  /** The answer to a play request naming no title when no player is paused. */
  readonly nothingPaused: string;
  /** "There is no TV in the Kitchen." (no place: in the whole home). */
  missing(kind: MediaKind | undefined, place?: Place): string;
}

/** A kind as an English answer names it: music needs a speaker or a receiver. */
const ENGLISH_NOUNS: Readonly<Record<MediaKind, string>> = {
  music: 'speaker or receiver',
  tv: 'TV',
  radio: 'radio',
  speaker: 'speaker',
  receiver: 'receiver',
};

/** "No such player" as a German answer says it. */
const GERMAN_NONE: Readonly<Record<MediaKind, string>> = {
  music: 'kein Lautsprecher oder Receiver',
  tv: 'kein Fernseher',
  radio: 'kein Radio',
  speaker: 'kein Lautsprecher',
  receiver: 'kein Receiver',
};

const ENGLISH: MediaWords = {
  kinds: {
    music: ['music'],
    tv: ['tv', 'tvs', 'television', 'televisions', 'telly'],
    radio: ['radio', 'radios'],
    speaker: ['speaker', 'speakers'],
    receiver: ['receiver', 'receivers', 'stereo', 'stereos', 'amplifier', 'amplifiers', 'amp', 'amps'],
  },
  untitled: ['some', 'a', 'an', 'the', 'my', 'any', 'little', 'bit', 'of', 'something', 'anything', 'please'],
  doYouMean: (c) => `Do you mean the ${c.name}${c.area === undefined ? '' : ` in the ${c.area}`}?`,
  nothingPaused: 'Nothing is paused. What would you like to hear?',
  missing: (kind, place) => {
    const noun = kind === undefined ? 'media player' : ENGLISH_NOUNS[kind];
    return `There is no ${noun}${place === undefined ? '' : ` ${place.kind === 'area' ? 'in' : 'on'} the ${place.name}`}.`;
  },
};

const GERMAN: MediaWords = {
  kinds: {
    music: ['musik'],
    tv: ['fernseher', 'fernsehen', 'fernseh', 'tv', 'glotze'],
    radio: ['radio', 'radios'],
    speaker: ['lautsprecher', 'box', 'boxen'],
    receiver: ['receiver', 'verstärker', 'stereoanlage', 'anlage'],
  },
  untitled: [
    'etwas',
    'was',
    'irgendwas',
    'irgendetwas',
    'ein',
    'eine',
    'einen',
    'bisschen',
    'mal',
    'die',
    'das',
    'den',
    'meine',
    'bitte',
  ],
  doYouMean: (c) => `Meinst du ${c.name}${c.area === undefined ? '' : ` (${c.area})`}?`,
  nothingPaused: 'Es ist nichts pausiert. Was möchtest du hören?',
  missing: (kind, place) => {
    const none = kind === undefined ? 'kein Mediaplayer' : GERMAN_NONE[kind];
    if (place === undefined) return `Es ist ${none} vorhanden.`;
    return `${place.kind === 'area' ? 'Im Bereich' : 'Im Stockwerk'} ${place.name} ist ${none}.`;
  },
};

const WORDS: Readonly<Record<string, MediaWords>> = { en: ENGLISH, de: GERMAN };

/** The media words of `language`; English for a language without a table. */
export function mediaWordsFor(language: string): MediaWords {
  return WORDS[language.split(/[-_]/u)[0]!.toLowerCase()] ?? ENGLISH;
}

/**
 * The one kind `text` names outside its name, area and floor slots ("stop the music in the TV Room" is music), or
 * undefined when it names none or several (the kind is then not the sentence's to say). A language without a table
 * names none.
 */
export function readMediaKind(result: RecognizeResult, text: string, language: string): MediaKind | undefined {
  const words = WORDS[language.split(/[-_]/u)[0]!.toLowerCase()];
  if (words === undefined) return undefined;
  const slotKeys = ['name', 'area', 'floor'].flatMap((slot) => splitWords(result.entities[slot]?.text ?? ''));
  const keys = withoutSlotWords(
    splitWords(text).map((word) => word.key),
    slotKeys.map((word) => word.key),
  );
  const said = new Set(keys.flatMap((key) => kindsOfWord(words, key)));
  const [kind] = said;
  return said.size === 1 ? kind : undefined;
}

/** True when `query` (what a play request would search for) names no title: only kind words and fillers. */
export function isUntitledQuery(query: string, language: string): boolean {
  const words = WORDS[language.split(/[-_]/u)[0]!.toLowerCase()];
  if (words === undefined) return false;
  const keys = splitWords(query).map((word) => word.key);
  const isKind = (key: string) => words.kinds.music.includes(key) || words.kinds.radio.includes(key);
  return keys.length > 0 && keys.every((key) => isKind(key) || words.untitled.includes(key));
}

function kindsOfWord(words: MediaWords, key: string): MediaKind[] {
  return (Object.keys(words.kinds) as MediaKind[]).filter((kind) => words.kinds[kind].includes(key));
}

/** `keys` with one occurrence of each slot word taken out (the slot's words are a place or a name, not a kind). */
function withoutSlotWords(keys: readonly string[], slotKeys: readonly string[]): string[] {
  const rest = [...keys];
  for (const key of slotKeys) {
    const at = rest.indexOf(key);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}
