// Issue 24, "German loses the English safeguards": with Home Assistant's German grammar, one lamp is never widened to
// every light of its area, and every answer HA-Assist gives itself is German, with no model and with a scripted one.

import assert from 'node:assert/strict';
import { officialGrammar } from '../fixtures/grammar.ts';
import { ENGLISH_WORDS, germanAllRows, germanAnswerRows, germanSingularPluralRows } from './german-rows.ts';
import { family } from './gate-play.ts';

const german = () => officialGrammar('de');

/** An answer HA-Assist wrote (not the scripted model's) holds no English word. */
function assertGerman(answer: string): void {
  if (answer === 'model says') return;
  assert.doesNotMatch(answer, ENGLISH_WORDS, answer);
}

family('German: "die Lampe" is one device, "die Lampen" the area\'s lights', germanSingularPluralRows(), {
  grammar: german,
  check: assertGerman,
});
family('German: every answer of a German turn is German, never English', germanAnswerRows(), {
  grammar: german,
  check: assertGerman,
});
family('German: "alle Lichter" with no place is the satellite\'s area, else which area', germanAllRows(), {
  grammar: german,
  check: assertGerman,
});
