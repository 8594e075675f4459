// Issue 24, "answers about unavailable devices": exact answers over generated homes, in English with the built-in
// grammar and in German with Home Assistant's, with no model and with a scripted one (which is never asked).

import { officialGrammar } from '../fixtures/grammar.ts';
import { family } from './gate-play.ts';
import { unavailableEnglishRows, unavailableGermanRows } from './unavailable-rows.ts';

family('unavailable devices (English): said so, never yes or no; counts leave them out', unavailableEnglishRows());
family('unavailable devices (German): said so, never yes or no; counts leave them out', unavailableGermanRows(), {
  grammar: () => officialGrammar('de'),
});
