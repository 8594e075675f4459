// The partial-name family: sentences from frames (commands and state questions, English and German) naming devices of
// generated homes by part of their names, each with its exact outcome without a model: the call or answer of the one
// device the words fit, the question which one when several fit, the model when a device that needs its exact name
// fits; a kind and a place said with "on" or "at"; and a state question on a kind and a place.

import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import type { GateRow, Outcome } from './gate-rows.ts';
import { generatePartialHome, type Language, type PartialDevice, type PartialHome } from './partial-name-homes.ts';

/** A row of the family, with what it is about. */
export type PartialNameRow = GateRow & {
  language: Language;
  /** What the oracle found: one device, several, none, or a device that needs its exact name. */
  fit: 'one' | 'several' | 'none' | 'exact-only';
  /** For one device: the sentence with its full name, which must come to the same outcome. */
  fullText?: string;
  /** The area of the satellite the sentence was said to (none unless given). */
  satelliteArea?: string;
};

/** The model's turn (no model is configured in the family): what every sentence not answered here comes to. */
const TO_MODEL: Outcome = { error: 'backend_not_configured' };

/** The frames of a language: a command or a question, with or without the area named. */
interface Frame {
  kind: 'on' | 'off' | 'question';
  withArea: boolean;
  say(article: { accusative: string; nominative: string }, part: string, area?: string): string;
}

const inArea = (language: Language, area: string) =>
  language === 'en' ? `in the ${area}` : area === 'Küche' ? `in der ${area}` : `im ${area}`;

const FRAMES: Readonly<Record<Language, readonly Frame[]>> = {
  en: [
    { kind: 'on', withArea: false, say: (_a, part) => `turn on the ${part}` },
    { kind: 'off', withArea: false, say: (_a, part) => `switch off the ${part}` },
    { kind: 'off', withArea: true, say: (_a, part, area) => `turn off the ${part} ${inArea('en', area!)}` },
    { kind: 'question', withArea: false, say: (_a, part) => `is the ${part} on` },
    { kind: 'question', withArea: true, say: (_a, part, area) => `is the ${part} ${inArea('en', area!)} on` },
  ],
  de: [
    { kind: 'on', withArea: false, say: (a, part) => `schalte ${a.accusative} ${part} ein` },
    { kind: 'off', withArea: false, say: (a, part) => `schalte ${a.accusative} ${part} aus` },
    {
      kind: 'off',
      withArea: true,
      say: (a, part, area) => `schalte ${a.accusative} ${part} ${inArea('de', area!)} aus`,
    },
    { kind: 'question', withArea: false, say: (a, part) => `ist ${a.nominative} ${part} an` },
    {
      kind: 'question',
      withArea: true,
      say: (a, part, area) => `ist ${a.nominative} ${part} ${inArea('de', area!)} an`,
    },
  ],
};

/** The sensitive family's parts: words that fit a device needing its exact name (and, mostly, a harmless one too). */
const SENSITIVE_PARTS: Readonly<Record<Language, readonly string[]>> = {
  en: ['alarm', 'alarm panel', 'garden', 'garden gate', 'door lock'],
  de: ['Alarm', 'Alarm Zentrale', 'Garten', 'Garten Tor', 'Tür Schloss'],
};

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/** True when `spoken`'s words all appear, in order, in `name`'s. */
function fits(name: string, spoken: string): boolean {
  const want = words(spoken);
  let at = 0;
  for (const word of words(name)) if (word === want[at]) at++;
  return at === want.length;
}

const namesOf = (device: PartialDevice) => [device.entity.name, ...(device.entity.aliases ?? [])];

/** The parts of a harmless device's names people say: qualifier and kind, the kind alone, area and kind, an alias word. */
function partsOf(device: PartialDevice, language: Language): string[] {
  const { kind, area } = device;
  const name = device.entity.name;
  const parts: string[] = [];
  if (name.includes(kind.qualifier)) parts.push(`${kind.qualifier} ${kind.kind}`);
  if (!kind.isDomainWord) parts.push(kind.kind, `${area} ${kind.kind}`);
  const alias = device.entity.aliases?.[0];
  if (alias !== undefined) parts.push(alias.split(' ')[0]!);
  return parts.map((part) => (language === 'en' ? part.toLowerCase() : part));
}

const listed = (items: string[], or: string) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} ${or} ${items[items.length - 1]}`;

/** The question which one, as HA-Assist asks it in `language`. */
function whichOf(devices: readonly PartialDevice[], language: Language): string {
  if (language === 'en')
    return `Which one do you mean: ${listed(
      devices.map((d) => `the ${d.entity.name} in the ${d.area}`),
      'or',
    )}?`;
  return `Welches meinst du: ${listed(
    devices.map((d) => `${d.entity.name} (${d.area})`),
    'oder',
  )}?`;
}

/** The answer to "is it on" for one device. */
function stateAnswer(device: PartialDevice, language: Language): string {
  const isOn = device.entity.state === 'on';
  return language === 'en'
    ? `${isOn ? 'Yes' : 'No'}, ${device.entity.name} is ${device.entity.state}.`
    : `${isOn ? 'Ja' : 'Nein'}, ${device.entity.name} ist ${isOn ? 'an' : 'aus'}.`;
}

/** The rows of one home: every part of every harmless device in every frame, and the sensitive parts. */
function rowsOf(home: PartialHome): PartialNameRow[] {
  const { language } = home;
  const rows: PartialNameRow[] = [];
  const allNames = new Set(home.devices.flatMap(namesOf).map((name) => words(name).join(' ')));
  const push = (
    text: string,
    withoutModel: Outcome,
    fit: PartialNameRow['fit'],
    fullText?: string,
    satelliteArea?: string,
  ) => {
    const satellite = satelliteArea === undefined ? {} : { satelliteArea };
    const request = buildHaRequest(home.home, { userText: text, era: '2026', ...satellite });
    rows.push({
      text,
      home: home.home,
      request,
      withoutModel,
      withModel: [],
      language,
      fit,
      ...(fullText ? { fullText } : {}),
      ...satellite,
    });
  };
  for (const device of home.devices.filter((d) => !d.isExactOnly))
    for (const part of partsOf(device, language)) {
      if (allNames.has(words(part).join(' '))) continue;
      const fitting = home.devices.filter((d) => namesOf(d).some((name) => fits(name, part)));
      const isExactOnly = fitting.some((d) => d.isExactOnly);
      for (const frame of FRAMES[language]) {
        const area = frame.withArea ? device.area : undefined;
        const text = frame.say(device.kind, part, area);
        const candidates = fitting
          .filter((d) => area === undefined || d.area === area)
          .sort((a, b) => (a.entity.name < b.entity.name ? -1 : 1));
        if (isExactOnly) push(text, TO_MODEL, 'exact-only');
        else if (candidates.length === 0) push(text, TO_MODEL, 'none');
        else if (candidates.length > 1) push(text, { answer: whichOf(candidates, language) }, 'several');
        else {
          const one = candidates[0]!;
          const outcome: Outcome =
            frame.kind === 'question'
              ? { answer: stateAnswer(one, language) }
              : {
                  calls: [
                    {
                      name: frame.kind === 'on' ? 'HassTurnOn' : 'HassTurnOff',
                      arguments: { name: one.entity.name, ...(area ? { area } : {}), domain: [one.entity.domain] },
                    },
                  ],
                };
          const said = namesOf(one).find((name) => fits(name, part))!;
          // Home Assistant's grammar has no question of a name and its area: that sentence is no full-name twin.
          const isTwin = !(frame.kind === 'question' && frame.withArea);
          push(text, outcome, 'one', isTwin ? frame.say(one.kind, said, area) : undefined);
          // Said to a satellite in another area: names are the home's, as exact names are, not the satellite's area's.
          const elsewhere = home.areas.find((other) => other !== one.area)!;
          if (frame === FRAMES[language][0]) push(text, outcome, 'one', frame.say(one.kind, said, area), elsewhere);
        }
      }
    }
  if (language === 'en') placeOnRows(home, push);
  kindInPlaceRows(home, push);
  for (const part of SENSITIVE_PARTS[language]) {
    const frames = FRAMES[language].filter((frame) => !frame.withArea);
    for (const frame of frames)
      push(
        frame.say(
          { accusative: language === 'en' ? 'the' : 'den', nominative: language === 'en' ? 'the' : 'der' },
          part,
        ),
        TO_MODEL,
        'exact-only',
      );
  }
  return rows;
}

/**
 * A kind and a place said with "on" or "at" (English): the same as with "in": the area's lights for "the lights",
 * the one fan there for "the fan", or that there is none.
 */
function placeOnRows(
  home: PartialHome,
  push: (text: string, outcome: Outcome, fit: PartialNameRow['fit'], fullText?: string) => void,
): void {
  for (const area of home.areas)
    for (const [words, domain, preposition] of [
      ['lights', 'light', 'on'],
      ['fan', 'fan', 'at'],
    ] as const) {
      const there = home.devices.filter((d) => d.area === area && d.entity.domain === domain);
      const outcome: Outcome =
        there.length === 0
          ? { answer: `There is no ${domain} in the ${area}.` }
          : { calls: [{ name: 'HassTurnOff', arguments: { area, domain: [domain] } }] };
      const text = `turn off the ${words} ${preposition} the ${area}`;
      push(text, outcome, there.length === 0 ? 'none' : 'one', `turn off the ${words} in the ${area}`);
    }
}

/**
 * A state question on a kind and a place ("is the fan in the Den on", "ist das Licht im Flur an"): the answer of the one
 * device of that kind there, which one when there are several, the model when there is none.
 */
function kindInPlaceRows(
  home: PartialHome,
  push: (text: string, outcome: Outcome, fit: PartialNameRow['fit']) => void,
): void {
  const { language } = home;
  const kinds =
    language === 'en'
      ? ([
          ['light', 'light'],
          ['fan', 'fan'],
        ] as const)
      : ([
          ['das Licht', 'light'],
          ['der Ventilator', 'fan'],
        ] as const);
  for (const area of home.areas)
    for (const [words, domain] of kinds) {
      const there = home.devices
        .filter((d) => d.area === area && d.entity.domain === domain)
        .sort((a, b) => (a.entity.name < b.entity.name ? -1 : 1));
      const text = language === 'en' ? `is the ${words} in the ${area} on` : `ist ${words} ${inArea('de', area)} an`;
      if (there.length === 0) push(text, TO_MODEL, 'none');
      else if (there.length > 1) push(text, { answer: whichOf(there, language) }, 'several');
      else push(text, { answer: stateAnswer(there[0]!, language) }, 'one');
    }
}

/** The family's rows over six generated homes (three English, three German), each sentence once per home. */
export function partialNameRows(): PartialNameRow[] {
  const homes = [1, 2, 3].flatMap((seed) => [
    generatePartialHome(2800 + seed, 'en'),
    generatePartialHome(2900 + seed, 'de'),
  ]);
  return homes.flatMap((home) => {
    const seen = new Set<string>();
    const keyOf = (row: PartialNameRow) => `${row.text}|${row.satelliteArea ?? ''}`;
    return rowsOf(home).filter((row) => !seen.has(keyOf(row)) && seen.add(keyOf(row)));
  });
}
