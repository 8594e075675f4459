// Reading answer-form phrases off a sentence: what is left and the form asked, in English and German, in any quoting
// and position; and the sentences whose phrase is part of their meaning, which are left as they are.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readAnswerForm } from '../../../src/assist/understand/index.ts';

describe('readAnswerForm takes the phrase off and keeps the form asked', () => {
  // [language, sentence, what is left, form, set apart by punctuation]
  const rows: [string, string, string, string, boolean][] = [
    ['en', 'Is the kitchen light on? Reply with "yes" or "no".', 'Is the kitchen light on?', 'yes-no', true],
    ['en', 'is the kitchen light on, just yes or no', 'is the kitchen light on', 'yes-no', true],
    ['en', 'is the kitchen light on? answer in one word', 'is the kitchen light on?', 'one-word', true],
    ['en', 'Answer yes or no: is the kitchen light on?', 'is the kitchen light on?', 'yes-no', true],
    ['en', '“Is the kitchen light on?” – answer with ‘yes’ or ‘no’', 'Is the kitchen light on?', 'yes-no', true],
    ['en', 'is the kitchen light on «yes or no»', 'is the kitchen light on', 'yes-no', false],
    ['en', 'is the kitchen light on yes/no', 'is the kitchen light on', 'yes-no', false],
    ['en', 'is the kitchen light on? Yes or no? One word.', 'is the kitchen light on?', 'yes-no', true],
    ['en', 'tell me briefly, is the hall light on?', 'is the hall light on?', 'brief', true],
    ['en', 'is the light on? give me a one-word answer please', 'is the light on?', 'one-word', true],
    ['en', 'in a word, is the front door locked', 'is the front door locked', 'one-word', true],
    ['en', 'IS THE LIGHT ON — JUST YES OR NO!', 'IS THE LIGHT ON', 'yes-no', true],
    ['en-US', 'is the light on? keep it short', 'is the light on?', 'brief', true],
    [
      'de',
      'Ist das Licht in der Küche an? Antworte mit „Ja“ oder „Nein“.',
      'Ist das Licht in der Küche an?',
      'yes-no',
      true,
    ],
    ['de', 'ist das Licht an, nur ja oder nein', 'ist das Licht an', 'yes-no', true],
    ['de', 'mit einem Wort: ist das Licht an', 'ist das Licht an', 'one-word', true],
    ['de', 'ist das Licht an? Bitte nur mit Ja oder Nein antworten!', 'ist das Licht an?', 'yes-no', true],
    ['de', 'Ist das Küchenfenster offen? Kurze Antwort bitte', 'Ist das Küchenfenster offen?', 'brief', true],
    ['de', 'ist das Fenster offen »ja/nein«', 'ist das Fenster offen', 'yes-no', false],
  ];
  for (const [language, sentence, text, form, separated] of rows)
    it(`${language}: ${sentence}`, () => {
      assert.deepEqual(readAnswerForm(sentence, language), { text, form, separated });
    });
});

describe('readAnswerForm leaves a sentence whose phrase is part of its meaning', () => {
  const rows: [string, string][] = [
    ['en', 'say yes or no'],
    ['en', 'say yes'],
    ['en', 'yes or no'],
    ['en', "is the light on? don't answer yes or no"],
    ['en', "is the light on? can't answer yes or no"],
    ['en', 'is the light on, not in one word'],
    ['en', 'is the light on, never answer briefly'],
    ['en', 'turn on the kitchen light briefly'],
    ['en', 'add a note saying yes or no'],
    ['en', 'is the light on? answer in French'],
    ['de', 'schalte das Licht kurz an'],
    ['de', 'schalte das Licht an, kurz'],
    ['de', 'ist das licht an, nicht ja oder nein'],
    ['de', 'ist das Licht an? antworte nicht mit ja oder nein'],
    ['de', 'sag ja oder nein'],
    ['fr', 'la lumière est-elle allumée ? réponds par oui ou non'],
    ['fr', 'is the light on? just yes or no'],
  ];
  for (const [language, sentence] of rows)
    it(`${language}: ${sentence}`, () => {
      assert.equal(readAnswerForm(sentence, language), undefined);
    });
});
