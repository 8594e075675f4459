// The deterministic answers' words, per language: English and German rows, and English for a language without a table.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerWordsFor } from '../../../../src/assist/steps/deterministic/answer-words.ts';

const en = answerWordsFor('en');
const de = answerWordsFor('de-CH');

describe('answerWordsFor', () => {
  const rows: [string, string, string][] = [
    ['unavailable', en.unavailable('Garage Window'), 'The Garage Window is unavailable.'],
    ['unavailable (de)', de.unavailable('Garagenfenster'), 'Garagenfenster ist nicht verfügbar.'],
    ['a count of those left out', en.unavailableCount(2), ' 2 are unavailable.'],
    ['a count of those left out (de)', de.unavailableCount(1), ' 1 ist nicht verfügbar.'],
    ['a state', de.state('locked'), 'abgeschlossen'],
    ["a window sensor's on", de.state('on', 'window'), 'offen'],
    ["a battery's on", en.state('on', 'battery'), 'low'],
    ['a noun of a device class', `${de.noun('door').one}/${de.noun('door').many}`, 'Tür/Türen'],
    ['an unknown kind', de.noun('sprinkler').many, 'Geräte'],
    ['no such device', de.noun('light').none, 'kein Licht'],
    [
      'which of several',
      de.whichOf([{ name: 'Deckenlampe', area: 'Küche' }, { name: 'Spüle', area: 'Küche' }, { name: 'Haustür' }]),
      'Welches meinst du: Deckenlampe (Küche), Spüle (Küche) oder Haustür?',
    ],
    [
      'which of several (en)',
      en.whichOf([
        { name: 'Ceiling Fan', area: 'Bedroom' },
        { name: 'Desk Fan', area: 'Office' },
      ]),
      'Which one do you mean: the Ceiling Fan in the Bedroom or the Desk Fan in the Office?',
    ],
    ['a missing device', de.missing(['fan'], { kind: 'area', name: 'Küche' }), 'Im Bereich Küche ist kein Ventilator.'],
    [
      'a missing device (en)',
      en.missing(['media_player'], { kind: 'floor', name: 'First Floor' }),
      'There is no media player on the First Floor.',
    ],
    ['a reading in degrees', de.reading('21.5', '°C'), '21,5 Grad'],
    ['a reading in degrees (en)', en.reading('21.5', '°C'), '21.5°C'],
    [
      'a temperature',
      de.temperature('20,5 Grad', 'Heizung', 'Wohnzimmer'),
      'Im Bereich Wohnzimmer sind es 20,5 Grad (Heizung).',
    ],
    ['the weather', de.weather('partlycloudy', '14 Grad'), 'Es sind 14 Grad und teilweise bewölkt.'],
    ['the weather (en)', en.weather('fog'), 'There is fog.'],
    ['the time', de.time(9, '05'), 'Es ist 9:05 Uhr.'],
    ['the date', de.date({ year: 2026, month: 3, day: 4 }), 'Heute ist der 4. März 2026.'],
    ['a date as written', en.date('2026-13-01'), 'Today is 2026-13-01.'],
    ['a language without a table is English', answerWordsFor('fr').whichArea, 'Which area do you mean?'],
  ];
  for (const [why, said, expected] of rows) it(why, () => assert.equal(said, expected));
});
