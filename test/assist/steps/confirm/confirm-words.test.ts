// The words that answer a confirmation question per language, and the fallback to English.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { confirmWordsOf, readReply } from '../../../../src/assist/steps/confirm/confirm-words.ts';

describe('confirmWordsOf', () => {
  it('reads English and German replies as yes, no or neither', () => {
    const rows: [language: string, reply: string, reads: 'yes' | 'no' | 'neither'][] = [
      ['en', 'Yes.', 'yes'],
      ['en', 'yes, please!', 'yes'],
      ['en', 'Go ahead', 'yes'],
      ['en', "Don't", 'no'],
      ['en', 'never mind', 'no'],
      ['en', 'ja', 'neither'],
      ['en', 'what time is it', 'neither'],
      ['de', 'Ja.', 'yes'],
      ['de', 'Ja, bitte!', 'yes'],
      ['de', 'jawohl', 'yes'],
      ['de', 'genau', 'yes'],
      ['de', 'Mach das.', 'yes'],
      ['de', 'Bestätigen', 'yes'],
      ['de', "Los geht's!", 'yes'],
      ['de', 'Nein', 'no'],
      ['de', 'nein danke', 'no'],
      ['de', 'Abbrechen!', 'no'],
      ['de', 'stopp', 'no'],
      ['de', 'lieber nicht', 'no'],
      ['de', 'yes', 'neither'],
      ['de', 'ja die Haustür', 'neither'],
      ['de-CH', 'ja', 'yes'],
      ['de_AT', 'nein', 'no'],
      ['fr', 'yes', 'yes'],
      ['fr', 'oui', 'neither'],
      ['constructor', 'yes', 'yes'],
    ];
    for (const [language, reply, reads] of rows) {
      const words = confirmWordsOf(language);
      const text = readReply(reply);
      const actual = words.yes.has(text) ? 'yes' : words.no.has(text) ? 'no' : 'neither';
      assert.equal(actual, reads, `${language}: ${reply}`);
    }
  });

  it("answers in the request's language, English where there is no table", () => {
    const rows: [language: string, answers: [string, string, string]][] = [
      [
        'en',
        [
          "OK, I won't.",
          'That question has expired, so I did nothing. Please ask again.',
          'Front Door is no longer in the home, so I did nothing.',
        ],
      ],
      [
        'de',
        [
          'OK, ich mache es nicht.',
          'Die Frage ist abgelaufen, ich habe nichts getan. Bitte frag noch einmal.',
          'Front Door gibt es nicht mehr, ich habe nichts getan.',
        ],
      ],
      [
        'nl',
        [
          "OK, I won't.",
          'That question has expired, so I did nothing. Please ask again.',
          'Front Door is no longer in the home, so I did nothing.',
        ],
      ],
    ];
    for (const [language, answers] of rows) {
      const words = confirmWordsOf(language);
      assert.deepEqual([words.cancelled, words.expired, words.gone('Front Door')], answers, language);
    }
  });
});
