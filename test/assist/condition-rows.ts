// The condition family: conditional sentences from frames (English and German) over generated homes, each with its
// exact outcome, worked out here from the home's data: the command's call when the condition holds, what HA-Assist
// says when it does not or cannot be checked (a place without a sensor, a device that does not report, a name the home
// does not have, a unit the reading is not in), and the model for anything vaguer, several readings, or a negation.

import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import { type ConditionHome, generateConditionHome, type Language } from './condition-homes.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';

/** A row of the family, with its language and what it is about. */
export type ConditionRow = GateRow & { language: Language; about: About };

/** What a row is about: a reading compared, a device's state, or a condition HA-Assist leaves to the model. */
export type About = 'reading' | 'unit' | 'state' | 'sensitive' | 'missing' | 'silent' | 'model';

type Comparison = '<' | '>' | '<=' | '>=';

/** The words said for each comparison, and the one HA-Assist answers with first. */
const COMPARISONS: Readonly<Record<Language, Readonly<Record<Comparison, readonly string[]>>>> = {
  en: {
    '<': ['below', 'under', 'less than', 'colder than'],
    '>': ['above', 'over', 'more than', 'warmer than'],
    '>=': ['at least'],
    '<=': ['at most'],
  },
  de: {
    '<': ['unter', 'weniger als', 'kälter als'],
    '>': ['über', 'mehr als', 'wärmer als'],
    '>=': ['mindestens'],
    '<=': ['höchstens'],
  },
};

const holds = (reading: number, comparison: Comparison, value: number): boolean =>
  comparison === '<'
    ? reading < value
    : comparison === '>'
      ? reading > value
      : comparison === '<='
        ? reading <= value
        : reading >= value;

/** A number as HA-Assist says it: as it is when whole, else to one decimal (a decimal comma in German). */
const numberText = (value: number, language: Language) => {
  const text = String(Number.isInteger(value) ? value : Math.round(value * 10) / 10);
  return language === 'de' ? text.replace('.', ',') : text;
};

/** A reading as HA-Assist says it: "18.5°C", "45 %" / "18,5 Grad", "45 %". */
const readingText = (value: number, unit: string, language: Language) => {
  const number = numberText(value, language);
  if (language === 'de') return unit.startsWith('°') ? `${number} Grad` : `${number} ${unit}`;
  return unit.startsWith('°') ? `${number}${unit}` : `${number} ${unit}`;
};

const NOTHING: Readonly<Record<Language, { notChecked: string; stateNo: (name: string, state: string) => string }>> = {
  en: {
    notChecked: 'I cannot check that condition myself, so I did nothing.',
    stateNo: (name, state) => `No, ${name} is ${state}. So I did nothing.`,
  },
  de: {
    notChecked: 'Diese Bedingung kann ich selbst nicht prüfen. Ich habe nichts getan.',
    stateNo: (name, state) => `Nein, ${name} ist ${state}. Ich habe nichts getan.`,
  },
};

/** What HA-Assist says when a reading does not meet the condition. */
function notHeld(home: ConditionHome, source: string, reading: string, comparison: Comparison, value: string): string {
  const word = COMPARISONS[home.language][comparison][0]!;
  return home.language === 'en'
    ? `The ${source} is ${reading}, not ${word} ${value}, so I did nothing.`
    : `${source} zeigt ${reading}, nicht ${word} ${value}. Ich habe nichts getan.`;
}

const turnOn = (name: string, domain: string): Sent => ({ name: 'HassTurnOn', arguments: { name, domain: [domain] } });

/** The commands a condition is put on, as said in the language, and the call each is. */
function commandsOf(home: ConditionHome): { say: string; call: Sent }[] {
  const { names } = home;
  if (home.language === 'de')
    return [
      { say: `schalte ${names.fan} ein`, call: turnOn(names.fan, 'fan') },
      { say: `schalte ${names.lamp} ein`, call: turnOn(names.lamp, 'light') },
    ];
  const degrees = home.unit === '°C' ? 21 : 70;
  return [
    {
      say: `set the ${names.thermostat.toLowerCase()} to ${degrees}`,
      call: { name: 'HassClimateSetTemperature', arguments: { name: names.thermostat, temperature: degrees } },
    },
    { say: `turn on the ${names.fan.toLowerCase()}`, call: turnOn(names.fan, 'fan') },
    { say: `turn on the ${names.lamp}`, call: turnOn(names.lamp, 'light') },
  ];
}

/** The frames of a reading condition: the sentence from its parts. */
type ReadingFrame = (parts: { place: string; sensor: string; cmp: string; value: string; command: string }) => string;

const READING_FRAMES: Readonly<Record<Language, readonly ReadingFrame[]>> = {
  en: [
    (p) => `if the ${p.place} is ${p.cmp} ${p.value} degrees, ${p.command}`,
    (p) => `If it's ${p.cmp} ${p.value} degrees in the ${p.place}, then ${p.command}.`,
    (p) => `${p.command} if the temperature in the ${p.place} is ${p.cmp} ${p.value}`,
    (p) =>
      `when the ${p.place} temperature is ${p.cmp} ${p.value} degrees ${p.command}`.replace(' degrees ', ' degrees, '),
    (p) => `if the ${p.sensor} reads ${p.cmp} ${p.value}, ${p.command}`,
    (p) => `${p.command} when it is ${p.cmp} ${p.value} degrees in the ${p.place}`,
  ],
  de: [
    (p) => `wenn es im ${p.place} ${p.cmp} ${p.value} Grad ist, ${p.command}`,
    (p) => `Wenn die Temperatur im ${p.place} ${p.cmp} ${p.value} Grad liegt, dann ${p.command}.`,
    (p) => `${p.command}, falls ${p.sensor} ${p.cmp} ${p.value} Grad anzeigt`,
    (p) => `falls es ${p.cmp} ${p.value} Grad im ${p.place} ist, ${p.command}`,
  ],
};

/** The request of `text` in `home`. */
const requestOf = (home: ConditionHome, text: string) => buildHaRequest(home.home, { userText: text, era: '2026' });

/** A row HA-Assist decides itself: the model is never asked, whatever it would answer. */
function direct(home: ConditionHome, text: string, about: About, outcome: Outcome): ConditionRow {
  const other = turnOn(home.names.lamp, 'light');
  return {
    text,
    home: home.home,
    request: requestOf(home, text),
    withoutModel: outcome,
    withModel: [{ calls: [other], outcome }],
    isDeterministic: true,
    language: home.language,
    about,
  };
}

/** A row that is the model's: without one, nothing is done; with one, the model's call is its judgement and is sent. */
function toModel(home: ConditionHome, text: string, modelCall?: Sent): ConditionRow {
  return {
    text,
    home: home.home,
    request: requestOf(home, text),
    withoutModel: { answer: NOTHING[home.language].notChecked },
    withModel: modelCall === undefined ? [] : [{ calls: [modelCall], outcome: { calls: [modelCall] } }],
    language: home.language,
    about: 'model',
  };
}

/** The reading rows of one home: every frame, comparisons on both sides of the reading and on it. */
function readingRows(home: ConditionHome): ConditionRow[] {
  const { language, names } = home;
  const commands = commandsOf(home);
  const rows: ConditionRow[] = [];
  const comparisons = Object.entries(COMPARISONS[language]) as [Comparison, readonly string[]][];
  READING_FRAMES[language].forEach((frame, f) => {
    comparisons.forEach(([comparison, said], c) => {
      // Below, on and above the reading (rounded to a whole number, as people say it).
      const offsets = [-2, 0, 1];
      const value = Math.round(home.temperature) + offsets[(f + c) % offsets.length]!;
      const command = commands[(f + c) % commands.length]!;
      const cmp = said[(f * 3 + c) % said.length]!;
      const place = language === 'en' ? home.warm.toLowerCase() : home.warm;
      const sensor = language === 'en' ? names.sensor.toLowerCase() : names.sensor;
      const text = frame({ place, sensor, cmp, value: String(value), command: command.say });
      const outcome: Outcome = holds(home.temperature, comparison, value)
        ? { calls: [command.call] }
        : {
            answer: notHeld(
              home,
              names.sensor,
              readingText(home.temperature, home.unit, language),
              comparison,
              readingText(value, home.unit, language),
            ),
          };
      rows.push(direct(home, text, 'reading', outcome));
    });
  });
  return rows;
}

/** Humidity, units that do not fit, and the places and devices a condition cannot be checked on. */
function otherRows(home: ConditionHome): ConditionRow[] {
  const { language, names } = home;
  const fan = turnOn(names.fan, 'fan');
  const lamp = turnOn(names.lamp, 'light');
  const threshold = home.humidity + (home.seed % 2 === 0 ? -5 : 5);
  const humid = home.humidity > threshold;
  const rows: ConditionRow[] = [];
  if (language === 'en') {
    const wrongUnit = home.unit === '°C' ? 'fahrenheit' : 'celsius';
    rows.push(
      direct(
        home,
        `if the ${home.warm.toLowerCase()} humidity is above ${threshold} percent, turn on the ${names.fan.toLowerCase()}`,
        'reading',
        humid
          ? { calls: [fan] }
          : {
              answer: notHeld(
                home,
                names.humidity,
                readingText(home.humidity, '%', 'en'),
                '>',
                readingText(threshold, '%', 'en'),
              ),
            },
      ),
      direct(home, `if the ${home.warm} is below 30 ${wrongUnit}, turn on the ${names.fan}`, 'unit', {
        answer: `The ${names.sensor} reads in ${home.unit}, and you said ${wrongUnit}, so I did nothing.`,
      }),
      direct(home, `if the ${home.warm} temperature is above 10 percent, turn on the ${names.fan}`, 'unit', {
        answer: `The ${names.sensor} reads in ${home.unit}, and you said percent, so I did nothing.`,
      }),
      direct(home, `if the ${home.bare} is below 20 degrees, turn on the ${names.fan}`, 'missing', {
        answer: `There is no temperature reading in the ${home.bare}, so I did nothing.`,
      }),
      direct(home, `if the ${home.missing} is below 20 degrees, turn on the ${names.fan}`, 'missing', {
        answer: `I don't know "${home.missing}", so I did nothing.`,
      }),
      direct(home, `if the ${home.silent} is below 20 degrees, turn on the ${names.fan}`, 'silent', {
        answer: `I could not check that: the ${names.silentSensor} does not report a reading, so I did nothing.`,
      }),
      direct(home, `if the ${names.silentLamp} is on, turn on the ${names.fan}`, 'silent', {
        answer: `The ${names.silentLamp} is unavailable. So I did nothing.`,
      }),
      ...stateRows(home),
      toModel(home, `if the ${home.crowded} is below 20 degrees, turn on the ${names.fan}`, fan),
      toModel(home, `turn on the ${names.lamp} if it's dark outside`, lamp),
      toModel(home, `if it gets cold, turn on the ${names.fan}`, fan),
      toModel(home, `turn off the ${names.fan} when I leave`),
      toModel(home, `if the ${names.door} is not open, turn on the ${names.lamp}`),
      toModel(home, `if the ${names.lamp} isn't on, turn it on`),
    );
    return rows;
  }
  rows.push(
    direct(
      home,
      `wenn die Feuchtigkeit im ${home.warm} über ${threshold} Prozent liegt, schalte ${names.fan} ein`,
      'reading',
      humid
        ? { calls: [fan] }
        : {
            answer: notHeld(
              home,
              names.humidity,
              readingText(home.humidity, '%', 'de'),
              '>',
              readingText(threshold, '%', 'de'),
            ),
          },
    ),
    direct(home, `wenn es im ${home.warm} unter 30 Prozent ist, schalte ${names.fan} ein`, 'unit', {
      answer: `${names.sensor} misst in °C, du hast Prozent gesagt. Ich habe nichts getan.`,
    }),
    direct(home, `wenn es im ${home.bare} unter 20 Grad ist, schalte ${names.fan} ein`, 'missing', {
      answer: `Im Bereich ${home.bare} gibt es keinen Messwert für Temperatur. Ich habe nichts getan.`,
    }),
    direct(home, `wenn es im ${home.missing} unter 20 Grad ist, schalte ${names.fan} ein`, 'missing', {
      answer: `„${home.missing}“ kenne ich nicht. Ich habe nichts getan.`,
    }),
    direct(home, `wenn es im ${home.silent} unter 20 Grad ist, schalte ${names.fan} ein`, 'silent', {
      answer: `Das konnte ich nicht prüfen: ${names.silentSensor} meldet keinen Wert. Ich habe nichts getan.`,
    }),
    ...stateRows(home),
    toModel(home, `wenn es im ${home.crowded} unter 20 Grad ist, schalte ${names.fan} ein`, fan),
    toModel(home, `schalte ${names.lamp} ein, wenn es dunkel ist`, lamp),
    toModel(home, `wenn es kalt wird, schalte ${names.fan} ein`, fan),
    toModel(home, `wenn ${names.door} nicht offen ist, schalte ${names.lamp} ein`),
  );
  return rows;
}

/** A device's state as the condition: the door and the lamp, held or not, a pronoun for the device, a lock to unlock. */
function stateRows(home: ConditionHome): ConditionRow[] {
  const { language, names, doorOpen, lampOn } = home;
  const lamp = turnOn(names.lamp, 'light');
  const fan = turnOn(names.fan, 'fan');
  const doorWord = (open: boolean) => (language === 'en' ? (open ? 'open' : 'closed') : open ? 'offen' : 'geschlossen');
  const lampWord = (on: boolean) => (language === 'en' ? (on ? 'on' : 'off') : on ? 'an' : 'aus');
  const no = NOTHING[language].stateNo;
  const rows: ConditionRow[] = [];
  for (const open of [true, false]) {
    const text =
      language === 'en'
        ? `if the ${names.door} is ${doorWord(open)}, turn on the ${names.lamp}`
        : `wenn ${names.door} ${doorWord(open)} ist, schalte ${names.lamp} ein`;
    rows.push(
      direct(
        home,
        text,
        'state',
        doorOpen === open ? { calls: [lamp] } : { answer: no(names.door, doorWord(doorOpen)) },
      ),
    );
  }
  for (const on of [true, false]) {
    // "If the lamp is off, turn it on": "it" is the lamp.
    const text =
      language === 'en'
        ? `if the ${names.lamp} is ${lampWord(on)}, turn it ${lampWord(!on)}`
        : `wenn ${names.lamp} ${lampWord(on)} ist, schalte sie ${on ? 'aus' : 'ein'}`;
    const call: Sent = { name: on ? 'HassTurnOff' : 'HassTurnOn', arguments: { name: names.lamp, domain: ['light'] } };
    rows.push(
      direct(home, text, 'state', lampOn === on ? { calls: [call] } : { answer: no(names.lamp, lampWord(lampOn)) }),
    );
  }
  // A lock is unlocked only after a yes, when the condition holds.
  const closed = !doorOpen;
  const unlock =
    language === 'en'
      ? `if the ${names.door} is closed, unlock the ${names.lock}`
      : `wenn ${names.door} geschlossen ist, entriegle ${names.lock}`;
  const asked =
    language === 'en'
      ? `Unlock the ${names.lock}? Say yes to confirm.`
      : `${names.lock} entriegeln? Sag ja zum Bestätigen.`;
  rows.push(direct(home, unlock, 'sensitive', closed ? { answer: asked } : { answer: no(names.door, doorWord(true)) }));
  rows.push(
    direct(
      home,
      language === 'en'
        ? `turn on the ${names.fan} if the ${names.door} is ${doorWord(doorOpen)}`
        : `schalte ${names.fan} ein, falls ${names.door} ${doorWord(doorOpen)} ist`,
      'state',
      { calls: [fan] },
    ),
  );
  return rows;
}

/** The family: English homes and German homes, every frame of each. */
export function conditionRows(): ConditionRow[] {
  const english = Array.from({ length: 4 }, (_, i) => generateConditionHome(7100 + i, 'en'));
  const german = Array.from({ length: 3 }, (_, i) => generateConditionHome(7200 + i, 'de'));
  const rows = [...english, ...german].flatMap((home) => [...readingRows(home), ...otherRows(home)]);
  // A scripted model is played with one deterministic row in four (it must never be asked) and every model row.
  return rows.map((row, i) => (row.isDeterministic === true && i % 4 !== 0 ? { ...row, withModel: [] } : row));
}
