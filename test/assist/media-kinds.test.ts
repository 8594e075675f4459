// The media-kind families through the app, with no model and with a scripted one: the exact calls sent or the exact
// answer for every generated row (English with the built-in grammar, German with Home Assistant's), and the same
// streamed in the round after the live read.

import { officialGrammar } from '../fixtures/grammar.ts';
import { family, type FamilyOptions } from './gate-play.ts';
import { kindRows, type MediaRow, untitledPlayRows } from './media-kinds-rows.ts';

const MEDIA: FamilyOptions<MediaRow> = {
  grammar: (row) => (row.language === 'de' ? officialGrammar('de') : undefined),
  stream: 'after-read',
};

family('media: the kind named (music, TV, radio, speaker) selects the players of that kind', kindRows(), MEDIA);
family('media: a play request naming no title resumes the paused player', untitledPlayRows(), MEDIA);
