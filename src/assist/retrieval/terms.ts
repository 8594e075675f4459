// The terms retrieval compares: folded, accent-free words with a light English plural stem, and stop words.

/** Words that say nothing about which device is meant (English and German function words). */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'if',
  'then',
  'else',
  'of',
  'in',
  'on',
  'at',
  'to',
  'for',
  'from',
  'by',
  'with',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'there',
  'here',
  'my',
  'our',
  'me',
  'i',
  'we',
  'you',
  'your',
  'us',
  'please',
  'can',
  'could',
  'would',
  'should',
  'do',
  'does',
  'did',
  'so',
  'too',
  'what',
  'which',
  'who',
  'why',
  'how',
  'when',
  'where',
  'still',
  'some',
  'any',
  'bit',
  'little',
  'just',
  'now',
  'up',
  'down',
  'again',
  'all',
  'not',
  'no',
  'yes',
  'than',
  'more',
  'less',
  'get',
  'got',
  'make',
  'let',
  'have',
  'has',
  'had',
  'der',
  'die',
  'das',
  'den',
  'dem',
  'des',
  'ein',
  'eine',
  'einen',
  'und',
  'oder',
  'im',
  'in',
  'ist',
  'sind',
  'bitte',
  'mal',
]);

/**
 * The folded words of `text`: lower case, accents removed (Küche → kuche), split on anything that is
 * not a letter or digit. Stop words are kept: phrases (names) are matched on the full word sequence.
 */
export function foldWords(text: string): string[] {
  return rawWords(text).map(stem);
}

/** The words of `text` that can tell devices apart: {@link foldWords} without stop words. */
export function contentTerms(text: string): string[] {
  return rawWords(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

function rawWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return folded
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => NUMBER_WORDS.get(word) ?? word);
}

/**
 * Small numbers as digits: speech-to-text writes "kids room two" where the catalogue says "Kids Room 2".
 * English and German; "one"/"eins" stay words ("turn one light on" is not about a device numbered 1).
 */
const NUMBER_WORDS = new Map(
  Object.entries({
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
    ten: '10',
    zwei: '2',
    drei: '3',
    vier: '4',
    funf: '5',
    sechs: '6',
    sieben: '7',
    acht: '8',
    neun: '9',
    zehn: '10',
  }),
);

/** Short words that end in "s" without being plurals. */
const UNSTEMMED = new Set(['gas', 'has', 'was', 'his', 'its', 'yes', 'this', 'bus', 'plus', 'ios']);

/**
 * A light plural stem, so "lights", "blinds" and "lamps" meet "light", "blind" and "lamp". Only a
 * final "s" not after s, u or i is removed ("glass", "status", "radius" stay); "-ies" becomes "-y",
 * and "-ches", "-shes" and "-xes" lose their "es".
 */
function stem(word: string): string {
  if (word.length < 3 || !word.endsWith('s') || UNSTEMMED.has(word)) return word;
  const before = word[word.length - 2]!;
  if (before === 's' || before === 'u' || before === 'i') return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x)es$/u.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}
