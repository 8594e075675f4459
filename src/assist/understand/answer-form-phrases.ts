// The answer-form phrases of each language as a phrase grammar ("Reply with "yes" or "no".", "just yes or no", "in one
// word", "antworte mit Ja oder Nein"): verbs × objects × fillers, written as HassIL-like templates, not sentences.

/** The form of answer a phrase asks for: yes or no, one word, or briefly. */
export type AnswerForm = 'yes-no' | 'one-word' | 'brief';

/**
 * One language's answer-form phrases. A template is written as Home Assistant's sentence templates are: `(a|b)` is
 * one of the alternatives, `[a]` may be left out, `<name>` is one of `rules`, a space stands for any whitespace, and
 * `/`, `-` and `:` may have whitespace around them. Letters match in any case; quote characters are read as spaces,
 * so every phrase is also matched quoted in any way ("yes" or "no", „ja“ oder „nein“, «yes or no»).
 */
export interface AnswerFormPhrases {
  /** The parts phrases share, by name (`<verb>`, `<only>`, …). */
  readonly rules: Readonly<Record<string, string>>;
  /** Each form's phrases. A phrase that could change what a command does ("briefly" alone) is never bare. */
  readonly phrases: Readonly<Record<AnswerForm, readonly string[]>>;
  /**
   * Words that, said right before a phrase, make it part of the sentence's meaning: a negation ("don't answer yes or
   * no"), or a word the phrase would be the object of ("add a note saying yes or no", "say yes or no" alone). Then
   * nothing is stripped and the sentence is read as it is. A word ending in `n't` is one of them in English.
   */
  readonly binding: readonly string[];
}

/** English: "Reply with "yes" or "no".", "just yes or no", "answer in one word", "give me a short answer". */
export const ENGLISH_ANSWER_FORMS: AnswerFormPhrases = {
  rules: {
    only: '(just|only|simply|merely|strictly)',
    verb: '(reply|answer|respond|say|tell me|give me|write)',
    yes_no: '(yes or no|yes or a no|yes/no|yes-no)',
    word: '(one|a single|1) word',
  },
  phrases: {
    'yes-no': [
      // "answer with a simple yes or no", "reply only with "yes" or "no"", "give me a yes/no answer please"
      '[please ][<only> ]<verb>[:][ <only>][ (with|using|in)][ <only>][ (a|one)][ (simple|plain|single|clear)] <yes_no>[ (answer|response|reply)][ <only>][ please]',
      // "just yes or no", "yes or no?", "a simple yes or no please", "yes/no answer only"
      '[please ][<only> ][(with|using) ][(a|one) ][(simple|plain|single|clear) ]<yes_no>[ (answer|response|reply)][ <only>][ please]',
    ],
    'one-word': [
      // "answer in one word", "reply with just a single word", "say 1 word only"
      '[please ][<only> ]<verb>[:][ <only>][ (with|using|in)][ <only>] (<word>|a word)[ only][ please]',
      // "in one word", "one word only", "just one word please", "in a word"
      '[please ][<only> ][(with|using|in) ]<word>[ only][ please]',
      '[please ]in a word',
      // "one-word answer", "give me a single word reply"
      '[please ][<only> ][<verb> ][(with|using|in) ][(a|one) ](one|single|1)(-| |)word (answer|reply|response)[ only][ please]',
    ],
    brief: [
      // "answer briefly", "tell me briefly", "reply very short": never "briefly" alone, which may say how long to act
      '[please ][<only> ]<verb>[ (very|really)] (briefly|shortly|concisely|short|in short)[ please]',
      // "keep it short", "be brief"
      '[please ](keep it|be) [(very|really) ](short|brief|concise)[ please]',
      // "short answer", "give me a brief answer please"
      '[please ][<only> ][<verb> ][(with|using|in) ][a ][(very|really) ](short|brief|quick|concise) (answer|reply|response)[ please]',
    ],
  },
  binding: [
    ...['not', 'dont', 'never', 'without', 'nor'],
    ...['say', 'says', 'saying', 'said', 'answer', 'answering', 'reply', 'replying', 'respond', 'responding'],
    ...['tell', 'me', 'write', 'writing', 'with', 'between', 'either', 'whether', 'than', 'of', 'to', 'is', 'be'],
  ],
};

/** German: "antworte mit Ja oder Nein", "nur ja oder nein", "mit einem Wort", "antworte kurz", "kurze Antwort". */
export const GERMAN_ANSWER_FORMS: AnswerFormPhrases = {
  rules: {
    only: '(nur|einfach|bloß|lediglich|ausschließlich)',
    verb: '(antworte|antworte mir|antwortet|antworten sie|antworten|antwort|sag|sage|sag mir|sage mir|sagen sie|sag es|gib mir|gib|schreib|schreibe)',
    yes_no: '(ja oder nein|ja oder mit nein|ja/nein|ja-nein)',
  },
  phrases: {
    'yes-no': [
      // "antworte mit Ja oder Nein", "antworte bitte nur mit einem klaren Ja oder Nein", "Antwort: ja/nein"
      '[bitte ]<verb>[:][ bitte][ <only>][ mit][ <only>][ (einem|einer|ein)][ (einfachen|klaren|simplen)] <yes_no>[ bitte]',
      // "nur ja oder nein", "bitte nur mit Ja oder Nein antworten", "ja oder nein?"
      '[bitte ][<only> ][mit ][(einem|einer|ein) ][(einfachen|klaren|simplen) ]<yes_no>[ (antworten|beantworten|sagen)][ bitte]',
    ],
    'one-word': [
      // "antworte mit einem Wort", "sag es bitte in einem Wort"
      '[bitte ]<verb>[ bitte][ <only>] (mit|in) (einem|1) wort[ bitte]',
      // "mit einem Wort", "bitte nur in einem Wort antworten"
      '[bitte ][<only> ](mit|in) (einem|1) wort[ (antworten|sagen)][ bitte]',
      // "nur ein Wort", "ein Wort bitte"
      '[bitte ][<only> ](ein|1) wort[ bitte]',
      // "Ein-Wort-Antwort", "gib mir eine Einwortantwort"
      '[bitte ][<verb> ][(mit|als) ][(einer|eine) ](ein|1)(-| |)wort(-| |)antwort[ bitte]',
    ],
    brief: [
      // "antworte kurz", "sag es ganz knapp": never "kurz" alone, which may say how long to act
      '[bitte ]<verb>[ bitte][ (ganz|sehr)] (kurz|knapp|kurz und knapp)[ bitte]',
      // "fass dich kurz"
      '[bitte ](fass|fasse|fassen sie) (dich|euch|sich) kurz[ bitte]',
      // "kurze Antwort", "bitte nur eine knappe Antwort"
      '[bitte ][<only> ][(eine|als) ][(ganz|sehr) ](kurze|knappe) antwort[ bitte]',
      // "kurz und knapp", "kurz gesagt"
      '[bitte ](kurz und knapp|kurz gesagt)',
    ],
  },
  binding: [
    ...['nicht', 'kein', 'keine', 'keinem', 'keinen', 'keiner', 'nie', 'niemals', 'ohne', 'weder'],
    ...['sag', 'sage', 'sagt', 'sagen', 'antworte', 'antworten', 'antwortet', 'schreib', 'schreibe', 'mir'],
    ...['mit', 'zwischen', 'entweder', 'ob', 'als', 'ist', 'sei', 'heißt'],
  ],
};

/** The phrases of each language, by its code ("en", "de"). */
export const ANSWER_FORM_PHRASES: Readonly<Record<string, AnswerFormPhrases>> = {
  en: ENGLISH_ANSWER_FORMS,
  de: GERMAN_ANSWER_FORMS,
};
