// The words that answer a confirmation question, and hearth's answers to the reply, per language (a table).

/** One language's replies to a question and hearth's answers to them. */
export interface ConfirmWords {
  /** Replies that confirm, as `readReply` gives them (lower case, no punctuation). */
  readonly yes: ReadonlySet<string>;
  /** Replies that plainly decline (any other reply drops the question too, but is then handled as usual). */
  readonly no: ReadonlySet<string>;
  /** The answer to a no. */
  readonly cancelled: string;
  /** The answer to a yes that came after the timeout. */
  readonly expired: string;
  /** The answer to a yes when a device the question named is no longer in the home. */
  gone(name: string): string;
}

/** The tables by language code (the grammar's language, without a region). */
const CONFIRM_WORDS: Readonly<Record<string, ConfirmWords>> = {
  en: {
    yes: words(['yes', 'yes please', 'yeah', 'yep', 'confirm', 'confirmed', 'do it', 'yes do it', 'go ahead']),
    no: words(['no', 'no thanks', 'nope', 'cancel', 'stop', 'dont', 'do not', 'never mind', 'nevermind']),
    cancelled: "OK, I won't.",
    expired: 'That question has expired, so I did nothing. Please ask again.',
    gone: (name) => `${name} is no longer in the home, so I did nothing.`,
  },
  de: {
    yes: words([
      'ja',
      'ja bitte',
      'jawohl',
      'genau',
      'mach das',
      'mach es',
      'ja mach das',
      'ja mach es',
      'tu es',
      'ja tu es',
      'bestätigen',
      'bestätige',
      'bestätigt',
      'ja gerne',
      'gerne',
      'los',
      'los gehts',
    ]),
    no: words([
      'nein',
      'nein danke',
      'nee',
      'nö',
      'abbrechen',
      'abbruch',
      'stopp',
      'stop',
      'lieber nicht',
      'doch nicht',
      'lass es',
      'lass das',
      'vergiss es',
      'auf keinen fall',
    ]),
    cancelled: 'OK, ich mache es nicht.',
    expired: 'Die Frage ist abgelaufen, ich habe nichts getan. Bitte frag noch einmal.',
    gone: (name) => `${name} gibt es nicht mehr, ich habe nichts getan.`,
  },
};

/** The words of `language` ("de", "de-CH" and "de_AT" read German); English when there is no table for it. */
export function confirmWordsOf(language: string): ConfirmWords {
  const base = language.toLowerCase().split(/[-_]/u, 1)[0] ?? '';
  return Object.hasOwn(CONFIRM_WORDS, base) ? CONFIRM_WORDS[base]! : CONFIRM_WORDS.en!;
}

/** A user's reply as the tables hold it: composed, lower case, letters, digits and single spaces only. */
export function readReply(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

function words(list: readonly string[]): ReadonlySet<string> {
  return new Set(list.map(readReply));
}
